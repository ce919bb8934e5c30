import type { AppLoadContext } from '@remix-run/node'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { followPiece } from '../../app/generation/events.server'
import { endStaleGenerations } from '../../app/generation/generations.server'
import { FAILURE_MESSAGES } from '../../app/generation/model-failures'
import { setPlan } from '../../app/billing/subscription.server'
import { FREE_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import * as status from '../../app/routes/api/api.private.chat.status'
import * as stop from '../../app/routes/api/api.private.chat.stop'
import * as subscribe from '../../app/routes/api/api.private.chat.subscribe'
import * as usage from '../../app/routes/api/api.private.user-usage'
import { LIMIT_MESSAGES } from '../../app/usage/limits.server'
import { startBoss } from '../../runtime/boss'
import { startGenerateWorker } from '../../jobs/generate'
import { forgetProcessBoss } from '../../app/lib/jobs.server'

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown
const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
const uniqueEmail = () => `gen.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`

let boss: PgBoss
let stopWorker: () => Promise<void>

beforeAll(async () => {
  boss = await startBoss(process.env.DATABASE_URL!)
  stopWorker = await startGenerateWorker(boss)
})

afterAll(async () => {
  await stopWorker()
  await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
  forgetProcessBoss()
})

async function newOwner(plan: 'free' | 'plus' = 'free') {
  const created = await registerWithPassword(uniqueEmail(), 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  if (plan === 'plus') await setPlan(created.userId, 'plus')
  const { token } = await issueToken(created.userId)
  const piece = await createPiece(created.userId, { name: `gen_${Math.random().toString(36).slice(2, 10)}` })
  return { userId: created.userId, pieceId: piece.id, auth: { Authorization: `Bearer ${token}` } }
}

async function call(handler: Handler, method: string, path: string, auth: Record<string, string>, body?: unknown, signal?: AbortSignal) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  return (await handler({ request, context, params: {} })) as Response
}

const sendMessage = (owner: { pieceId: number; auth: Record<string, string> }, body: Record<string, unknown> = {}) =>
  call(send.action as Handler, 'POST', '/api/private/piece-user-usage', owner.auth, { pieceId: owner.pieceId, message: 'a counter app', ...body })

async function eventsOf(pieceId: number) {
  const rows = await sql<{ payload: { type: string; stage?: string } }[]>`
    select payload from generation_events where piece_id = ${pieceId} order by id`
  return rows.map((row) => `${row.payload.type}:${row.payload.stage ?? ''}`)
}

describe('a send', () => {
  it('queues a generation, streams its stages and answers the result with its tokens', async () => {
    const owner = await newOwner()
    const response = await sendMessage(owner)
    expect(response.status).toBe(200)
    const result = await response.json()
    expect(result).toMatchObject({ code: expect.stringContaining('<html'), patches: expect.any(Array), diffs: expect.any(Array) })
    expect(result.tokensUsed).toBeGreaterThan(0)
    const events = await eventsOf(owner.pieceId)
    expect(events.slice(0, 2)).toEqual(['status:sending', 'status:planning'])
    expect(events).toContain('progress:generating')
    expect(events.at(-1)).toBe('complete:idle')

    const usageResponse = await call(usage.loader as Handler, 'GET', '/api/private/user-usage', owner.auth)
    expect((await usageResponse.json()).dailyTokenCount).toBe(result.tokensUsed)
    const statusResponse = await call(status.loader as Handler, 'GET', `/api/private/chat/status?pieceId=${owner.pieceId}`, owner.auth)
    // Issue 29.2: the last turn's receipt, for API clients too: the offline builder's one edit, charged as used.
    const receipt = { calls: [{ kind: 'edit', title: 'Rewrite', inputTokens: expect.any(Number), outputTokens: expect.any(Number) }], used: result.tokensUsed }
    expect(result.receipt).toMatchObject({ ...receipt, charged: result.tokensUsed, billable: 0, saved: 0 })
    expect(result.receipt.calls[0].inputTokens + result.receipt.calls[0].outputTokens).toBe(result.tokensUsed)
    expect(await statusResponse.json()).toEqual({ type: 'status', stage: 'idle', pieceId: owner.pieceId, receipt: result.receipt })
  })

  it('builds what was asked offline, and answers a request it cannot do in the chat, leaving the page as it was and charging nothing', async () => {
    const owner = await newOwner()
    const built = await (await sendMessage(owner, { message: 'a landing page for a bakery called Sweet Crumbs' })).json()
    expect(built.code).toContain('<h1 id="title">Sweet Crumbs</h1>')
    expect(built.answer).toBeUndefined()

    const edited = await (await sendMessage(owner, { message: 'add an opening hours section', code: built.code })).json()
    expect(edited.code).toContain('<h2>Opening hours</h2>')
    expect(edited.patches.length).toBeGreaterThan(0)
    expect(edited.tokensSaved).toBeGreaterThan(0)

    const answered = await (await sendMessage(owner, { message: 'connect it to my Google calendar', code: edited.code })).json()
    expect(answered).toMatchObject({ code: edited.code, patches: [], tokensUsed: 0, tokensSaved: 0 })
    expect(answered.answer).toMatch(/^Offline mode can't do that yet: .*Connect a model \(OPENAI_API_KEY\) for anything else\.$/)
    expect(answered.code).not.toContain('Google calendar')
    const [piece] = await sql<{ draft: { exchangeHistory: { assistantMessage: { content: string; answer?: string } }[] } }[]>`
      select draft from pieces where id = ${owner.pieceId}`
    const last = piece!.draft.exchangeHistory.at(-1)!.assistantMessage
    expect(last).toMatchObject({ content: edited.code, answer: answered.answer })
    // Issue 26.4: the result and its complete event say the code did not change (no "Generation complete", no Accept for nothing).
    expect(answered.unchanged).toBe(true)
    expect(edited.unchanged).toBeUndefined()
    const [complete] = await sql<{ payload: { unchanged?: boolean } }[]>`
      select payload from generation_events where piece_id = ${owner.pieceId} and payload->>'type' = 'complete' order by id desc limit 1`
    expect(complete!.payload.unchanged).toBe(true)
  })

  it('answers a first prompt about a subject it has no questions for, building nothing, charging nothing (issue 26.4)', async () => {
    const owner = await newOwner()
    const answered = await (await sendMessage(owner, { message: 'a quiz about dinosaurs, 5 questions' })).json()
    expect(answered).toMatchObject({ code: '', patches: [], tokensUsed: 0, unchanged: true })
    expect(answered.answer).toContain('“dinosaurs”')
    const usageResponse = await call(usage.loader as Handler, 'GET', '/api/private/user-usage', owner.auth)
    expect((await usageResponse.json()).dailyTokenCount).toBe(0)
  })

  it('refuses bad input with 400 and a foreign Piece with 404, changing nothing', async () => {
    const owner = await newOwner()
    const stranger = await newOwner()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ message: '   ' }, 400, 'Write a message or attach an image'],
      [{ attachments: [{ type: 'image', url: 'data:text/plain;base64,aGk=' }] }, 400, 'Attachments must be images'],
      [{ attachments: [{ type: 'image', url: 'data:image/png;base64,bm90IGFuIGltYWdl' }] }, 400, 'Attachments must be images'],
      [{ attachments: Array.from({ length: 4 }, () => ({ type: 'image', url: 'data:image/png;base64,AA==' })) }, 400, 'At most 3 images can be attached'],
      [{ pieceId: 'abc' }, 400, 'pieceId must be a number'],
      [{ pieceId: stranger.pieceId }, 404, 'Piece not found'],
    ]
    for (const [body, code, message] of cases) {
      const response = await sendMessage(owner, body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(code)
      expect((await response.json()).message).toBe(message)
    }
    expect(await sql`select 1 from generations where user_id = ${owner.userId}`).toHaveLength(0)
  })

  it('needs PLUS for a premium model (403 requiresSubscription)', async () => {
    const owner = await newOwner()
    const response = await sendMessage(owner, { selectedModel: 'gpt-5' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ requiresSubscription: true })
  })

  it('allows one generation per Piece at a time (409) and holds tokens so parallel sends cannot overspend', async () => {
    const owner = await newOwner()
    await sql`
      insert into usage_days (user_id, day, tokens)
      values (${owner.userId}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${FREE_DAILY_TOKEN_LIMIT - 10})`
    // Hold the worker back: a queued generation keeps its reservation.
    await sql`insert into generations (piece_id, user_id, model, request, reserved_tokens, status, heartbeat_at)
      values (${owner.pieceId}, ${owner.userId}, 'gpt-4.1-mini', '{}', 10, 'running', now())`
    const busy = await sendMessage(owner)
    expect(busy.status).toBe(409)
    expect((await busy.json()).message).toBe('Another generation in progress')

    const second = await createPiece(owner.userId, { name: `gen_${Math.random().toString(36).slice(2, 10)}` })
    const limited = await sendMessage({ ...owner, pieceId: second.id })
    expect(limited.status).toBe(429)
    expect((await limited.json()).message).toBe(LIMIT_MESSAGES.free)
  })

  it('lets only one of two parallel sends through when the allowance has room for one', async () => {
    const owner = await newOwner()
    const second = await createPiece(owner.userId, { name: `gen_${Math.random().toString(36).slice(2, 10)}` })
    await sql`
      insert into usage_days (user_id, day, tokens)
      values (${owner.userId}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${FREE_DAILY_TOKEN_LIMIT - 10})`
    const statuses = (await Promise.all([sendMessage(owner), sendMessage({ ...owner, pieceId: second.id })])).map((response) => response.status)
    expect(statuses.sort()).toEqual([200, 429])
  })

  it('answers PLUS users over the limit with the PLUS message', async () => {
    const owner = await newOwner('plus')
    await sql`
      insert into usage_days (user_id, day, tokens)
      values (${owner.userId}, (now() at time zone ${USAGE_TIME_ZONE})::date, 10000000)`
    const response = await sendMessage(owner)
    expect(response.status).toBe(429)
    expect((await response.json()).message).toContain('PLUS daily token limit')
  })

  it('ends a generation whose worker died for the last time in a worker, never in a request: charges nothing and frees the Piece', async () => {
    const owner = await newOwner()
    const [row] = await sql<{ id: number }[]>`
      insert into generations (piece_id, user_id, model, request, reserved_tokens, status, started_at, heartbeat_at, attempts)
      values (${owner.pieceId}, ${owner.userId}, 'gpt-4.1-mini', '{}', 500, 'running', now() - interval '10 minutes', now() - interval '10 minutes', 2)
      returning id::int as id`
    await sql`update pieces set generation_started_at = now() where id = ${owner.pieceId}`
    const statusOf = async () =>
      (await (await call(status.loader as Handler, 'GET', `/api/private/chat/status?pieceId=${owner.pieceId}`, owner.auth)).json()).stage
    // A status call only reads what the workers left.
    expect(await statusOf()).not.toBe('idle')
    let unfollow = () => {}
    const failed = new Promise<string | undefined>((resolve) => {
      void followPiece(owner.pieceId, 0, ({ event }) => event.generationId === row!.id && event.error && resolve(event.error)).then((stop) => (unfollow = stop))
    })
    // A worker coming up looks for generations whose worker died at once (this file's own looks every 30 s).
    const stopAnother = await startGenerateWorker(boss)
    expect(await failed).toBe(FAILURE_MESSAGES.workerLost)
    unfollow()
    await stopAnother()
    const [ended] = await sql<{ status: string; reserved: number; used: number }[]>`
      select status, reserved_tokens::int as reserved, tokens_used::int as used from generations where id = ${row!.id}`
    expect(ended).toEqual({ status: 'failed', reserved: 0, used: 0 })
    expect(await statusOf()).toBe('idle')
    expect(await endStaleGenerations()).toBe(0)
    expect((await sendMessage(owner)).status).toBe(200)
  })

  it('stop on an idle Piece answers the last tokens and changes nothing', async () => {
    const owner = await newOwner()
    const response = await call(stop.action as Handler, 'POST', '/api/private/chat/stop', owner.auth, { pieceId: owner.pieceId })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ tokensUsed: 0 })
  })
})

