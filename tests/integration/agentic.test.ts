import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { setPlan } from '../../app/billing/subscription.server'
import { FREE_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as agentic from '../../app/routes/api/api.private.agentic.execute'
import { LIMIT_MESSAGES } from '../../app/usage/limits.server'
import { startOpenAIFake, type OpenAIFake } from '../fakes/openai'
import { expectErrorLog } from '../support/error-guard'
import { resetEnv } from '../../app/lib/env.server'

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown
const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
async function owner() {
  const created = await registerWithPassword(`agentic.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const piece = await createPiece(created.userId, { name: `ag_${Math.random().toString(36).slice(2, 9)}` })
  return { userId: created.userId, pieceId: piece.id, auth: { Authorization: `Bearer ${token}` } }
}

const execute = (auth: Record<string, string>, body: unknown) =>
  (agentic.action as Handler)({
    request: new Request('http://localhost/api/private/agentic/execute', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    context,
    params: {},
  }) as Promise<Response>

describe('agentic actions offline', () => {
  it('answers result, data, tokensUsed and message, and counts the tokens', async () => {
    const user = await owner()
    const response = await execute(user.auth, { pieceId: user.pieceId, instruction: 'Summarise', input: { rows: [1, 2, 3] } })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ data: { offline: true, instruction: 'Summarise' }, message: 'Action completed' })
    expect(body.tokensUsed).toBeGreaterThan(0)
    const [usage] = await sql<{ tokens: number }[]>`select tokens::int as tokens from usage_days where user_id = ${user.userId}`
    expect(usage!.tokens).toBe(body.tokensUsed)
  })

  it('is 401 signed out, 400 without an instruction, and 429 over the daily limit', async () => {
    const user = await owner()
    expect((await execute({}, { instruction: 'x' })).status).toBe(401)
    const missing = await execute(user.auth, { input: 'x' })
    expect(missing.status).toBe(400)
    await sql`insert into usage_days (user_id, day, tokens) values (${user.userId}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${FREE_DAILY_TOKEN_LIMIT})`
    const limited = await execute(user.auth, { instruction: 'x', input: 'y' })
    expect(limited.status).toBe(429)
    expect((await limited.json()).message).toBe(LIMIT_MESSAGES.free)
  })
})

describe('agentic actions with an OpenAI-compatible server', () => {
  let fake: OpenAIFake
  beforeAll(async () => {
    fake = await startOpenAIFake({
      responder: () => ({ content: '```json\n[{"shares": 10}]\n```', usage: { prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 } }),
    })
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL })
    resetEnv()
  })
  afterAll(async () => {
    delete process.env.OPENAI_API_KEY
    delete process.env.OPENAI_BASE_URL
    resetEnv()
    await fake.close()
  })

  it('sends the instruction and input, parses JSON answers and charges the reported tokens', async () => {
    const user = await owner()
    const response = await execute(user.auth, { instruction: 'List the trades', input: 'raw text' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ data: [{ shares: 10 }], tokensUsed: 49 })
    const sent = JSON.stringify(fake.requests.at(-1)?.messages)
    expect(sent).toContain('List the trades')
    expect(sent).toContain('raw text')
  })

  it('runs a PLUS-only saved model only while the caller is PLUS, the free model after a downgrade', async () => {
    const user = await owner()
    await sql`update users set selected_model = 'gpt-5' where id = ${user.userId}`
    await setPlan(user.userId, 'plus')
    expect((await execute(user.auth, { instruction: 'x', input: 'y' })).status).toBe(200)
    expect(fake.requests.at(-1)?.model).toBe('gpt-5')
    await setPlan(user.userId, 'free')
    expect((await execute(user.auth, { instruction: 'x', input: 'y' })).status).toBe(200)
    expect(fake.requests.at(-1)?.model).toBe('gpt-4.1-mini')
  })

  it('answers 502 and charges nothing when the model server fails', async () => {
    expectErrorLog(/model call failed/)
    fake.setResponder(() => ({ status: 500, error: 'boom' }))
    const user = await owner()
    const response = await execute(user.auth, { instruction: 'x', input: 'y' })
    expect(response.status).toBe(502)
    expect(await sql`select 1 from usage_days where user_id = ${user.userId} and tokens > 0`).toHaveLength(0)
  })
})
