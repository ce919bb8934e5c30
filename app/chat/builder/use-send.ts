import { useRevalidator } from '@remix-run/react'
import type { MutableRefObject } from 'react'
import { codeAt, isBehindLatest, type DraftData } from '../draft'
import type { ModelId } from '../models'
import { STATUS_MESSAGES } from '../progress'
import type { Attachment } from '../send-schema'
import type { ChatData } from '../types'
import type { Overlay } from './overlays'
import { showRefusal } from './refusal'
import { COMPLETE, failure, SENDING } from './status'
import type { Composer } from './use-composer'
import type { GenerationView } from './use-generation-stream'

/** The send in flight: what to put back in the input if it is stopped. */
export type Sending = { controller: AbortController; input: string; attachments: Attachment[] }

type SendDeps = {
  chat: ChatData
  draft: DraftData
  model: ModelId
  processing: boolean
  sending: MutableRefObject<Sending | null>
  composer: Composer
  view: GenerationView
  setOverlay: (overlay: Overlay | null) => void
  askOverwrite: () => void
}

/** Spec 2 §7 call 7's body: the message, the code and history at the current point, the model. */
function sendBody(chat: ChatData, draft: DraftData, model: ModelId, text: string, files: Attachment[]) {
  const history = draft.exchangeHistory.slice(0, draft.historyIndex + 1)
  return JSON.stringify({
    pieceId: chat.pieceId,
    message: text,
    attachments: files.map(({ id, type, url }) => ({ id, type, url })),
    code: codeAt(draft, chat.savedCode),
    draftData: { ...draft, currentInput: '', currentAttachments: [] },
    messageHistory: history.map((exchange) => ({ role: 'user', content: exchange.userMessage.content })),
    selectedModel: model,
  })
}

/** Sends a message and waits for its generation to end; a refusal puts the message back. */
export function useSend({ chat, draft, model, processing, sending, composer, view, setOverlay, askOverwrite }: SendDeps) {
  const { revalidate } = useRevalidator()
  return async function send(text: string, files: Attachment[], overwrite = false) {
    if (processing || (!text.trim() && !files.length)) return
    if (isBehindLatest(draft) && !overwrite) return askOverwrite()
    const controller = new AbortController()
    sending.current = { controller, input: text, attachments: files }
    composer.fill('', [])
    composer.setExpanded(false)
    setOverlay(null)
    view.setState(SENDING)
    try {
      const response = await fetch('/api/private/piece-user-usage', {
        method: 'POST',
        signal: controller.signal,
        headers: { 'Content-Type': 'application/json' },
        body: sendBody(chat, draft, model, text, files),
      })
      const body = (await response.json().catch(() => ({}))) as { message?: string; requiresSubscription?: boolean; stopped?: boolean }
      // Stop aborts this request, which can land while its answer is still being read: the
      // half-read answer is not a result, and Stop has already said what happened.
      if (body.stopped || controller.signal.aborted) return
      view.setLiveCode(null)
      if (!response.ok) {
        composer.fill(text, files)
        return showRefusal({ status: response.status, ...body }, { setOverlay, finish: view.finish })
      }
      view.finish(COMPLETE)
      revalidate()
    } catch {
      if (controller.signal.aborted) return
      composer.fill(text, files)
      view.setLiveCode(null)
      view.finish(failure(STATUS_MESSAGES.error))
    } finally {
      if (sending.current?.controller === controller) sending.current = null
    }
  }
}
