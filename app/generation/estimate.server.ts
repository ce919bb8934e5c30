import { sql } from '~/lib/db.server'
import { MODELS, type ModelId } from '~/lib/models'
import {
  DEFAULT_SPREAD,
  ESTIMATE_BASE_TOKENS,
  ESTIMATE_MIN_TURNS,
  ESTIMATE_TAIL,
  TURN_KINDS,
  widened,
  type CostSpread,
  type CostSpreads,
  type TurnKind,
} from './estimate'

/** Recent turns the spread is read from, overall and on one Piece. */
const RECENT_TURNS = 500
const PIECE_TURNS = 50
/** A Piece's own turns are used once it has this many of a kind and model. */
const PIECE_MIN_TURNS = 20

type Row = { model: string; kind: TurnKind; turns: number; low: number | null; high: number | null }

/**
 * Issue 29.1: the spread of what turns cost, for each model and kind: from this Piece's own
 * recent turns when it has enough, else from everyone's recent turns, else the default. A
 * turn that used nothing (an answer that left the page as it was) says nothing of a build's cost.
 * PostgreSQL's percentile_cont is the same interpolation as `percentile` (estimate.ts).
 */
export async function costSpreads(pieceId: number): Promise<CostSpreads> {
  const [overall, own] = await Promise.all([spreadRows(null, RECENT_TURNS), spreadRows(pieceId, PIECE_TURNS)])
  const spread = (model: ModelId, kind: TurnKind): CostSpread => {
    const mine = own.find((row) => row.model === model && row.kind === kind)
    if (mine && mine.turns >= PIECE_MIN_TURNS && mine.low !== null && mine.high !== null) return widened({ low: mine.low, high: mine.high }, mine.turns)
    const all = overall.find((row) => row.model === model && row.kind === kind)
    if (all && all.turns >= ESTIMATE_MIN_TURNS && all.low !== null && all.high !== null) return widened({ low: all.low, high: all.high }, all.turns)
    return DEFAULT_SPREAD[kind]
  }
  return Object.fromEntries(MODELS.map(({ id }) => [id, Object.fromEntries(TURN_KINDS.map((kind) => [kind, spread(id, kind)]))])) as CostSpreads
}

/** The recent completed turns of each model and kind (on one Piece, or all), their count and the spread of their ratios. */
function spreadRows(pieceId: number | null, limit: number) {
  const models = MODELS.map(({ id }) => id)
  return sql<Row[]>`
    select combo.model, combo.kind, count(turn.ratio)::int as turns,
      percentile_cont(${ESTIMATE_TAIL}::float8) within group (order by turn.ratio) as low,
      percentile_cont(${1 - ESTIMATE_TAIL}::float8) within group (order by turn.ratio) as high
    from unnest(${models}::text[]) as m(model)
      cross join unnest(${[...TURN_KINDS]}::text[]) as k(kind)
      cross join lateral (select m.model, k.kind) as combo
      left join lateral (
        select used_tokens::float8 / (prompt_tokens + ${ESTIMATE_BASE_TOKENS}) as ratio
        from generations
        where status = 'complete' and kind = combo.kind and model = combo.model and used_tokens > 0 and prompt_tokens is not null
          and (${pieceId}::bigint is null or piece_id = ${pieceId}::bigint)
        order by id desc
        limit ${limit}
      ) as turn on true
    group by combo.model, combo.kind`
}
