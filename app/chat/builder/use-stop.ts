import type { MutableRefObject } from 'react'
import { useToast } from '~/ui/toaster'
import { ChatToasts } from '../messages'
import { STOPPED } from './status'
import type { Composer } from './use-composer'
import type { GenerationView } from './use-generation-stream'
import type { Sending } from './use-send'

/** Spec 2 §4 Stop: the generation ends, and the message being sent goes back in the input. */
export function useStop({
  pieceId,
  sending,
  composer,
  view,
}: {
  pieceId: number
  sending: MutableRefObject<Sending | null>
  composer: Composer
  view: GenerationView
}) {
  const toast = useToast()
  return async function stop() {
    const current = sending.current
    try {
      const response = await fetch('/api/private/chat/stop', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pieceId }),
      })
      if (!response.ok) throw new Error(`status ${response.status}`)
    } catch {
      toast({ title: ChatToasts.stopFailed, variant: 'destructive' })
      return
    }
    current?.controller.abort()
    sending.current = null
    if (current) composer.fill(current.input, current.attachments)
    view.setLiveCode(null)
    view.finish(STOPPED)
  }
}
