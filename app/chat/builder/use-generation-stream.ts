import { useNavigation, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { STATUS_MESSAGES } from '~/generation/status-messages'
import { progressHint } from '../progress'
import type { ChatEvent } from '~/generation/types'
import { ANSWERED, clearAfter, COMPLETE, failure, IDLE, queued, STOPPED, statusFromStage, type Status } from './status'

export type GenerationEnd = 'complete' | 'stopped' | 'failed'

/** A send refused because another generation runs (409): it stays said until the user acts or that run ends (spec 2 §8). */
const isBusyRefusal = (status: Status) => status.status === 'error' && status.message === STATUS_MESSAGES.busy

/**
 * The page's data is out of date (a generation completed) and is reloaded once no other
 * load is under way: starting one over another cuts that one short, which Remix reports as
 * an uncaught AbortError, and its answer could predate the result anyway. `refreshing`:
 * the reload that brings the result has not landed yet.
 */
function useReloadWhenIdle() {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const [stale, setStale] = useState(false)
  const { revalidate } = revalidator
  useEffect(() => {
    if (!stale || navigation.state !== 'idle' || revalidator.state !== 'idle') return
    setStale(false)
    revalidate()
  }, [navigation.state, revalidate, revalidator.state, stale])
  return { setStale, refreshing: stale || revalidator.state !== 'idle' }
}

function parseEvent(data: string): ChatEvent | null {
  try {
    return JSON.parse(data) as ChatEvent
  } catch {
    return null
  }
}

/**
 * The Piece's generation as this page shows it: the status line and bar, and the code
 * being built. Follows the event stream (spec 2 §7 call 9) for this Piece only, whoever
 * started the generation; on `complete` the page's data is reloaded, and `onEnd` hears how
 * each generation ended.
 */
export function useGenerationStream({
  pieceId,
  initial,
  enabled,
  onEnd,
}: {
  pieceId: number
  /** What the page's data says (app/chat/builder/status.ts `initialStatus`). */
  initial: Status
  enabled: boolean
  onEnd: (end: GenerationEnd) => void
}) {
  const [state, setShown] = useState<Status>(initial)
  const [liveCode, setLiveCode] = useState<string | null>(null)
  // While a 409 is shown, the other run's progress waits here instead of replacing it.
  const shown = useRef(state)
  const behind = useRef<{ status: Status; code: string | null } | null>(null)
  const show = useCallback((next: Status) => {
    shown.current = next
    setShown(next)
  }, [])
  const setState = useCallback(
    (next: Status) => {
      behind.current = null
      show(next)
    },
    [show],
  )
  const { setStale, refreshing } = useReloadWhenIdle()
  const ended = useRef(onEnd)
  useEffect(() => {
    ended.current = onEnd
  })

  /** Shows how a generation ended; the bar empties a moment later unless something else was said. */
  const finish = useCallback(
    (next: Status) => {
      setState(next)
      window.setTimeout(() => setShown((current) => (current.message === next.message ? { ...current, progress: null } : current)), clearAfter(next))
    },
    [setState],
  )

  useEffect(() => {
    if (!enabled) return
    /** A run's progress: shown, unless a 409 is being shown, which it then waits behind. */
    const progress = (next: Status, code?: string) => {
      if (isBusyRefusal(shown.current)) {
        behind.current = { status: next, code: code ?? behind.current?.code ?? null }
        return
      }
      show(next)
      if (code) setLiveCode(code)
    }
    const end = (next: Status, how: GenerationEnd) => {
      setLiveCode(null)
      finish(next)
      ended.current(how)
    }
    const source = new EventSource(`/api/private/chat/subscribe?pieceId=${pieceId}`)
    source.onmessage = (message) => {
      const event = parseEvent(message.data)
      if (!event || event.pieceId !== pieceId) return
      if (event.type === 'status' && event.error) return end(failure(event.error), 'failed')
      if (event.type === 'status' && event.stage === 'sending' && event.queuePosition) progress(queued(event.queuePosition))
      else if (event.type === 'status' && event.stage && event.stage !== 'idle') progress(statusFromStage(event.stage))
      if (event.type === 'progress') {
        const title = event.currentStepTitle ?? STATUS_MESSAGES.generating
        const hint = progressHint(title, { index: event.currentStepIndex, total: event.plannedStepsTotal })
        progress({ status: 'processing', message: title, progress: hint }, event.latestCode ?? undefined)
      }
      if (event.type === 'complete') {
        // An answer with the code as it was is no "Generation complete" (issue 26.4).
        end(event.unchanged ? ANSWERED : COMPLETE, 'complete')
        setStale(true)
      }
      if (event.type === 'stopped') end(STOPPED, 'stopped')
    }
    return () => source.close()
  }, [enabled, finish, pieceId, setStale, show])

  /** Dismiss: back to idle, or to the run a 409 was shown over, if it is still going. */
  const dismiss = useCallback(() => {
    const waiting = behind.current
    setState(waiting?.status ?? IDLE)
    if (waiting?.code) setLiveCode(waiting.code)
  }, [setState])

  return { state, setState, finish, dismiss, liveCode, setLiveCode, refreshing }
}

export type GenerationView = ReturnType<typeof useGenerationStream>
