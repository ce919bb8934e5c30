import { useNavigate } from '@remix-run/react'
import { DataSpaceToggle } from '~/piece-data/data-space-toggle'
import { useEditorDataSpace } from '~/piece-data/token-broker'
import { RemixCredit } from '~/pieces/remix-bar'
import { comparePath } from '~/pieces/remixes'
import { AgenticBridge } from './agentic-bridge'
import { ChatHistory } from './builder/chat-history'
import { reviewUnder } from './builder/review/review-under'
import { DecisionDialog, OverwriteDialog } from './builder/confirm-dialogs'
import { HistoryControls } from './builder/history-controls'
import { PreviewPane } from './builder/preview-pane'
import { brokenChecks, CheckWords } from '~/checks/schema'
import { RecordPanel } from './builder/checks/record-panel'
import { RecordToggle } from './builder/checks/record-toggle'
import { VisualPanel } from './builder/visual/visual-panel'
import { VisualToggle } from './builder/visual/visual-toggle'
import { PromptForm } from './builder/prompt-form'
import { StatusBar } from './builder/status-bar'
import { useChatBuilder, type ChatBuilderProps } from './builder/use-chat-builder'
import { useChatView, ViewSwitch } from './builder/view-switch'
import { WithJs } from '~/ui/with-js'
import { useHydrated } from '~/lib/hydrated'

/**
 * The chat builder of spec 2 §2–§4: history with undo and redo, the prompt with
 * attachments and the model picker, live progress from the event stream, the draft shown
 * in the preview as it is built, and Accept / Reject. Every change is a form posted to the
 * editor's action (app/chat/schema.ts), by a fetcher with JavaScript and by the browser without.
 */
export function ChatBuilder(props: ChatBuilderProps) {
  const { pieceName, askOverwrite, credit } = props
  const builder = useChatBuilder(props)
  const { chat, view, working, composer, draft, sender, history, confirm, setConfirm } = builder
  const decision = confirm === 'accept' || confirm === 'reject' ? confirm : null
  const navigate = useNavigate()
  const phone = useChatView(draft)
  const hydrated = useHydrated()
  const [dataSpace, changeDataSpace] = useEditorDataSpace({
    previewOrigin: chat.previewOrigin,
    pieceId: chat.pieceId,
    reload: builder.runner.reload,
    recording: builder.checks.data,
  })
  const here = `/pieces/${pieceName}`
  const closeOverwrite = () => {
    setConfirm(null)
    // Asked by the address (a page load without JavaScript had asked): the address forgets it too.
    if (askOverwrite) navigate(here, { replace: true, preventScrollReset: true })
  }

  return (
    // Under 768 px one view at a time, the one whose radio is checked (./builder/view-switch.tsx); from 768 px both, side by side.
    <div className="group/builder flex h-[calc(100dvh-3.5rem)] flex-col md:flex-row">
      <ViewSwitch state={phone} />
      <section
        aria-label="Chat"
        className="flex min-h-0 w-full flex-1 flex-col max-md:group-has-[#chat-view-preview:checked]/builder:hidden md:w-[26rem] md:flex-none md:border-r md:border-zinc-200 md:dark:border-zinc-800"
      >
        {credit ? (
          <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            <RemixCredit credit={credit} className="flex-1" />
            <a href={comparePath(pieceName)} className="shrink-0 font-medium underline-offset-2 hover:underline">
              Compare
            </a>
          </div>
        ) : null}
        <ChatHistory
          draft={draft}
          sending={sender.pending ?? (working ? chat.running : null)}
          showTokenUsage={chat.showTokenUsage}
          under={reviewUnder(builder, phone, hydrated)}
        />
        <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
          <StatusBar
            state={view.state}
            running={chat.stage !== 'idle'}
            canRetry={Boolean(composer.input.trim() || composer.attachments.length)}
            showTokenUsage={chat.showTokenUsage}
            StopForm={builder.StopForm}
            DismissForm={builder.DismissForm}
            onDismiss={view.dismiss}
          />
          <HistoryControls
            Form={history.Form}
            draft={draft}
            processing={working}
            pending={builder.pending}
            stepping={history.stepping}
            onStep={history.step}
            onDecide={setConfirm}
          />
        </div>
        <PromptForm
          Form={sender.Form}
          form={sender.form}
          chat={chat}
          at={draft.historyIndex}
          processing={working}
          busy={sender.busy}
          composer={composer}
          picker={builder.picker}
          overlay={builder.overlay}
          onCloseOverlay={() => builder.setOverlay(null)}
          onSubmit={sender.onSubmit}
          onEnter={() => sender.request()}
          target={builder.visual.target}
          aimed={builder.visual.picked && { element: builder.visual.picked.outerHTML, ancestors: builder.visual.picked.ancestors }}
        />
      </section>

      <PreviewPane
        className="max-md:hidden max-md:group-has-[#chat-view-preview:checked]/builder:flex"
        frame={builder.runner.frame}
        onRunnerLoad={builder.runner.askRunner}
        runnerUrl={chat.runnerUrl}
        draftPreviewUrl={chat.draftPreviewUrl}
        pieceName={pieceName}
        elsewhere={chat.previewElsewhere}
        toolbar={
          chat.previewElsewhere ? null : (
            <WithJs>
              <VisualToggle visual={builder.visual} available={builder.visualAvailable} unavailable={CheckWords.recording.unavailable}>
                {(reasonId) => (
                  <>
                    <DataSpaceToggle space={dataSpace} onChange={changeDataSpace} pieceName={pieceName} recording={builder.checks.on} />
                    <RecordToggle recorder={builder.checks} available={builder.visualAvailable} describedBy={reasonId} />
                  </>
                )}
              </VisualToggle>
            </WithJs>
          )
        }
        below={builder.checks.on ? <RecordPanel recorder={builder.checks} /> : null}
      >
        {builder.visual.on ? (
          <VisualPanel
            visual={builder.visual}
            onAsk={() => {
              // An element with a place stays picked, so the message is aimed at it (issue 30.4); one without is described in words.
              if (builder.visual.picked?.at === null) {
                composer.setInput(`${builder.visual.describe()}${composer.input}`)
                builder.visual.turnOff()
              }
              // On a phone the message is in the other view.
              phone.write()
            }}
          />
        ) : null}
      </PreviewPane>

      <WithJs>
        <AgenticBridge frame={builder.runner.frame} previewOrigin={chat.previewOrigin} pieceId={chat.pieceId} signedIn />
      </WithJs>
      <OverwriteDialog
        open={confirm === 'overwrite'}
        Form={sender.Form}
        at={draft.historyIndex}
        message={composer.input}
        attachments={composer.attachments}
        closeHref={here}
        onClose={closeOverwrite}
        onSubmit={(event) => {
          sender.onSubmit(event)
          setConfirm(null)
        }}
      />
      <DecisionDialog
        kind={decision}
        busy={history.deciding}
        breaks={brokenChecks(draft.exchangeHistory[draft.historyIndex]?.verification?.checks)}
        onClose={() => setConfirm(null)}
        onConfirm={history.decide}
      />
    </div>
  )
}
