/** The paging cursor of a Piece: its updatedAt, and its id to break ties. */
export const pieceCursor = (piece: { updatedAt: string; id: number }) => `${piece.updatedAt}_${piece.id}`

export type PieceCursor = { updatedAt: Date; id: number | null }

/** An ISO 8601 date or date-time with a four-digit year, as our updatedAt values are written. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i
/** Years 1 to 9999: every moment a Piece can have been updated, and inside what PostgreSQL stores. */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z')
const LATEST = Date.parse('9999-12-31T23:59:59.999Z')

/**
 * `starting_after` is an updatedAt (the spec's cursor: strictly older Pieces follow) or a
 * `next_starting_after` value (updatedAt and id, so Pieces sharing a timestamp are neither
 * skipped nor repeated), the time as ISO 8601 or milliseconds since 1970. Null when it is
 * neither, or names a moment no Piece can have (a year past 9999, a number past any date).
 */
export function parseCursor(value: string): PieceCursor | null {
  const [, time, id] = /^(.+?)(?:_(\d{1,15}))?$/.exec(value.trim()) ?? []
  if (time === undefined) return null
  const ms = /^\d{10,}$/.test(time) ? Number(time) : ISO_TIME.test(time) ? Date.parse(time) : NaN
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST) return null
  return { updatedAt: new Date(ms), id: id === undefined ? null : Number(id) }
}
