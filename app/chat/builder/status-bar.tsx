import type { FetcherWithComponents } from '@remix-run/react'
import { Button } from '~/ui/button'
import type { Status } from './status'

type ChatForm = FetcherWithComponents<unknown>['Form']

/** The prompt form's id: Retry submits it from the status bar, with or without JavaScript. */
export const PROMPT_FORM_ID = 'chat-prompt'

/**
 * Spec 2 §4: the status line and progress bar, with Stop while processing and Retry and
 * Dismiss after a stop or an error. Each is a form (a fetcher's, with JavaScript): Retry
 * sends the input again, as Send would. Without JavaScript the page refreshes itself while
 * a generation runs.
 */
export function StatusBar({
  state,
  running,
  canRetry,
  StopForm,
  DismissForm,
  onDismiss,
}: {
  state: Status
  running: boolean
  canRetry: boolean
  StopForm: ChatForm
  DismissForm: ChatForm
  onDismiss: () => void
}) {
  const processing = state.status === 'processing'
  return (
    <>
      <div className="flex items-center justify-between gap-2 text-xs">
        <p role="status" aria-live="polite" data-testid="chat-status" className="min-w-0 truncate font-medium">
          {state.message}
          {processing ? <TypingDots /> : null}
        </p>
        <div className="flex shrink-0 gap-1">
          {processing ? (
            <StopForm method="post">
              <input type="hidden" name="intent" value="stop" />
              <Button type="submit" variant="secondary" size="sm">
                Stop
              </Button>
            </StopForm>
          ) : null}
          {state.status === 'error' || state.status === 'stopped' ? (
            <>
              <Button type="submit" form={PROMPT_FORM_ID} size="sm" variant="secondary" disabled={!canRetry}>
                Retry
              </Button>
              <DismissForm method="post" onSubmit={onDismiss}>
                <input type="hidden" name="intent" value="dismiss" />
                <Button type="submit" size="sm" variant="ghost">
                  Dismiss
                </Button>
              </DismissForm>
            </>
          ) : null}
        </div>
      </div>
      {state.detail ? (
        <p className="mt-1 text-[11px] text-zinc-500" data-testid="chat-status-detail">
          {state.detail}
        </p>
      ) : null}
      <div className="mt-2 h-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-500" style={{ width: `${state.progress ?? 0}%` }} />
      </div>
      {running ? <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} /> : null}
    </>
  )
}

/** Spec 2 §9: typing dots, 168 ms apart. */
export function TypingDots() {
  return (
    <span aria-hidden="true" className="ml-1 inline-flex gap-0.5 align-middle">
      {[0, 1, 2].map((dot) => (
        <span key={dot} className="size-1 animate-bounce rounded-full bg-current" style={{ animationDelay: `${dot * 168}ms` }} />
      ))}
    </span>
  )
}
