import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { costRatio, DEFAULT_SPREAD, spreadOf } from '../../app/generation/estimate'
import { costSpreads } from '../../app/generation/estimate.server'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'

/**
 * Issue 29.1: the spread the page estimates with, read from recorded turns in PostgreSQL,
 * is the one the bench replays with in JavaScript (the same percentiles, the same widening).
 */
async function newPiece() {
  const created = await registerWithPassword(`estimate.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const piece = await createPiece(created.userId, { name: `est_${Math.random().toString(36).slice(2, 10)}` })
  return { userId: created.userId, pieceId: piece.id }
}

/** Completed turns as the engine records them: what each sent and what it used. */
async function record(owner: { userId: number; pieceId: number }, model: string, kind: 'build' | 'edit', turns: { prompt: number; used: number }[]) {
  for (const turn of turns) {
    await sql`
      insert into generations (piece_id, user_id, model, request, status, stage, prompt_tokens, kind, used_tokens, tokens_used, finished_at)
      values (${owner.pieceId}, ${owner.userId}, ${model}, ${sql.json({ message: 'm', attachments: [], code: '', messageHistory: [] })},
        'complete', 'idle', ${turn.prompt}, ${kind}, ${turn.used}, ${turn.used}, now())`
  }
}

describe('the spread of recorded turns', () => {
  it('comes from the Piece’s own turns once it has twenty, exactly as the bench computes it', async () => {
    const owner = await newPiece()
    const turns = Array.from({ length: 24 }, (_, index) => ({ prompt: 200 + index * 37, used: 1_500 + ((index * 7919) % 2_300) }))
    await record(owner, 'gpt-4.1', 'edit', turns)
    const spreads = await costSpreads(owner.pieceId)
    const expected = spreadOf(
      turns.map((turn) => costRatio(turn.used, turn.prompt)),
      'edit',
    )
    expect(spreads['gpt-4.1'].edit.low).toBeCloseTo(expected.low, 9)
    expect(spreads['gpt-4.1'].edit.high).toBeCloseTo(expected.high, 9)
  })

  it('has a spread for every model and kind, the default where no turn is recorded', async () => {
    const owner = await newPiece()
    const spreads = await costSpreads(owner.pieceId)
    for (const model of ['gpt-4.1-mini', 'gpt-4.1', 'gpt-5'] as const) {
      for (const kind of ['build', 'edit'] as const) {
        expect(spreads[model][kind].low).toBeGreaterThan(0)
        expect(spreads[model][kind].high).toBeGreaterThan(spreads[model][kind].low)
      }
    }
    const [row] = await sql<{ recorded: number }[]>`
      select count(*)::int as recorded from generations where status = 'complete' and model = 'gpt-5' and kind = 'build' and used_tokens is not null`
    if (row!.recorded < 5) expect(spreads['gpt-5'].build).toEqual(DEFAULT_SPREAD.build)
  })
})
