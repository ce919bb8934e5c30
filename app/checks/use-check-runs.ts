import { useFetcher, useFetchers, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { FormRefused, FormReply } from '~/lib/form-reply'
import { useFormReply } from '~/ui/use-form-reply'
import { onChecksChanged } from './checks-changed'
import { CHECKS_RESOURCE, type ListedCheck } from './schema'

/** How often the page asks again while a check runs, and when it stops asking. */
export const CHECK_POLL_MS = 2000
export const CHECK_WAIT_MS = 30_000

/** What the last result was when a run was asked for: the run is over once it differs. */
type Run = { before: string | null; since: number }
type Runs = Record<number, Run>

const ranAt = (check: ListedCheck | undefined) => check?.lastResult?.ranAt ?? null

/** The runs still waiting: those whose result has not changed, and not waited for too long. */
function stillWaiting(runs: Runs, checks: ListedCheck[], now: number) {
  const waiting: Runs = {}
  const overdue: Runs = {}
  for (const [id, run] of Object.entries(runs)) {
    const check = checks.find((candidate) => candidate.id === Number(id))
    if (!check || ranAt(check) !== run.before) continue
    if (now - run.since > CHECK_WAIT_MS) overdue[Number(id)] = run
    else waiting[Number(id)] = run
  }
  return { waiting, overdue }
}

/** A fetcher for one Checks form, answered by the form kit (a refusal is its toast, or under the name). */
export function useCheckFetcher(handling: { onDone?: () => void; onRefused?: (reply: FormRefused) => void } = {}) {
  const fetcher = useFetcher<FormReply<'running'>>()
  const { lastResult } = useFormReply(fetcher, { dialog: false, ...handling })
  return { ...fetcher, lastResult }
}

/** The checks a Run now or Run all on its way asks for (before the server has answered). */
function useSubmittedRuns(checks: ListedCheck[]) {
  const submitted = new Set<number>()
  for (const { formData, formAction } of useFetchers()) {
    if (formAction !== CHECKS_RESOURCE || formData?.get('intent') !== 'run') continue
    const checkId = formData.get('checkId')
    for (const check of checks) if (!checkId || String(check.id) === checkId) submitted.add(check.id)
  }
  return submitted
}

/**
 * Issue 31.4: which checks are running, as the Checks list shows them. A run asked for here
 * (`start`), and a check the recorder just saved (it runs at once), is waited for by asking
 * for the page's data every CHECK_POLL_MS until its last result changes; after
 * CHECK_WAIT_MS it is `slow` (the result shows when it is ready).
 */
export function useCheckRuns(pieceId: number | string, checks: ListedCheck[]) {
  const { revalidate, state } = useRevalidator()
  const [runs, setRuns] = useState<Runs>({})
  const [slow, setSlow] = useState<Runs>({})
  const latest = useRef(checks)
  const known = useRef<Set<number> | null>(null)

  useEffect(() => {
    latest.current = checks
    const now = Date.now()
    // The recorder saved a check: the new one runs at once.
    const added = known.current ? checks.filter((check) => !known.current!.has(check.id) && !check.lastResult) : []
    known.current = null
    setRuns((current) => ({
      ...stillWaiting(current, checks, now).waiting,
      ...Object.fromEntries(added.map((check) => [check.id, { before: null, since: now }])),
    }))
    setSlow((current) => stillWaiting(current, checks, 0).waiting)
  }, [checks])

  const waiting = Object.keys(runs).length > 0
  useEffect(() => {
    if (!waiting || state !== 'idle') return
    const timer = window.setTimeout(() => {
      const { waiting: still, overdue } = stillWaiting(runs, latest.current, Date.now())
      setRuns(still)
      setSlow((current) => ({ ...current, ...overdue }))
      if (Object.keys(still).length) revalidate()
    }, CHECK_POLL_MS)
    return () => window.clearTimeout(timer)
  }, [waiting, state, runs, revalidate])

  useEffect(
    () =>
      onChecksChanged((changed) => {
        if (String(changed.pieceId) !== String(pieceId)) return
        known.current = new Set(latest.current.map((check) => check.id))
        revalidate()
      }),
    [pieceId, revalidate],
  )

  const start = useCallback((ids: number[]) => {
    const since = Date.now()
    const asked = Object.fromEntries(ids.map((id) => [id, { before: ranAt(latest.current.find((check) => check.id === id)), since }]))
    setRuns((current) => ({ ...current, ...asked }))
    setSlow((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(Number(id)))))
  }, [])
  const stop = useCallback((ids: number[]) => setRuns((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(Number(id))))), [])

  const submitted = useSubmittedRuns(checks)
  return {
    running: (id: number) => submitted.has(id) || id in runs,
    slow: (id: number) => id in slow && !(id in runs),
    start,
    stop,
  }
}
