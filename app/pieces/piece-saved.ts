/**
 * Said in the page when a Piece's draft was just saved without the page reloading its data
 * (a generation completed: its `complete` event carries the exchange, decision 0044), so
 * lists ordered by last change (the sidebar's) put that Piece first at once.
 */
const PIECE_SAVED = 'piece saved'

type Saved = { pieceId: number; at: string }

export function announcePieceSaved(pieceId: number) {
  window.dispatchEvent(new CustomEvent<Saved>(PIECE_SAVED, { detail: { pieceId, at: new Date().toISOString() } }))
}

/** Calls `listener` each time a Piece is said saved; answers the function that stops it. */
export function onPieceSaved(listener: (saved: Saved) => void) {
  const hear = (event: Event) => listener((event as CustomEvent<Saved>).detail)
  window.addEventListener(PIECE_SAVED, hear)
  return () => window.removeEventListener(PIECE_SAVED, hear)
}

/** The list with the saved Piece first (as the server would order it now); unchanged when it is not listed. */
export function withSavedFirst<T extends { id: number | string; updatedAt: string }>(pieces: T[], { pieceId, at }: Saved): T[] {
  const saved = pieces.find((piece) => String(piece.id) === String(pieceId))
  if (!saved) return pieces
  return [{ ...saved, updatedAt: at }, ...pieces.filter((piece) => piece !== saved)]
}
