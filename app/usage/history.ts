/** Issue 29.2: how many usage days the settings page's chart shows. */
export const USAGE_HISTORY_DAYS = 30
export const USAGE_HISTORY_PATH = '/settings/usage'

/** The last 30 days of a user's tokens: each day's total, what each Piece's turns spent, and the rest. */
export type UsageHistory = {
  /** The Pieces that spent tokens in the span, most first. */
  pieces: { id: number; name: string; tokens: number }[]
  days: { day: string; total: number; pieces: { pieceId: number; tokens: number }[]; rest: number }[]
}
