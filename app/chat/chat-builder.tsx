import type { ArrivingPrompt } from '~/pieces/prompt.server'
import { AgenticBridge } from './agentic-bridge'
import { ChatHistory } from './builder/chat-history'
import { DecisionDialog, OverwriteDialog } from './builder/confirm-dialogs'
import { HistoryControls } from './builder/history-controls'
import { PreviewPane } from './builder/preview-pane'
import { PromptForm } from './builder/prompt-form'
import { IDLE } from './builder/status'
import { StatusBar } from './builder/status-bar'
import { useChatBuilder } from './builder/use-chat-builder'
import type { ChatData } from './types'

/**
 * The chat builder of spec 2 §2–§4: history with undo and redo, the prompt with
 * attachments and the model picker, live progress from the event stream, the draft shown
 * in the preview as it is built, and Accept / Reject. Without JavaScript the same page
 * works through forms (see editor.server.ts).
 */
export function ChatBuilder({ chat, pieceName, prompt }: { chat: ChatData; pieceName: string; prompt: ArrivingPrompt | null }) {
  const builder = useChatBuilder({ chat, pieceName, prompt })
  const { hydrated, view, processing, composer, draft, confirm, setConfirm } = builder
  const sendInput = (overwrite = false) => void builder.send(composer.input, composer.attachments, overwrite)
  const decision = confirm === 'accept' || confirm === 'reject' ? confirm : null

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] flex-col-reverse md:flex-row">
      <section aria-label="Chat" className="flex min-h-0 w-full flex-col border-t border-zinc-200 md:w-[26rem] md:border-t-0 md:border-r dark:border-zinc-800">
        <ChatHistory draft={draft} showTokenUsage={chat.showTokenUsage} />
        <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
          <StatusBar
            state={view.state}
            hydrated={hydrated}
            running={chat.stage !== 'idle'}
            canRetry={Boolean(composer.input.trim() || composer.attachments.length)}
            onStop={() => void builder.stop()}
            onRetry={() => sendInput()}
            onDismiss={() => view.setState(IDLE)}
          />
          <HistoryControls draft={draft} processing={processing} pending={builder.pending} onStep={builder.history.step} onDecide={setConfirm} />
        </div>
        <PromptForm
          chat={chat}
          hydrated={hydrated}
          processing={processing}
          composer={composer}
          picker={builder.picker}
          overlay={builder.overlay}
          onCloseOverlay={() => builder.setOverlay(null)}
          onSend={() => sendInput()}
        />
      </section>

      <PreviewPane
        hydrated={hydrated}
        frame={builder.runner.frame}
        onRunnerLoad={builder.runner.askRunner}
        runnerUrl={chat.runnerUrl}
        draftPreviewUrl={chat.draftPreviewUrl}
        pieceName={pieceName}
      />

      {hydrated ? <AgenticBridge frame={builder.runner.frame} previewOrigin={chat.previewOrigin} pieceId={chat.pieceId} signedIn /> : null}
      <OverwriteDialog
        open={confirm === 'overwrite'}
        onClose={() => setConfirm(null)}
        onOverwrite={() => {
          setConfirm(null)
          sendInput(true)
        }}
      />
      <DecisionDialog
        kind={decision}
        busy={builder.history.deciding}
        onClose={() => setConfirm(null)}
        onConfirm={(kind) => void builder.history.decide(kind)}
      />
    </div>
  )
}
