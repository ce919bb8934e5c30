import { useEffect, useState } from 'react'
import { CHECK_POLL_MS, CHECK_WAIT_MS } from '~/checks/use-check-runs'
import { summaryWords } from '~/checks/schema'
import { cn } from '~/ui/cn'
import { REVIEW_CHECKS_RESOURCE, ReviewCheckAnswer, ReviewChecksAnswer, type ChoiceChecks as Found } from './checks-schema'
import { ReviewWords } from './words'

/** A choice settles this long before its checks are asked for, so flipping three switches asks once. */
const SETTLE_MS = 400

type Asked = { key: string; checks: Found | null; slow: boolean; failed: boolean }

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (window.clearTimeout(timer), resolve()))
  })

/** Asks for the checks of the choice `keep`, then reads them until the worker has checked it (while the choice stands). */
async function askChecks(body: { pieceId: number; exchange: number; keep: number[] }, signal: AbortSignal, show: (asked: Omit<Asked, 'key'>) => void) {
  await wait(SETTLE_MS, signal)
  if (signal.aborted) return
  const queued = await fetch(REVIEW_CHECKS_RESOURCE, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  })
  const version = ReviewCheckAnswer.safeParse(await queued.json().catch(() => null))
  if (!queued.ok || !version.success) return show({ checks: null, slow: false, failed: true })
  const since = Date.now()
  while (!signal.aborted) {
    const query = new URLSearchParams({ pieceId: String(body.pieceId), version: version.data.data.version })
    const read = await fetch(`${REVIEW_CHECKS_RESOURCE}?${query}`, { headers: { Accept: 'application/json' }, signal })
    const found = ReviewChecksAnswer.safeParse(await read.json().catch(() => null))
    if (!read.ok || !found.success) return show({ checks: null, slow: false, failed: true })
    // After CHECK_WAIT_MS the line says the checks are still running, and the result shows when it is ready.
    const slow = Date.now() - since > CHECK_WAIT_MS
    show({ checks: found.data.data, slow, failed: false })
    if (found.data.data?.state === 'checked') return
    await wait(slow ? CHECK_POLL_MS * 2 : CHECK_POLL_MS, signal)
  }
}

/**
 * Issue 40.3: while the choice differs from the turn, its version is checked like every
 * version (the browser check, then the Piece's recorded checks, in the worker) and the list
 * says what the choice changes: "With “Removed the footer” off: 3 of 3 checks pass", or which fails.
 */
export function ChoiceChecks({ pieceId, exchange, kept, off }: { pieceId: number; exchange: number; kept: number[]; off: string[] }) {
  const key = `${exchange}:${kept.join(',')}`
  const [asked, setAsked] = useState<Asked | null>(null)
  const changed = off.length > 0
  useEffect(() => {
    if (!changed) return
    const controller = new AbortController()
    setAsked({ key, checks: null, slow: false, failed: false })
    askChecks({ pieceId, exchange, keep: kept }, controller.signal, (found) => setAsked({ key, ...found })).catch(() => {
      if (!controller.signal.aborted) setAsked({ key, checks: null, slow: false, failed: true })
    })
    return () => controller.abort()
    // `key` says the choice (kept) and the exchange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed, key, pieceId])
  if (!changed || !asked || asked.key !== key) return null
  const names = ReviewWords.offNames(off)
  const { checks } = asked
  const failing = checks?.checks.filter((check) => check.status === 'fail') ?? []
  const broken = checks?.state === 'checked' && (failing.length > 0 || (checks.loaded && !checks.loaded.ok && !checks.loaded.skipped))
  return (
    <div
      role="status"
      data-testid="review-checks"
      className={cn(
        'rounded-md px-2 py-1.5',
        broken ? 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100' : 'bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300',
      )}
    >
      <p className="font-medium">{lineOf(asked, names)}</p>
      {broken ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          {failing.map((check) => (
            <li key={check.name}>{ReviewWords.checkFails(check.name, check.message)}</li>
          ))}
          {checks?.loaded && !checks.loaded.ok ? checks.loaded.errors.slice(0, 3).map((error) => <li key={error}>{error}</li>) : null}
        </ul>
      ) : null}
    </div>
  )
}

function lineOf({ checks, slow, failed }: Asked, names: string) {
  if (failed) return ReviewWords.checksFailed(names)
  if (checks?.state !== 'checked') return slow ? ReviewWords.checksSlow(names) : ReviewWords.checksWaiting(names)
  if (checks.checks.length) return ReviewWords.checksResult(names, summaryWords(checks.checks.map((check) => ({ status: check.status ?? 'error' }))))
  if (!checks.loaded || checks.loaded.skipped) return ReviewWords.checksNone(names)
  return checks.loaded.ok ? ReviewWords.checksLoaded(names) : ReviewWords.checksProblems(names)
}
