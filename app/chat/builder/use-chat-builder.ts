import { useVisualEditor } from './visual/use-visual-editor'
import { useReviewedPreview } from './review/use-turn-review'
import { useCheckRecorder } from './checks/use-check-recorder'
import type { Credit } from '~/pieces/remixes'
import { useEffect, useRef, useState } from 'react'
import type { ArrivingPrompt } from '~/pieces/schema'
import { starterDocument } from '~/pieces/starter-document'
import { codeAt, hasPending, type DraftData } from '~/pieces/draft'
import type { ChatData } from '../types'
import type { Overlay } from './overlays'
import { IDLE, initialStatus, STOPPED } from './status'
import { useArrivingPrompt } from './use-arriving-prompt'
import { useCompletedChat } from './use-completed-chat'
import { useComposer, type Composer } from './use-composer'
import { useDraftHistory } from './use-draft-history'
import { useGenerationStream } from './use-generation-stream'
import { useModelPicker } from './use-model-picker'
import { useInFlight, useSend } from './use-send'
import { useDismiss, useStop } from './use-stop'

export type Confirm = 'overwrite' | 'accept' | 'reject'

const signatureOf = (draft: DraftData) => `${draft.currentAttachments.map((attachment) => attachment.url.length).join(',')}:${draft.currentInput}`

/**
 * The saved draft's input is the server's truth when it changes there (Undo or Redo in
 * another tab, a Stop or a failure that gives the message back); other changes of the
 * page's data (a generation that completes, a model change) leave what is being written
 * alone, such as a prompt that arrived while another generation was built. `expect` names
 * a draft the page already shows (an Undo on its way), so its arrival does not write over
 * what was typed since. While `holding` (a message is being sent) the input stays as it is.
 */
function useInputFromDraft(saved: DraftData, composer: Composer, holding: boolean) {
  const signature = signatureOf(saved)
  const seen = useRef(signature)
  const { fill } = composer
  useEffect(() => {
    if (seen.current === signature) return
    seen.current = signature
    if (!holding) fill(saved.currentInput, saved.currentAttachments)
  }, [fill, holding, saved, signature])
  return { expect: (draft: DraftData) => void (seen.current = signatureOf(draft)) }
}

export type ChatBuilderProps = {
  chat: ChatData
  pieceName: string
  prompt: ArrivingPrompt | null
  /** `?confirm=overwrite`: a send from an earlier point waits for Confirm Overwrite (the page without JavaScript asks so). */
  askOverwrite: boolean
  /** Issue 32.2: where a remix came from, said above its chat. */
  credit?: Credit | null
}

/** Everything the chat builder shows and does, put together from its parts. */
export function useChatBuilder({ chat: loaded, pieceName, prompt, askOverwrite }: ChatBuilderProps) {
  const completed = useCompletedChat(loaded)
  const { chat } = completed
  // An arriving prompt is in the input from the first paint (and, without JavaScript, only there).
  const composer = useComposer(prompt?.text.trim() ? prompt.text : chat.draft.currentInput, chat.draft.currentAttachments)
  const inFlight = useInFlight(composer)
  const input = useInputFromDraft(chat.draft, composer, Boolean(inFlight.pending))
  const [overlay, setOverlay] = useState<Overlay | null>(null)
  const [confirm, setConfirm] = useState<Confirm | null>(askOverwrite ? 'overwrite' : null)
  const view = useGenerationStream({
    pieceId: chat.pieceId,
    initial: initialStatus(chat),
    // The stream has already taken the code being built off the preview.
    onEnd: (end, done) => {
      if (done) completed.complete(done)
      inFlight.ended(end)
    },
  })
  const processing = view.state.status === 'processing'
  const history = useDraftHistory({
    saved: chat.draft,
    onStep: (next) => {
      composer.fill(next.currentInput, next.currentAttachments)
      composer.setExpanded(false)
      input.expect(next)
    },
    onDecided: () => {
      setConfirm(null)
      view.setState(IDLE)
    },
  })
  const draft = history.draft
  const sender = useSend({ draft, processing, composer, inFlight, view, setOverlay, askOverwrite: () => setConfirm('overwrite') })
  const StopForm = useStop(() => {
    // The event stream may have said it first; a generation that completed meanwhile stays complete.
    if (!processing) return
    sender.ended('stopped')
    view.finish(STOPPED)
  })
  const DismissForm = useDismiss()
  const picker = useModelPicker(chat)
  useArrivingPrompt({ prompt, pieceId: chat.pieceId, pieceName, send: sender.sendText, fillInput: composer.setInput })

  // Until the exchange a send became arrives with `complete`, the history and the input wait for it.
  const working = processing || sender.pending !== null

  // A Piece with no code yet shows the same starter page as its public page.
  const pointCode = codeAt(draft, chat.savedCode)
  const shownCode = view.liveCode ?? (pointCode || starterDocument({ name: pieceName }))
  const frame = useRef<HTMLIFrameElement>(null)
  const available = !working && Boolean(pointCode.trim())
  // Issue 30: the visual editor edits the code at the current point, when there is some and no build is on its way.
  const editor = useVisualEditor({ code: pointCode, frame, previewOrigin: chat.previewOrigin, at: draft.historyIndex, available })
  // Issue 31.1: a check is recorded on the same code, on the same terms; the two modes are exclusive.
  const checks = useCheckRecorder({ code: pointCode, frame, previewOrigin: chat.previewOrigin, pieceId: chat.pieceId, available, onStart: editor.turnOff })
  const visual = {
    ...editor,
    toggle: () => {
      if (!editor.on) checks.cancel()
      editor.toggle()
    },
  }
  // Issue 40: the newest turn's choice of changes shows in the preview, under the modes' documents.
  const { review, runner } = useReviewedPreview({ chat, draft, frame, available, shownCode, modes: [visual, checks] })

  return {
    chat,
    view,
    working,
    composer,
    draft,
    pending: hasPending(draft, chat.savedCode) && !working,
    overlay,
    setOverlay,
    confirm,
    setConfirm,
    picker,
    sender,
    StopForm,
    DismissForm,
    history,
    runner,
    visual,
    visualAvailable: available,
    checks,
    review,
  }
}

export type ChatBuilderState = ReturnType<typeof useChatBuilder>
