import { breaksWords } from '~/checks/schema'
import { DismissButton } from '~/ui/dismiss'
import { type FetcherWithComponents } from '@remix-run/react'
import type { FormEvent } from 'react'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import type { Attachment } from '~/pieces/draft-schema'
import { AttachmentFields } from './attachments'
import { useHydrated } from '~/lib/hydrated'

/**
 * Spec 2 §4: sending from an earlier point drops the later exchanges, once confirmed.
 * Overwrite posts the send again with `overwrite`, the message and its images as fields:
 * with JavaScript from the input, without it from the draft, where the server kept them
 * when it asked (`?confirm=overwrite`, this dialog rendered open; Cancel goes back to the editor).
 */
export function OverwriteDialog({
  open,
  Form,
  at,
  message,
  attachments,
  closeHref,
  onClose,
  onSubmit,
}: {
  open: boolean
  Form: FetcherWithComponents<unknown>['Form']
  at: number
  message: string
  attachments: Attachment[]
  closeHref: string
  onClose: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      // Without JavaScript the address asked for it: its × is a link back; with it, a button.
      closeHref={useHydrated() ? undefined : closeHref}
      title="Confirm Overwrite"
      description="Sending from here replaces the later steps of this history. Continue?"
    >
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="flex justify-end gap-2">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="at" value={at} />
        <input type="hidden" name="overwrite" value="yes" />
        <input type="hidden" name="message" value={message} />
        <AttachmentFields attachments={attachments} />
        <DismissButton to={closeHref} onDismiss={onClose}>
          Cancel
        </DismissButton>
        <Button type="submit">Overwrite</Button>
      </Form>
    </Dialog>
  )
}

const DECISIONS = {
  accept: { title: 'Accept Generation', description: 'This saves the Piece as shown in the preview and clears the history.', action: 'Accept' },
  reject: { title: 'Reject Generation', description: 'This discards the generated changes and restores the saved Piece.', action: 'Reject' },
} as const

/** Spec 2 §4: Accept writes the shown code into the Piece; Reject restores the saved one. Both clear the history. */
export function DecisionDialog({
  kind,
  busy,
  breaks = [],
  onClose,
  onConfirm,
}: {
  kind: 'accept' | 'reject' | null
  busy: boolean
  /** Issue 31.2: the checks the shown version breaks (they passed on the accepted version). */
  breaks?: string[]
  onClose: () => void
  onConfirm: (kind: 'accept' | 'reject') => void
}) {
  const shown = kind ?? 'accept'
  const warning = shown === 'accept' && breaks.length ? ` ${breaksWords(breaks)}.` : ''
  return (
    <Dialog open={kind !== null} busy={busy} onClose={onClose} title={DECISIONS[shown].title} description={`${DECISIONS[shown].description}${warning}`}>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant={shown === 'reject' ? 'destructive' : 'primary'} pending={busy} onClick={() => onConfirm(shown)}>
          {DECISIONS[shown].action}
        </Button>
      </div>
    </Dialog>
  )
}