describe('the event stream', () => {
  it('sends ready, then every event of a generation with ids, and replays from Last-Event-ID', async () => {
    const owner = await newOwner()
    const controller = new AbortController()
    const response = await call(
      subscribe.loader as Handler,
      'GET',
      `/api/private/chat/subscribe?pieceId=${owner.pieceId}`,
      owner.auth,
      undefined,
      controller.signal,
    )
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const sent = sendMessage(owner)
    while (!text.includes('"type":"complete"')) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    await sent
    controller.abort()
    const frames = text.split('\n\n').filter(Boolean)
    expect(frames[0]).toContain('data: {"type":"ready"')
    const ids = frames.slice(1).map((frame) => Number(/^id: (\d+)$/m.exec(frame)?.[1]))
    expect(ids.every((id, index) => index === 0 || id > ids[index - 1]!)).toBe(true)
    expect(text).toContain('"type":"progress"')

    const replay = new AbortController()
    const again = await call(
      subscribe.loader as Handler,
      'GET',
      `/api/private/chat/subscribe?pieceId=${owner.pieceId}`,
      { ...owner.auth, 'Last-Event-ID': String(ids[0]) },
      undefined,
      replay.signal,
    )
    const replayReader = again.body!.getReader()
    let replayed = ''
    while (!replayed.includes('"type":"complete"')) replayed += decoder.decode((await replayReader.read()).value)
    replay.abort()
    expect(replayed).not.toContain(`id: ${ids[0]}\n`)
    expect(replayed).toContain(`id: ${ids.at(-1)}\n`)
  })
})

