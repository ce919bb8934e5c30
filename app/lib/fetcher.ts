import { useEffect, useRef } from 'react'

type SettlingFetcher<Data> = { state: 'idle' | 'loading' | 'submitting'; data: Data }

/**
 * Calls `onSettled` once each time a fetcher's submission or load has finished, when its
 * state is back to idle: with what the action or loader answered, or undefined after a
 * redirect (success). Two things make "finished" less plain than it looks:
 * - a redirect leaves the fetcher holding the previous answer, so data that was already
 *   there is not taken for this submission's answer;
 * - Remix renders its state updates as transitions, so a quick load can go from idle to
 *   idle with new data without a render of the busy state in between: new data counts as
 *   an answer even when no busy state was seen.
 */
export function useFetcherSettled<Data>(fetcher: SettlingFetcher<Data>, onSettled: (data: Data | undefined) => void) {
  const seen = useRef<{ data: Data }>({ data: fetcher.data })
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
    const answered = fetcher.data !== seen.current.data
    seen.current = { data: fetcher.data }
    if (!busy.current && !answered) return
    busy.current = false
    latest.current(answered ? fetcher.data : undefined)
  }, [fetcher.state, fetcher.data])
}
