import { Form } from '@remix-run/react'
import { useHydrated } from '~/lib/hydrated'
import { Button } from '~/ui/button'
import type { DraftData } from '../draft'

/** Spec 2 §4: Undo and Redo, and Accept and Reject while a generation is pending. */
export function HistoryControls({
  draft,
  processing,
  pending,
  onStep,
  onDecide,
}: {
  draft: DraftData
  processing: boolean
  pending: boolean
  onStep: (kind: 'undo' | 'redo') => void
  onDecide: (kind: 'accept' | 'reject') => void
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <HistoryButton intent="undo" label="Undo" disabled={processing || draft.historyIndex < 0} onClick={() => onStep('undo')} />
      <HistoryButton
        intent="redo"
        label="Redo"
        disabled={processing || draft.historyIndex >= draft.exchangeHistory.length - 1}
        onClick={() => onStep('redo')}
      />
      <span className="flex-1" />
      {pending ? (
        <>
          <HistoryButton intent="reject" label="Reject" disabled={false} onClick={() => onDecide('reject')} />
          <HistoryButton intent="accept" label="Accept" primary disabled={false} onClick={() => onDecide('accept')} />
        </>
      ) : null}
    </div>
  )
}

/** Undo, Redo, Accept and Reject: buttons with JavaScript, forms without. */
function HistoryButton({
  intent,
  label,
  disabled,
  primary = false,
  onClick,
}: {
  intent: string
  label: string
  disabled: boolean
  primary?: boolean
  onClick: () => void
}) {
  const hydrated = useHydrated()
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!hydrated) return
        event.preventDefault()
        onClick()
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" size="sm" variant={primary ? 'primary' : 'secondary'} disabled={disabled}>
        {label}
      </Button>
    </Form>
  )
}
