import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { FREE_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as agentic from '../../app/routes/api/api.private.agentic.execute'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import { LIMIT_MESSAGES } from '../../app/usage/limits.server'
import { builderResponder, type ChatRequest, type Usage } from '../fakes/openai'
import { postJson, useGenerateWorker, type RouteHandler } from '../support/routes'

/**
 * Issue 15, item 9: a model server that reports far more tokens than a call was allowed,
 * and parallel calls that each saw the same room, took a free user past the daily limit.
 * Every call reserves under the user's lock, its budget fits the reservation and its
 * charge never passes it.
 */
type Owner = { userId: number; pieceIds: number[]; auth: Record<string, string> }

const model = useGenerateWorker({ model: true })

async function newOwner(pieces = 1, usedToday = 0): Promise<Owner> {
  const created = await registerWithPassword(`overspend.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const pieceIds: number[] = []
  for (let index = 0; index < pieces; index += 1) {
    pieceIds.push((await createPiece(created.userId, { name: `over_${Math.random().toString(36).slice(2, 10)}` })).id)
  }
  if (usedToday) {
    await sql`insert into usage_days (user_id, day, tokens) values (${created.userId}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${usedToday})`
  }
  return { userId: created.userId, pieceIds, auth: { Authorization: `Bearer ${token}` } }
}

const post = (handler: RouteHandler, path: string, owner: Owner, body: unknown) => postJson(handler, path, owner.auth, body)

const sendTo = (owner: Owner, pieceId: number, body: Record<string, unknown>) =>
  post(send.action as RouteHandler, '/api/private/piece-user-usage', owner, { pieceId, ...body })
const execute = (owner: Owner, body: Record<string, unknown>) => post(agentic.action as RouteHandler, '/api/private/agentic/execute', owner, body)

const usedToday = async (userId: number) =>
  (
    await sql<{ tokens: number }[]>`
    select coalesce(sum(tokens), 0)::int as tokens from usage_days
    where user_id = ${userId} and day = (now() at time zone ${USAGE_TIME_ZONE})::date`
  )[0]!.tokens

const usage = (total: number): Usage => ({ prompt_tokens: Math.floor(total / 2), completion_tokens: total - Math.floor(total / 2), total_tokens: total })
const mentions = (body: ChatRequest, text: string) => JSON.stringify(body.messages).includes(text)

/** Mulberry32: a seeded generator, so a failing run replays exactly. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('token limits under parallel calls', () => {
  it('never let random batches of parallel sends and agentic calls take a free user past the daily limit', { timeout: 120_000 }, async () => {
    // Two generators: the batches replay exactly, whichever order the replies come in.
    const batches = seeded(15_009)
    const replies = seeded(9_015)
    const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1))
    // Every reply claims 20k to 150k tokens, far past what one call may spend.
    model().setResponder(async (body) => ({ ...(await builderResponder(body)), usage: usage(between(replies, 20_000, 150_000)) }))
    const owners = await Promise.all([newOwner(2), newOwner(2), newOwner(2, FREE_DAILY_TOKEN_LIMIT - 70_000)])
    const statuses = new Map<Owner, number[]>(owners.map((owner) => [owner, []]))
    for (let round = 0; round < 8; round += 1) {
      const calls = owners.flatMap((owner) =>
        Array.from({ length: between(batches, 2, 5) }, async (_, index) => {
          const response =
            batches() < 0.5
              ? await sendTo(owner, owner.pieceIds[between(batches, 0, owner.pieceIds.length - 1)]!, { message: `round ${round} send ${index}` })
              : await execute(owner, { instruction: `Round ${round} action ${index}`, input: { rows: between(batches, 1, 99) } })
          statuses.get(owner)!.push(response.status)
        }),
      )
      await Promise.all(calls)
      for (const owner of owners) expect(await usedToday(owner.userId), `round ${round}`).toBeLessThanOrEqual(FREE_DAILY_TOKEN_LIMIT)
    }
    for (const seen of statuses.values()) {
      expect(seen.filter((status) => ![200, 409, 429, 502].includes(status))).toEqual([])
      // Each user reached the limit: the last calls were refused.
      expect(seen).toContain(429)
    }
  })

  it('charges a send whose replies report more than its reservation exactly the reservation, and caps every answer to it', async () => {
    const owner = await newOwner(1, FREE_DAILY_TOKEN_LIMIT - 20_000)
    model().setResponder(async (body) => ({
      ...(await builderResponder(body)),
      usage: usage(JSON.stringify(body.messages).includes('You plan') ? 60 : 500_000),
    }))
    const response = await sendTo(owner, owner.pieceIds[0]!, { message: 'a reservation-sized counter' })
    expect(response.status).toBe(200)
    expect((await response.json()).tokensUsed).toBe(20_000)
    expect(await usedToday(owner.userId)).toBe(FREE_DAILY_TOKEN_LIMIT)
    const [generation] = await sql<{ tokensUsed: number }[]>`select tokens_used::int as "tokensUsed" from generations where user_id = ${owner.userId}`
    expect(generation!.tokensUsed).toBe(20_000)
    const asked = model().requests.filter((body) => mentions(body, 'a reservation-sized counter'))
    expect(asked.length).toBeGreaterThan(0)
    for (const body of asked) expect(body.max_completion_tokens).toBeLessThan(20_000)
  })

  it('charges an agentic call whose reply reports more than its hold exactly the hold', async () => {
    const owner = await newOwner(1, FREE_DAILY_TOKEN_LIMIT - 5_000)
    model().setResponder(async (body) => ({ ...(await builderResponder(body)), usage: usage(500_000) }))
    const response = await execute(owner, { instruction: 'Spend a lot', input: 'x' })
    expect(response.status).toBe(200)
    expect((await response.json()).tokensUsed).toBe(5_000)
    expect(await usedToday(owner.userId)).toBe(FREE_DAILY_TOKEN_LIMIT)
    expect(model().requests.find((body) => mentions(body, 'Spend a lot'))?.max_completion_tokens).toBeLessThan(5_000)
  })

  it('refuses up front, with the limit message, a call whose prompt alone passes what is left', async () => {
    const owner = await newOwner(1, FREE_DAILY_TOKEN_LIMIT - 5_000)
    const sent = await sendTo(owner, owner.pieceIds[0]!, { message: 'too big to fit', code: `<!doctype html><p>${'x'.repeat(40_000)}</p>` })
    expect(sent.status).toBe(429)
    expect((await sent.json()).message).toBe(LIMIT_MESSAGES.free)
    const acted = await execute(owner, { instruction: 'Too big to fit', input: 'y'.repeat(40_000) })
    expect(acted.status).toBe(429)
    expect((await acted.json()).message).toBe(LIMIT_MESSAGES.free)
    expect(model().requests.filter((body) => mentions(body, 'too big to fit') || mentions(body, 'Too big to fit'))).toEqual([])
    expect(await usedToday(owner.userId)).toBe(FREE_DAILY_TOKEN_LIMIT - 5_000)
  })
})
