import { useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import { progressHint, STATUS_MESSAGES } from '../progress'
import type { ChatEvent } from '../types'
import { clearAfter, COMPLETE, STOPPED, statusFromStage, type Status } from './status'

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
 * started the generation; `isSending` says when this page's own send will report the end
 * itself.
 */
export function useGenerationStream({ pieceId, stage, enabled, isSending }: { pieceId: number; stage: string; enabled: boolean; isSending: () => boolean }) {
  const [state, setState] = useState<Status>(() => statusFromStage(stage))
  const [liveCode, setLiveCode] = useState<string | null>(null)
  const { revalidate } = useRevalidator()

  /** Shows how a generation ended; the bar empties a moment later unless something else was said. */
  const finish = useCallback((next: Status) => {
    setState(next)
    window.setTimeout(() => setState((current) => (current.message === next.message ? { ...current, progress: null } : current)), clearAfter(next))
  }, [])

  useEffect(() => {
    if (!enabled) return
    const source = new EventSource(`/api/private/chat/subscribe?pieceId=${pieceId}`)
    source.onmessage = (message) => {
      const event = parseEvent(message.data)
      if (!event || event.pieceId !== pieceId) return
      if (event.type === 'status' && event.error) return setLiveCode(null)
      if (event.type === 'status' && event.stage && event.stage !== 'idle') setState(statusFromStage(event.stage))
      if (event.type === 'progress') {
        const title = event.currentStepTitle ?? STATUS_MESSAGES.generating
        setState({ status: 'processing', message: title, progress: progressHint(title, { index: event.currentStepIndex, total: event.plannedStepsTotal }) })
        if (event.latestCode) setLiveCode(event.latestCode)
      }
      if (event.type === 'complete' && !isSending()) {
        // Started elsewhere (another tab, or before a reload): show its result.
        setLiveCode(null)
        finish(COMPLETE)
        revalidate()
      }
      if (event.type === 'stopped' && !isSending()) {
        setLiveCode(null)
        finish(STOPPED)
      }
    }
    return () => source.close()
  }, [enabled, finish, isSending, pieceId, revalidate])

  return { state, setState, finish, liveCode, setLiveCode }
}

export type GenerationView = ReturnType<typeof useGenerationStream>
