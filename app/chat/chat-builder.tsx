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
 * in the preview as it is built, and Accept / Reject. Every change is a form posted to the
 * editor's action (app/chat/schema.ts), by a fetcher with JavaScript and by the browser without.
 */
export function ChatBuilder({ chat, pieceName, prompt }: { chat: ChatData; pieceName: string; prompt: ArrivingPrompt | null }) {
  const builder = useChatBuilder({ chat, pieceName, prompt })
  const { hydrated, view, working, composer, draft, sender, history, confirm, setConfirm } = builder
  const decision = confirm === 'accept' || confirm === 'reject' ? confirm : null

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] flex-col-reverse md:flex-row">
      <section aria-label="Chat" className="flex min-h-0 w-full flex-col border-t border-zinc-200 md:w-[26rem] md:border-t-0 md:border-r dark:border-zinc-800">
        <ChatHistory draft={draft} sending={sender.pending} showTokenUsage={chat.showTokenUsage} />
        <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
          <StatusBar
            state={view.state}
            hydrated={hydrated}
            running={chat.stage !== 'idle'}
            canRetry={Boolean(composer.input.trim() || composer.attachments.length)}
            StopForm={builder.StopForm}
            onRetry={() => sender.request()}
            onDismiss={() => view.setState(IDLE)}
          />
          <HistoryControls Form={history.Form} draft={draft} processing={working} pending={builder.pending} onStep={history.step} onDecide={setConfirm} />
        </div>
        <PromptForm
          Form={sender.Form}
          form={sender.form}
          chat={chat}
          at={draft.historyIndex}
          hydrated={hydrated}
          processing={working}
          busy={sender.busy}
          composer={composer}
          picker={builder.picker}
          overlay={builder.overlay}
          onCloseOverlay={() => builder.setOverlay(null)}
          onSubmit={sender.onSubmit}
          onEnter={() => sender.request()}
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
          sender.request(true)
        }}
      />
      <DecisionDialog kind={decision} busy={history.deciding} onClose={() => setConfirm(null)} onConfirm={history.decide} />
    </div>
  )
}
