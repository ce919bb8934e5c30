import { Form } from '@remix-run/react'
import { Button } from '~/ui/button'
import type { Status } from './status'

/**
 * Spec 2 §4: the status line and progress bar, with Stop while processing and Retry and
 * Dismiss after a stop or an error. Without JavaScript Stop is a form, and the page
 * refreshes itself while a generation runs.
 */
export function StatusBar({
  state,
  hydrated,
  running,
  canRetry,
  onStop,
  onRetry,
  onDismiss,
}: {
  state: Status
  hydrated: boolean
  running: boolean
  canRetry: boolean
  onStop: () => void
  onRetry: () => void
  onDismiss: () => void
}) {
  const processing = state.status === 'processing'
  return (
    <>
      <div className="flex items-center justify-between gap-2 text-xs">
        <p role="status" aria-live="polite" data-testid="chat-status" className="min-w-0 truncate font-medium">
          {state.message}
          {processing && hydrated ? <TypingDots /> : null}
        </p>
        <div className="flex shrink-0 gap-1">
          {processing ? (
            <Form method="post" onSubmit={(event) => (hydrated ? (event.preventDefault(), onStop()) : undefined)}>
              <input type="hidden" name="intent" value="stop" />
              <Button type="submit" variant="secondary" size="sm">
                Stop
              </Button>
            </Form>
          ) : null}
          {(state.status === 'error' || state.status === 'stopped') && hydrated ? (
            <>
              <Button size="sm" variant="secondary" onClick={onRetry} disabled={!canRetry}>
                Retry
              </Button>
              <Button size="sm" variant="ghost" onClick={onDismiss}>
                Dismiss
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <div className="mt-2 h-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-500" style={{ width: `${state.progress ?? 0}%` }} />
      </div>
      {!hydrated && running ? <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} /> : null}
    </>
  )
}

/** Spec 2 §9: typing dots, 168 ms apart. */
function TypingDots() {
  return (
    <span aria-hidden="true" className="ml-1 inline-flex gap-0.5 align-middle">
      {[0, 1, 2].map((dot) => (
        <span key={dot} className="size-1 animate-bounce rounded-full bg-current" style={{ animationDelay: `${dot * 168}ms` }} />
      ))}
    </span>
  )
}
