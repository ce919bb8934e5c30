import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'

type SettlingFetcher<Data> = { state: 'idle' | 'loading' | 'submitting'; data: Data }

/**
 * Calls `onSettled` once each time a fetcher's submission has finished, when its state is
 * back to idle: with what the action answered, or undefined after a redirect (success).
 * A redirect leaves the fetcher holding the previous submission's answer, so data that
 * was already there when the submission started is not taken for its answer.
 */
export function useFetcherSettled<Data>(fetcher: SettlingFetcher<Data>, onSettled: (data: Data | undefined) => void) {
  const before = useRef<{ data: Data } | null>(null)
  const latest = useRef(onSettled)
  useEffect(() => {
    latest.current = onSettled
  })
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      before.current ??= { data: fetcher.data }
      return
    }
    if (!before.current) return
    const answered = fetcher.data !== before.current.data
    before.current = null
    latest.current(answered ? fetcher.data : undefined)
  }, [fetcher.state, fetcher.data])
}

/** The first error of a refused submission: the form's own, then any field's. */
export function firstError(result: SubmissionResult<string[]> | null | undefined): string | null {
  if (!result || result.status !== 'error' || !result.error) return null
  const { '': formErrors, ...fieldErrors } = result.error
  return [...(formErrors ?? []), ...Object.values(fieldErrors).flatMap((errors) => errors ?? [])][0] ?? null
}