describe('usage days', () => {
  it('start at midnight in New York on both sides of the DST changes', async () => {
    const { usageDay } = await import('../../app/usage/limits.server')
    const dayOf = async (iso: string) => {
      const [row] = await sql<{ day: string }[]>`select ${usageDay(sql, new Date(iso))}::text as day`
      return row!.day
    }
    // Spring forward (8 March 2026): midnight EST is 05:00Z.
    expect(await dayOf('2026-03-08T04:59:59Z')).toBe('2026-03-07')
    expect(await dayOf('2026-03-08T05:00:00Z')).toBe('2026-03-08')
    // The day after, midnight EDT is 04:00Z.
    expect(await dayOf('2026-03-09T03:59:59Z')).toBe('2026-03-08')
    expect(await dayOf('2026-03-09T04:00:00Z')).toBe('2026-03-09')
    // Fall back (1 November 2026): midnight EDT is 04:00Z; the next midnight EST is 05:00Z.
    expect(await dayOf('2026-11-01T03:59:59Z')).toBe('2026-10-31')
    expect(await dayOf('2026-11-01T04:00:00Z')).toBe('2026-11-01')
    expect(await dayOf('2026-11-02T04:59:59Z')).toBe('2026-11-01')
    expect(await dayOf('2026-11-02T05:00:00Z')).toBe('2026-11-02')
  })
})
