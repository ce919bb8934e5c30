import { useCallback, useEffect, useRef, useState } from 'react'
import type { ArrivingPrompt } from '~/pieces/prompt.server'
import { useHydrated } from '~/lib/hydrated'
import { starterDocument } from '~/pieces/starter-document'
import { codeAt, hasPending, type DraftData } from '../draft'
import type { ChatData } from '../types'
import type { Overlay } from './overlays'
import { useArrivingPrompt } from './use-arriving-prompt'
import { useComposer } from './use-composer'
import { useDraftHistory } from './use-draft-history'
import { useGenerationStream } from './use-generation-stream'
import { useModelPicker } from './use-model-picker'
import { usePreviewRunner } from './use-preview-runner'
import { useSend, type Sending } from './use-send'
import { useStop } from './use-stop'

export type Confirm = 'overwrite' | 'accept' | 'reject'

/** Everything the chat builder shows and does, put together from its parts. */
export function useChatBuilder({ chat, pieceName, prompt }: { chat: ChatData; pieceName: string; prompt: ArrivingPrompt | null }) {
  const hydrated = useHydrated()
  const sending = useRef<Sending | null>(null)
  const isSending = useCallback(() => sending.current !== null, [])
  const view = useGenerationStream({ pieceId: chat.pieceId, stage: chat.stage, enabled: hydrated, isSending })
  const composer = useComposer(chat.draft.currentInput, chat.draft.currentAttachments)
  const [draft, setDraft] = useState<DraftData>(chat.draft)
  const [overlay, setOverlay] = useState<Overlay | null>(null)
  const [confirm, setConfirm] = useState<Confirm | null>(null)
  const picker = useModelPicker(chat)
  const processing = view.state.status === 'processing'
  // Set when the arriving prompt filled the input: the reload that takes it out of the address keeps it.
  const keepFilledInput = useRef(false)

  // A new loader answer (after complete, accept, reject) is the server's truth.
  const { fill, setInput } = composer
  useEffect(() => {
    setDraft(chat.draft)
    if (!sending.current && !keepFilledInput.current) fill(chat.draft.currentInput, chat.draft.currentAttachments)
    keepFilledInput.current = false
  }, [chat.draft, fill])

  const send = useSend({ chat, draft, model: picker.model, processing, sending, composer, view, setOverlay, askOverwrite: () => setConfirm('overwrite') })
  const stop = useStop({ pieceId: chat.pieceId, sending, composer, view })
  const history = useDraftHistory({ chat, draft, setDraft, composer, view, closeDialog: () => setConfirm(null) })
  const fillInput = useCallback(
    (text: string) => {
      keepFilledInput.current = true
      setInput(text)
    },
    [setInput],
  )
  useArrivingPrompt({ prompt, pieceId: chat.pieceId, pieceName, hydrated, send: (text) => void send(text, []), fillInput })

  // A Piece with no code yet shows the same starter page as its public page.
  const shownCode = view.liveCode ?? (codeAt(draft, chat.savedCode) || starterDocument({ name: pieceName }))
  const runner = usePreviewRunner(chat.previewOrigin, shownCode)

  return {
    hydrated,
    view,
    processing,
    composer,
    draft,
    pending: hasPending(draft) && !processing,
    overlay,
    setOverlay,
    confirm,
    setConfirm,
    picker,
    send,
    stop,
    history,
    runner,
  }
}

export type ChatBuilderState = ReturnType<typeof useChatBuilder>
