import { pageSignal } from '~/lib/page-signal'

/**
 * Said in the page when a Piece's draft was just saved without the page reloading its data
 * (a generation completed: its `complete` event carries the exchange, decision 0044), so
 * lists ordered by last change (the sidebar's) put that Piece first at once.
 */
type Saved = { pieceId: number; at: string }

const pieceSaved = pageSignal<Saved>('piece saved')

export const announcePieceSaved = (pieceId: number) => pieceSaved.say({ pieceId, at: new Date().toISOString() })

/** Calls `listener` each time a Piece is said saved; answers the function that stops it. */
export const onPieceSaved = pieceSaved.hear

/** The list with the saved Piece first (as the server would order it now); unchanged when it is not listed. */
export function withSavedFirst<T extends { id: number | string; updatedAt: string }>(pieces: T[], { pieceId, at }: Saved): T[] {
  const saved = pieces.find((piece) => String(piece.id) === String(pieceId))
  if (!saved) return pieces
  return [{ ...saved, updatedAt: at }, ...pieces.filter((piece) => piece !== saved)]
}
