import { useId, type FormEvent } from 'react'
import { Switch } from '~/ui/switch'
import { downloadPath } from '../remixes'
import { PIECES_RESOURCE, type MenuPiece } from '../schema'
import { PieceFields, Section } from './section'
import { usePieceFetcher } from './use-piece-fetcher'

/**
 * Issue 32.3 and 32.6: whether others may remix and download the Piece (on by default; it
 * matters while the Piece is public), and Download for the owner. The switch flips at once
 * and rolls back with its toast when the save is refused.
 */
export function RemixesSection({ piece }: { piece: MenuPiece }) {
  const labelId = useId()
  const hintId = useId()
  const fetcher = usePieceFetcher('remixes')
  const submitted = fetcher.formData?.get('allowRemixes')
  const shown = typeof submitted === 'string' ? submitted === 'on' : piece.allowRemixes
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (fetcher.state !== 'idle') event.preventDefault()
  }
  return (
    <Section title="Remixes">
      <fetcher.Form method="post" action={PIECES_RESOURCE} preventScrollReset onSubmit={onSubmit} className="flex items-center justify-between gap-3 px-2 py-1">
        <PieceFields piece={piece} intent="remixes" />
        <input type="hidden" name="allowRemixes" value={shown ? 'off' : 'on'} />
        <div>
          <p id={labelId} className="font-medium">
            Allow remixes
          </p>
          <p id={hintId} className="text-xs text-zinc-500">
            {piece.visibility === 'public' ? 'Anyone can copy this Piece to make their own, and download it' : 'Only public Pieces can be remixed'}
          </p>
        </div>
        <Switch checked={shown} busy={fetcher.state !== 'idle'} aria-labelledby={labelId} aria-describedby={hintId} />
      </fetcher.Form>
      <a href={downloadPath(piece.name)} download={`${piece.name}.html`} className="mt-1 block rounded-md px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">
        <span className="block font-medium">Download</span>
        <span className="block text-xs text-zinc-500">One HTML file that opens from disk</span>
      </a>
    </Section>
  )
}
