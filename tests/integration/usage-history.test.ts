import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { USAGE_HISTORY_DAYS } from '../../app/usage/history'
import { usageHistory } from '../../app/usage/history.server'

/** Issue 29.2: the settings page's last 30 days, per day and per Piece, from what turns were charged. */
describe('the usage history', () => {
  it('gives every one of the last 30 days, each Piece’s charged turns, and the rest of the day’s usage', async () => {
    const created = await registerWithPassword(`history.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const userId = created.userId
    const small = await createPiece(userId, { name: `hist_a_${Math.random().toString(36).slice(2, 8)}` })
    const big = await createPiece(userId, { name: `hist_b_${Math.random().toString(36).slice(2, 8)}` })
    const turn = (pieceId: number, tokens: number, daysAgo: number, status = 'complete') => sql`
      insert into generations (piece_id, user_id, model, request, status, stage, tokens_used, finished_at)
      values (${pieceId}, ${userId}, 'gpt-4.1-mini', ${sql.json({ message: 'm', attachments: [], code: '', messageHistory: [] })},
        ${status}, 'idle', ${tokens}, now() - make_interval(days => ${daysAgo}))`
    await turn(small.id, 1_000, 0)
    await turn(big.id, 5_000, 0)
    await turn(big.id, 2_000, 0, 'stopped')
    await turn(big.id, 0, 0) // refunded: no tokens, not drawn
    await turn(big.id, 9_000, 45) // older than the span
    await sql`insert into usage_days (user_id, day, tokens) values (${userId}, (now() at time zone ${USAGE_TIME_ZONE})::date, 8500)`

    const history = await usageHistory(userId)
    expect(history.days).toHaveLength(USAGE_HISTORY_DAYS)
    const today = history.days.at(-1)!
    expect(today.total).toBe(8_500)
    expect(today.rest).toBe(500)
    expect(today.pieces.sort((a, b) => a.tokens - b.tokens)).toEqual([
      { pieceId: small.id, tokens: 1_000 },
      { pieceId: big.id, tokens: 7_000 },
    ])
    expect(history.pieces.map((piece) => [piece.id, piece.tokens])).toEqual([
      [big.id, 7_000],
      [small.id, 1_000],
    ])
    expect(history.days.slice(0, -1).every((day) => day.total === 0)).toBe(true)
  })
})
