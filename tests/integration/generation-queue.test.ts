import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { endStaleGenerations } from '../../app/generation/generations.server'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import * as status from '../../app/routes/api/api.private.chat.status'
import type { ChatRequest } from '../fakes/openai'
import { call, postJson, useGenerateWorker, type RouteHandler } from '../support/routes'
import { resetEnv } from '../../app/lib/env.server'

/**
 * Issue 27: a worker runs many generations at once (here GENERATION_CONCURRENCY=3, so the
 * tests can fill it), no account takes more than its cap (2 for a free account), a queued
 * generation waits its turn however long (never failed as stale while a worker lives), tells
 * its place, and a send the queue cannot start within a minute is refused at once with 503 and
 * Retry-After. The model is the OpenAI fake, held at its answer's headers.
 */
Object.assign(process.env, { GENERATION_CONCURRENCY: '3' })
resetEnv()
afterAll(() => {
  delete process.env.GENERATION_CONCURRENCY
  resetEnv()
})

// Before the worker starts, so it takes none of them.
// The files before this one share its database, and some leave a generation behind on purpose
// (a worker that "died", a send with no worker): they would take a slot or a place here.
beforeAll(async () => {
  await sql`
    update generations set status = 'failed', stage = 'idle', reserved_tokens = 0, finished_at = now(), error = 'left by an earlier test file'
    where status in ('queued', 'running')`
  // Workers those files killed still count as alive for GENERATION_STALE_SECONDS: their slots would make the queue look roomier than this file's one worker.
  await sql`delete from generation_workers`
})

const model = useGenerateWorker({ model: true })

/** How long a state the test caused may take to show on a busy machine: a bound, never a wait. */
const BOUND = { timeout: 30_000, interval: 50 }

const DOCUMENT = '<!doctype html><html><head><title>Queue</title></head><body><h1>Queue</h1></body></html>'
const isPlan = (body: ChatRequest) => JSON.stringify(body.messages?.[0] ?? '').includes('You plan changes')

