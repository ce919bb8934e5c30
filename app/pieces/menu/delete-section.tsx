import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { Button, buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { Dialog } from '~/ui/dialog'
import { DELETE_PARAM, PIECES_RESOURCE, type MenuPiece } from '../schema'
import { PieceFields, Section } from './section'
import { usePieceFetcher } from './use-piece-fetcher'

/** Delete Piece opens the confirm dialog: in place with JavaScript, through `?delete-piece=1` without. */
export function DeleteSection({ piece }: { piece: MenuPiece }) {
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const params = new URLSearchParams(location.search)
  params.set(DELETE_PARAM, '1')
  return (
    <Section title="Danger zone">
      <Link
        to={`${location.pathname}?${params}`}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
        className={cn(buttonClasses('ghost', 'sm'), 'w-full justify-start text-red-600 dark:text-red-400')}
      >
        Delete Piece
      </Link>
      {open ? <DeleteDialog piece={piece} onClose={() => setOpen(false)} /> : null}
    </Section>
  )
}

/**
 * The confirm dialog (spec 1 §4: confirm, loading, close). Success goes to /explore with
 * a toast; a refusal is the spec's toast and the dialog stays usable. It cannot be
 * dismissed while the delete runs.
 */
export function DeleteDialog({ piece, onClose }: { piece: MenuPiece; onClose?: () => void }) {
  const navigate = useNavigate()
  const location = useLocation()
  const fetcher = usePieceFetcher('delete')
  const busy = fetcher.state !== 'idle'
  const params = new URLSearchParams(location.search)
  params.delete(DELETE_PARAM)
  const here = `${location.pathname}${params.size ? `?${params}` : ''}`

  return (
    <Dialog
      open
      busy={busy}
      onClose={onClose ?? (() => navigate(here, { replace: true, preventScrollReset: true }))}
      closeHref={onClose ? undefined : here}
      title="Delete Piece"
      description={`This permanently deletes ${piece.name} and its history. This cannot be undone.`}
    >
      <fetcher.Form method="post" action={PIECES_RESOURCE} className="flex justify-end gap-2">
        <PieceFields piece={piece} intent="delete" />
        {onClose ? (
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        ) : (
          <Link to={here} replace className={buttonClasses('secondary')}>
            Cancel
          </Link>
        )}
        <Button type="submit" variant="destructive" pending={busy}>
          Delete
        </Button>
      </fetcher.Form>
    </Dialog>
  )
}
