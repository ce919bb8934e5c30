import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { appendEvent, followPiece, type StoredEvent } from '../../app/generation/events.server'
import { jsonb, sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'

/** Events written back to back: many NOTIFYs at once, each row read on whichever pool connection is free. */
const EVENTS = 300

describe('the event relay', () => {
  it('hands a live follower every event of a burst once and in order, however the row reads come back', async () => {
    const created = await registerWithPassword(`relay.${Date.now()}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const piece = await createPiece(created.userId, { name: `relay_${Math.random().toString(36).slice(2, 10)}` })
    // Already over, so that no worker of another test file running meanwhile claims it: only its events matter here.
    const [generation] = await sql<{ id: number }[]>`
      insert into generations (piece_id, user_id, model, request, status, stage, finished_at)
      values (${piece.id}, ${created.userId}, 'gpt-4.1', ${jsonb(sql, {})}, 'failed', 'idle', now())
      returning id::int as id`

    // Done once the last written event is delivered; one skipped on the way shows in the comparison.
    const delivered: StoredEvent[] = []
    let last = Infinity
    let lastArrived = () => {}
    const arrived = new Promise<void>((resolve) => (lastArrived = resolve))
    const unsubscribe = await followPiece(piece.id, 0, (stored) => {
      delivered.push(stored)
      if (stored.id >= last) lastArrived()
    })
    const written: number[] = []
    for (let index = 0; index < EVENTS; index += 1) {
      written.push(await appendEvent(sql, generation!.id, { type: 'status', pieceId: piece.id, stage: index % 2 ? 'planning' : 'generating' }))
    }
    last = written.at(-1)!
    if (delivered.some((stored) => stored.id >= last)) lastArrived()
    await arrived
    unsubscribe()

    expect(delivered.map((stored) => stored.id)).toEqual(written)
  })
})
