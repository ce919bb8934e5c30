import { useNavigation, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { progressHint, STATUS_MESSAGES } from '../progress'
import type { ChatEvent } from '../types'
import { clearAfter, COMPLETE, failure, STOPPED, statusFromStage, type Status } from './status'

export type GenerationEnd = 'complete' | 'stopped' | 'failed'

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
  stage,
  enabled,
  onEnd,
}: {
  pieceId: number
  stage: string
  enabled: boolean
  onEnd: (end: GenerationEnd) => void
}) {
  const [state, setState] = useState<Status>(() => statusFromStage(stage))
  const [liveCode, setLiveCode] = useState<string | null>(null)
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  // The page's data is out of date (a generation completed) and is reloaded once no other
  // load is under way: starting one over another cuts that one short, which Remix reports
  // as an uncaught AbortError, and its answer could predate the result anyway.
  const [stale, setStale] = useState(false)
  const { revalidate } = revalidator
  useEffect(() => {
    if (!stale || navigation.state !== 'idle' || revalidator.state !== 'idle') return
    setStale(false)
    revalidate()
  }, [navigation.state, revalidate, revalidator.state, stale])
  const ended = useRef(onEnd)
  useEffect(() => {
    ended.current = onEnd
  })

  /** Shows how a generation ended; the bar empties a moment later unless something else was said. */
  const finish = useCallback((next: Status) => {
    setState(next)
    window.setTimeout(() => setState((current) => (current.message === next.message ? { ...current, progress: null } : current)), clearAfter(next))
  }, [])

  useEffect(() => {
    if (!enabled) return
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
      if (event.type === 'status' && event.stage && event.stage !== 'idle') setState(statusFromStage(event.stage))
      if (event.type === 'progress') {
        const title = event.currentStepTitle ?? STATUS_MESSAGES.generating
        setState({ status: 'processing', message: title, progress: progressHint(title, { index: event.currentStepIndex, total: event.plannedStepsTotal }) })
        if (event.latestCode) setLiveCode(event.latestCode)
      }
      if (event.type === 'complete') {
        end(COMPLETE, 'complete')
        setStale(true)
      }
      if (event.type === 'stopped') end(STOPPED, 'stopped')
    }
    return () => source.close()
  }, [enabled, finish, pieceId])

  /** The reload that brings a completed generation's result has not landed yet. */
  const refreshing = stale || revalidator.state !== 'idle'
  return { state, setState, finish, liveCode, setLiveCode, refreshing }
}

export type GenerationView = ReturnType<typeof useGenerationStream>
