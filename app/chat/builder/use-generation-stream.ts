import { useCallback, useEffect, useRef, useState } from 'react'
import { STATUS_MESSAGES } from '~/generation/status-messages'
import { progressHint } from '../progress'
import type { ChatEvent } from '~/generation/types'
import { ChatEventSchema } from '~/generation/stored'
import { ANSWERED, clearAfter, COMPLETE, ending, failure, IDLE, queued, statusFromStage, stopped, type Status } from './status'

export type GenerationEnd = 'complete' | 'stopped' | 'failed'

/** A `complete` event and its id in the Piece's stream. */
export type Completed = { eventId: number; event: ChatEvent }

/** A send refused because another generation runs (409): it stays said until the user acts or that run ends (spec 2 §8). */
const isBusyRefusal = (status: Status) => status.status === 'error' && status.message === STATUS_MESSAGES.busy

function parseEvent(data: string): ChatEvent | null {
  try {
    return ChatEventSchema.safeParse(JSON.parse(data)).data ?? null
  } catch {
    return null
  }
}

/**
 * The Piece's generation as this page shows it: the status line and bar, and the code
 * being built. Follows the event stream (spec 2 §7 call 9) for this Piece only, whoever
 * started the generation. `onEnd` hears how each generation ended, and on `complete` the
 * event itself, which carries what the page shows next.
 */
export function useGenerationStream({
  pieceId,
  initial,
  onEnd,
}: {
  pieceId: number
  /** What the page's data says (app/chat/builder/status.ts `initialStatus`). */
  initial: Status
  onEnd: (end: GenerationEnd, completed?: Completed) => void
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
  const ended = useRef(onEnd)
  useEffect(() => {
    ended.current = onEnd
  })

  /** Shows how a generation ended; the bar empties a moment later unless something else was said. */
  const finish = useCallback(
    (next: Status) => {
      setState(ending(shown.current, next))
      window.setTimeout(() => setShown((current) => (current.message === next.message ? { ...current, progress: null } : current)), clearAfter(next))
    },
    [setState],
  )

  useEffect(() => {
    /** A run's progress: shown, unless a 409 is being shown, which it then waits behind. */
    const progress = (next: Status, code?: string) => {
      if (isBusyRefusal(shown.current)) {
        behind.current = { status: next, code: code ?? behind.current?.code ?? null }
        return
      }
      show(next)
      if (code) setLiveCode(code)
    }
    const end = (next: Status, how: GenerationEnd, completed?: Completed) => {
      setLiveCode(null)
      finish(next)
      ended.current(how, completed)
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
        end(event.unchanged ? ANSWERED : COMPLETE, 'complete', { eventId: Number(message.lastEventId), event })
      }
      if (event.type === 'stopped') end(stopped(event.tokensUsed ?? undefined), 'stopped')
    }
    return () => source.close()
  }, [finish, pieceId, show])

  /** Dismiss: back to idle, or to the run a 409 was shown over, if it is still going. */
  const dismiss = useCallback(() => {
    const waiting = behind.current
    setState(waiting?.status ?? IDLE)
    if (waiting?.code) setLiveCode(waiting.code)
  }, [setState])

  return { state, setState, finish, dismiss, liveCode, setLiveCode }
}

export type GenerationView = ReturnType<typeof useGenerationStream>