async function account(pieces: number) {
  const created = await registerWithPassword(`queue.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const pieceIds: number[] = []
  for (let index = 0; index < pieces; index += 1) pieceIds.push((await createPiece(created.userId, { name: `q_${Math.random().toString(36).slice(2, 9)}` })).id)
  return { userId: created.userId, pieceIds, auth: { Authorization: `Bearer ${token}` } }
}

const sendTo = (auth: Record<string, string>, pieceId: number, message: string) =>
  postJson(send.action as RouteHandler, '/api/private/piece-user-usage', auth, { pieceId, message })

/** The Pieces (of those given) whose generation waits in the queue. */
async function queuedAmong(pieceIds: number[]) {
  const rows = await sql<{ pieceId: number }[]>`select piece_id::int as "pieceId" from generations where piece_id = any(${pieceIds}) and status = 'queued'`
  return rows.map((row) => row.pieceId)
}

async function generationOf(pieceId: number) {
  const [row] = await sql<{ id: number; status: string }[]>`select id::int as id, status from generations where piece_id = ${pieceId} order by id desc limit 1`
  return row
}

const running = async () => (await sql<{ count: number }[]>`select count(*)::int as count from generations where status = 'running'`)[0]!.count

// Bounds, not waits: each test signs up several accounts (password hashing) and a busy machine is slow.
describe('the generation queue', { timeout: 90_000 }, () => {
  it('runs up to its slots at once, holds an account to its cap, keeps a queued generation past the stale limit and tells its place', async () => {
    model().setResponder((body) =>
      isPlan(body)
        ? { content: '{"steps": ["Build it"]}', usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 } }
        : { content: `\`\`\`html\n${DOCUMENT}\n\`\`\``, usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 } },
    )
    const held = model().steer({ match: ['queue-hold'], hold: 'headers' })
    const many = await account(3)
    const other = await account(1)
    const late = await account(1)

    // The account with three Pieces sends three at once: two start, its cap; the third waits.
    const sends = many.pieceIds.map((pieceId, index) => sendTo(many.auth, pieceId, `queue-hold ${index}`))
    await vi.waitFor(async () => expect(await held.held()).toBe(2), BOUND)
    await vi.waitFor(async () => expect(await queuedAmong(many.pieceIds)).toHaveLength(1), BOUND)
    const [capped] = await queuedAmong(many.pieceIds)
    // Another account goes ahead of it, into the worker's third and last slot.
    sends.push(sendTo(other.auth, other.pieceIds[0]!, 'queue-hold other'))
    await vi.waitFor(async () => expect(await held.held()).toBe(3), BOUND)
    expect(await running()).toBe(3)
    // A third account finds every slot taken: it waits behind the capped one.
    sends.push(sendTo(late.auth, late.pieceIds[0]!, 'queue-hold late'))
    await vi.waitFor(async () => expect((await generationOf(late.pieceIds[0]!))?.status).toBe('queued'), BOUND)

    const place = async (auth: Record<string, string>, pieceId: number) =>
      (await call(status, 'GET', `/api/private/chat/status?pieceId=${pieceId}`, auth)).body as { stage: string; queuePosition?: number }
    expect(await place(many.auth, capped!)).toMatchObject({ stage: 'sending', queuePosition: 1 })
    expect(await place(late.auth, late.pieceIds[0]!)).toMatchObject({ stage: 'sending', queuePosition: 2 })
    expect(await place(other.auth, other.pieceIds[0]!)).not.toHaveProperty('queuePosition')
    // The chat hears its place too.
    const queued = (await generationOf(late.pieceIds[0]!))!
    await vi.waitFor(async () => {
      const [event] = await sql<{ position: number }[]>`
        select (payload->>'queuePosition')::int as position from generation_events
        where generation_id = ${queued.id} and payload ? 'queuePosition' order by id desc limit 1`
      expect(event?.position).toBe(2)
    }, BOUND)

    // Waiting far longer than GENERATION_STALE_SECONDS (90 s) is not dying while a worker lives.
    await sql`update generations set created_at = now() - interval '10 minutes', heartbeat_at = null where id = ${queued.id}`
    expect(await endStaleGenerations()).toBe(0)
    expect((await generationOf(late.pieceIds[0]!))?.status).toBe('queued')

    held.release()
    const answers = await Promise.all(sends)
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    for (const answer of answers) expect((await answer.json()).code).toBe(DOCUMENT)
    held.remove()
  })

  it('refuses a send at once with 503 and Retry-After when the queue cannot start it within a minute, charging nothing', async () => {
    model().setResponder((body) => (isPlan(body) ? { content: '{"steps": ["Build it"]}' } : { content: `\`\`\`html\n${DOCUMENT}\n\`\`\`` }))
    // The queue's pace: recent generations that took two minutes each.
    const pacer = await account(1)
    await sql`
      insert into generations (piece_id, user_id, model, request, status, stage, created_at, started_at, finished_at)
      select ${pacer.pieceIds[0]!}, ${pacer.userId}, 'gpt-4.1-mini', '{"message":"paced","attachments":[],"code":"","messageHistory":[]}'::jsonb,
        'complete', 'idle', now() - interval '121 seconds', now() - interval '120 seconds', now()
      from generate_series(1, 50)`
    const held = model().steer({ match: ['busy-hold'], hold: 'headers' })
    try {
      const senders = await Promise.all([account(1), account(1), account(1), account(1)])
      // Three fill the worker's slots; the fourth waits (3 slots, 2 minutes each: about 40 s).
      const sends = senders.map((sender, index) => sendTo(sender.auth, sender.pieceIds[0]!, `busy-hold ${index}`))
      await vi.waitFor(async () => expect(await held.held()).toBe(3), BOUND)
      await vi.waitFor(async () => expect(await queuedAmong(senders.map((sender) => sender.pieceIds[0]!))).toHaveLength(1), BOUND)

      // A fifth would wait about 80 s: refused now, not left to hang.
      const refused = await account(1)
      const answer = await sendTo(refused.auth, refused.pieceIds[0]!, 'busy-hold refused')
      expect(answer.status).toBe(503)
      expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(60)
      expect(await answer.json()).toEqual({
        message: 'All builders are busy right now. Your message is kept: please send it again in a minute. No tokens were charged.',
      })
      expect(await generationOf(refused.pieceIds[0]!)).toBeUndefined()
      const [usage] = await sql<{ tokens: number }[]>`select coalesce(sum(tokens), 0)::int as tokens from usage_days where user_id = ${refused.userId}`
      expect(usage!.tokens).toBe(0)

      held.release()
      expect((await Promise.all(sends)).map((sent) => sent.status)).toEqual([200, 200, 200, 200])
    } finally {
      held.remove()
      // Later files must not inherit a two-minute pace.
      await sql`delete from generations where piece_id = ${pacer.pieceIds[0]!}`
    }
  })
})
