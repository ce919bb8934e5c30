import { USAGE_TIME_ZONE } from '~/lib/constants'
import { sql } from '~/lib/db.server'
import { USAGE_HISTORY_DAYS, type UsageHistory } from './history'

/**
 * Issue 29.2: the user's tokens on each of the last 30 usage days (Eastern Time, as the
 * allowance), split by the Piece whose turns spent them; what no Piece's turn spent (an
 * agentic action of a Piece, a Piece since deleted) is the day's rest.
 */
export async function usageHistory(userId: number): Promise<UsageHistory> {
  const [totals, spent] = await Promise.all([
    sql<{ day: string; tokens: number }[]>`
      select span.day::date::text as day, coalesce(u.tokens, 0)::float8 as tokens
      from generate_series((now() at time zone ${USAGE_TIME_ZONE})::date - ${USAGE_HISTORY_DAYS - 1}::int,
        (now() at time zone ${USAGE_TIME_ZONE})::date, interval '1 day') as span(day)
        left join usage_days u on u.user_id = ${userId} and u.day = span.day::date
      order by span.day`,
    sql<{ day: string; pieceId: number; name: string; tokens: number }[]>`
      select (g.finished_at at time zone ${USAGE_TIME_ZONE})::date::text as day, p.id::int as "pieceId", p.name, sum(g.tokens_used)::float8 as tokens
      from generations g join pieces p on p.id = g.piece_id
      where g.user_id = ${userId} and g.tokens_used > 0
        and g.finished_at >= ((now() at time zone ${USAGE_TIME_ZONE})::date - ${USAGE_HISTORY_DAYS - 1}::int)::timestamp at time zone ${USAGE_TIME_ZONE}
      group by 1, p.id, p.name`,
  ])
  const pieces = new Map<number, { id: number; name: string; tokens: number }>()
  for (const row of spent) {
    const piece = pieces.get(row.pieceId) ?? { id: row.pieceId, name: row.name, tokens: 0 }
    piece.tokens += row.tokens
    pieces.set(row.pieceId, piece)
  }
  return {
    pieces: [...pieces.values()].sort((a, b) => b.tokens - a.tokens).map(({ id, name, tokens }) => ({ id, name, tokens })),
    days: totals.map(({ day, tokens }) => {
      const byPiece = spent.filter((row) => row.day === day).map((row) => ({ pieceId: row.pieceId, tokens: row.tokens }))
      const pieceTotal = byPiece.reduce((sum, row) => sum + row.tokens, 0)
      return { day, total: Math.max(tokens, pieceTotal), pieces: byPiece, rest: Math.max(0, tokens - pieceTotal) }
    }),
  }
}
