import type { FetcherWithComponents } from '@remix-run/react'
import { Button } from '~/ui/button'
import { canUndo, type DraftData } from '~/pieces/draft'
import { brokenChecks, breaksWords } from '~/checks/schema'

type HistoryForm = FetcherWithComponents<unknown>['Form']

const BREAKS_ID = 'accept-breaks'

/**
 * Spec 2 §4: Undo and Redo, and Accept and Reject while a generation is pending. Each is a
 * form; with JavaScript Accept and Reject ask first (the dialog posts the decision).
 */
export function HistoryControls({
  Form,
  draft,
  processing,
  pending,
  stepping = false,
  onStep,
  onDecide,
}: {
  Form: HistoryForm
  draft: DraftData
  processing: boolean
  pending: boolean
  /** An Undo or Redo still on its way to the server: Accept and Reject wait for it. */
  stepping?: boolean
  onStep: (kind: 'undo' | 'redo') => void
  onDecide: (kind: 'accept' | 'reject') => void
}) {
  const button = { Form, at: draft.historyIndex }
  const breaks = brokenChecks(draft.exchangeHistory[draft.historyIndex]?.verification?.checks)
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {pending && breaks.length ? (
        // Issue 31.2: Accept is not blocked, but says what this version breaks.
        <p id={BREAKS_ID} className="w-full text-xs font-medium text-amber-700 dark:text-amber-400" data-testid="accept-breaks">
          {breaksWords(breaks)}
        </p>
      ) : null}
      <HistoryButton {...button} intent="undo" label="Undo" disabled={processing || !canUndo(draft)} onSubmit={() => onStep('undo')} />
      <HistoryButton
        {...button}
        intent="redo"
        label="Redo"
        disabled={processing || draft.historyIndex >= draft.exchangeHistory.length - 1}
        onSubmit={() => onStep('redo')}
      />
      <span className="flex-1" />
      {pending ? (
        <>
          <HistoryButton {...button} intent="reject" label="Reject" disabled={stepping} asks onSubmit={() => onDecide('reject')} />
          <HistoryButton
            {...button}
            intent="accept"
            label="Accept"
            describedBy={breaks.length ? BREAKS_ID : undefined}
            primary
            disabled={stepping}
            asks
            onSubmit={() => onDecide('accept')}
          />
        </>
      ) : null}
    </div>
  )
}

/** One control of the history: a form posting its intent and the history point it was pressed at. */
function HistoryButton({
  Form,
  at,
  intent,
  label,
  disabled,
  primary = false,
  asks = false,
  describedBy,
  onSubmit,
}: {
  Form: HistoryForm
  at: number
  intent: string
  label: string
  disabled: boolean
  primary?: boolean
  /** With JavaScript, opens a dialog instead of posting. */
  asks?: boolean
  describedBy?: string
  onSubmit?: () => void
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (asks) event.preventDefault()
        onSubmit?.()
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="at" value={at} />
      <Button type="submit" size="sm" variant={primary ? 'primary' : 'secondary'} disabled={disabled} aria-describedby={describedBy}>
        {label}
      </Button>
    </Form>
  )
}
