import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'

/** Spec 2 §4: sending from an earlier point drops the later exchanges, once confirmed. */
export function OverwriteDialog({ open, onClose, onOverwrite }: { open: boolean; onClose: () => void; onOverwrite: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Confirm Overwrite" description="Sending from here replaces the later steps of this history. Continue?">
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onOverwrite}>Overwrite</Button>
      </div>
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
  onClose,
  onConfirm,
}: {
  kind: 'accept' | 'reject' | null
  busy: boolean
  onClose: () => void
  onConfirm: (kind: 'accept' | 'reject') => void
}) {
  const shown = kind ?? 'accept'
  return (
    <Dialog open={kind !== null} busy={busy} onClose={onClose} title={DECISIONS[shown].title} description={DECISIONS[shown].description}>
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
