import type { FetcherWithComponents } from '@remix-run/react'
import { ANIMATION_MS } from '~/lib/constants'
import { Button } from '~/ui/button'
import { cn } from '~/ui/cn'
import { PROGRESS_LABEL } from '../progress'
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
  showTokenUsage,
  StopForm,
  DismissForm,
  onDismiss,
}: {
  state: Status
  running: boolean
  canRetry: boolean
  /** The user's "Show token usage": a stopped turn's charge is a count it shows. */
  showTokenUsage: boolean
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
      {state.detail && showTokenUsage ? (
        <p className="mt-1 text-[11px] text-zinc-500" data-testid="chat-status-detail">
          {state.detail}
        </p>
      ) : null}
      <ProgressBar progress={state.progress} />
      {running ? <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} /> : null}
    </>
  )
}

/**
 * Spec 2 §4 and §9: the bar moves in 618 ms, as the usage bars do; once cleared (null) it
 * is empty at once and no longer a progress bar, so it never lingers half-emptied.
 */
function ProgressBar({ progress }: { progress: number | null }) {
  const shown = progress !== null
  return (
    <div
      className="mt-2 h-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      {...(shown
        ? { role: 'progressbar', 'aria-label': PROGRESS_LABEL, 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': progress }
        : { 'aria-hidden': true })}
    >
      <div
        className={cn('h-full rounded-full bg-brand-500', shown && 'transition-[width]')}
        style={{ width: `${progress ?? 0}%`, transitionDuration: shown ? `${ANIMATION_MS}ms` : undefined }}
      />
    </div>
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
