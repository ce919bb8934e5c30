/** The paging cursor of a Piece: its updatedAt, and its id to break ties. */
export const pieceCursor = (piece: { updatedAt: string; id: number }) => `${piece.updatedAt}_${piece.id}`

/**
 * `starting_after` is an updatedAt (the spec's cursor: strictly older Pieces follow) or a
 * `next_starting_after` value (updatedAt and id, so Pieces sharing a timestamp are neither
 * skipped nor repeated). Null when it is neither.
 */
export function parseCursor(value: string): { updatedAt: Date; id: number | null } | null {
  const match = /^(.+?)(?:_(\d{1,15}))?$/.exec(value.trim())
  if (!match) return null
  const time = /^\d{10,}$/.test(match[1]!) ? Number(match[1]) : Date.parse(match[1]!)
  if (!Number.isFinite(time)) return null
  return { updatedAt: new Date(time), id: match[2] === undefined ? null : Number(match[2]) }
}
