import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'

type SettlingFetcher<Data> = { state: 'idle' | 'loading' | 'submitting'; data: Data }

/**
 * Calls `onSettled` once each time a fetcher's submission has finished, when its state is
 * back to idle: with what the action answered, or undefined after a redirect (success).
 */
export function useFetcherSettled<Data>(fetcher: SettlingFetcher<Data>, onSettled: (data: Data) => void) {
  const busy = useRef(false)
  const latest = useRef(onSettled)
  useEffect(() => {
    latest.current = onSettled
  })
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      busy.current = true
      return
    }
    if (!busy.current) return
    busy.current = false
    latest.current(fetcher.data)
  }, [fetcher.state, fetcher.data])
}

/** The first error of a refused submission: the form's own, then any field's. */
export function firstError(result: SubmissionResult<string[]> | null | undefined): string | null {
  if (!result || result.status !== 'error' || !result.error) return null
  const { '': formErrors, ...fieldErrors } = result.error
  return [...(formErrors ?? []), ...Object.values(fieldErrors).flatMap((errors) => errors ?? [])][0] ?? null
}
