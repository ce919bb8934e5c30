import { useFetcher } from '@remix-run/react'
import { useFormReply } from '~/ui/use-form-reply'
import { redo, undo, type DraftData } from '~/pieces/draft'
import type { ChatFormReply } from '../schema'

export type Decision = 'accept' | 'reject'

/** The draft as it will be once an Undo or Redo on its way is applied. */
function optimisticDraft(saved: DraftData, formData: FormData | undefined): DraftData {
  const intent = formData?.get('intent')
  if (Number(formData?.get('at')) !== saved.historyIndex) return saved
  if (intent === 'undo') return undo(saved)
  if (intent === 'redo') return redo(saved)
  return saved
}

/**
 * Spec 2 §4 history (intents `undo`, `redo`, `accept`, `reject`): the saved draft lives on
 * the server; the page shows an Undo or Redo at once and the reloaded data confirms it.
 */
export function useDraftHistory({ saved, onStep, onDecided }: { saved: DraftData; onStep: (next: DraftData) => void; onDecided: () => void }) {
  const fetcher = useFetcher<ChatFormReply>()
  const draft = optimisticDraft(saved, fetcher.formData)
  const intent = fetcher.formData?.get('intent')
  // A refusal is its toast.
  useFormReply(fetcher, { dialog: false, onDone: (done) => (done?.intent === 'accept' || done?.intent === 'reject') && onDecided() })
  return {
    Form: fetcher.Form,
    draft,
    deciding: fetcher.state !== 'idle' && (intent === 'accept' || intent === 'reject'),
    /**
     * An Undo or Redo on its way: Accept and Reject wait for it, since a decision posted by the
     * same form would cancel it, and the server would decide on the point before it.
     */
    stepping: fetcher.state !== 'idle' && (intent === 'undo' || intent === 'redo'),
    /** Undo or Redo pressed: the input takes the restored message at once. */
    step: (kind: 'undo' | 'redo') => {
      const next = kind === 'undo' ? undo(draft) : redo(draft)
      if (next !== draft) onStep(next)
    },
    decide: (kind: Decision) => fetcher.submit({ intent: kind }, { method: 'post' }),
  }
}
