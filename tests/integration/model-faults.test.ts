import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { FAILURE_MESSAGES } from '../../app/generation/model-failures'
import { MODEL_RETRIES } from '../../app/generation/model-client.server'
import { sql } from '../../app/lib/db.server'
import { resetEnv } from '../../app/lib/env.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { PIECE_CODE_MAX } from '../../app/pieces/schema'
import * as agentic from '../../app/routes/api/api.private.agentic.execute'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import { builderResponder, type HoldPoint, type Steer } from '../fakes/openai'
import { expectErrorLog } from '../support/error-guard'
import { postJson, useGenerateWorker, type RouteHandler } from '../support/routes'

/**
 * Issue 37.2–4: a misbehaving OpenAI-compatible server, played by the fake through the real
 * `openai` client. Every fault ends the turn in words that name it, charges nothing and
 * leaves the Piece free: the next send is accepted and builds.
 */

const model = useGenerateWorker({ model: true })

beforeAll(() => model().setResponder(builderResponder))

/** Settings changed for one test (the idle bound, a model name), put back after it. */
const changed = new Map<string, string | undefined>()
function setEnv(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    if (!changed.has(name)) changed.set(name, process.env[name])
    process.env[name] = value
  }
  resetEnv()
}

/** The settings as they were (also before a follow-up send: a tiny idle bound is for the faulty call only). */
function restoreEnv() {
  for (const [name, value] of changed) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  changed.clear()
  resetEnv()
}
afterEach(() => restoreEnv())

async function owner() {
  const created = await registerWithPassword(`faults.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const piece = await createPiece(created.userId, { name: `fault_${Math.random().toString(36).slice(2, 9)}` })
  return { userId: created.userId, pieceId: piece.id, auth: { Authorization: `Bearer ${token}` } }
}
type Owner = Awaited<ReturnType<typeof owner>>

const sendMessage = (user: Owner, message: string) =>
  postJson(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message })

const tokensOf = async (userId: number) =>
  (await sql<{ tokens: number }[]>`select coalesce(sum(tokens), 0)::int as tokens from usage_days where user_id = ${userId}`)[0]!.tokens

const callsFor = (text: string) => model().calls.filter((call) => JSON.stringify(call.request.messages).includes(text)).length

/**
 * Sends `message` with the fake steered as `steer` (on the first step when `onStep`): the
 * turn fails in `words`, its row has ended, nothing is charged, and once the steering is
 * gone the same send on the same Piece builds.
 */
async function expectFault(message: string, steer: Steer, words: string, { onStep = false, idleSeconds }: { onStep?: boolean; idleSeconds?: number } = {}) {
  const user = await owner()
  const steering = model().steer({ ...steer, match: onStep ? [message, 'Step 1 of'] : [message] })
  if (idleSeconds !== undefined) setEnv({ MODEL_IDLE_SECONDS: String(idleSeconds) })
  const response = await sendMessage(user, message)
  steering.remove()
  expect(response.status).toBe(502)
  expect((await response.json()).message).toBe(words)
  const rows = await sql<{ status: string; stage: string; error: string }[]>`select status, stage, error from generations where piece_id = ${user.pieceId}`
  expect(rows).toEqual([{ status: 'failed', stage: 'idle', error: words }])
  expect(await tokensOf(user.userId)).toBe(0)

  restoreEnv()
  const next = await sendMessage(user, message)
  expect(next.status).toBe(200)
  expect((await next.json()).code).toContain('<html')
  return { user, steering }
}

describe('a model server that goes silent (issue 37.2)', () => {
  for (const hold of ['headers', 'body', 'first-chunk'] as HoldPoint[]) {
    it(`ends the turn once it is silent for MODEL_IDLE_SECONDS (held at ${hold}), and frees the Piece at once`, async () => {
      const message = `a stall at ${hold}`
      await expectFault(message, { hold }, FAILURE_MESSAGES.stalled, { idleSeconds: 0.5 })
      // The client went away from the stalled answer: nothing waits on it.
      expect(model().aborts.some((body) => JSON.stringify(body.messages).includes(message))).toBe(true)
    })
  }

  it("waits for a slow model's first token (held before its headers, released inside the bound)", async () => {
    const user = await owner()
    const steering = model().steer({ match: ['a slow first token'], hold: 'headers' })
    const sending = sendMessage(user, 'a slow first token')
    await steering.held()
    const [running] = await sql<{ status: string }[]>`select status from generations where piece_id = ${user.pieceId}`
    expect(running!.status).toBe('running')
    steering.release()
    const response = await sending
    expect(response.status).toBe(200)
    expect((await response.json()).code).toContain('a slow first token')
    steering.remove()
  })
})

describe('a model server that fails says what happened (issue 37.3)', () => {
  it(`retries a 429 after its Retry-After, at most ${MODEL_RETRIES} times, then says the server is busy`, async () => {
    await expectFault('busy always', { status: 429, error: 'Rate limit reached', retryAfter: '0' }, FAILURE_MESSAGES.busy)
    // The plan call, its retries, then (once free) the follow-up's plan and two steps.
    expect(callsFor('busy always')).toBe(1 + MODEL_RETRIES + 3)
  })

  it('builds when a 429 clears within the retries', async () => {
    const user = await owner()
    const steering = model().steer({ match: ['busy once'], status: 429, retryAfter: '0', times: 1 })
    const response = await sendMessage(user, 'busy once')
    expect(response.status).toBe(200)
    expect(callsFor('busy once')).toBe(4)
    steering.remove()
  })

  it('does not wait for a Retry-After longer than its bound, in seconds or as a date: the busy words at once', async () => {
    for (const [message, retryAfter] of [
      ['busy for an hour', '3600'],
      ['busy until tomorrow', new Date(Date.now() + 86_400_000).toUTCString()],
    ] as const) {
      await expectFault(message, { status: 429, retryAfter }, FAILURE_MESSAGES.busy)
      expect(callsFor(message)).toBe(1 + 3)
    }
  })

  it('names a model the server does not have, and the log names the setting to change', async () => {
    expectErrorLog(/OPENAI_MODEL_GPT_4_1_MINI/)
    const user = await owner()
    setEnv({ OPENAI_MODEL_GPT_4_1_MINI: 'no-such-model' })
    const response = await sendMessage(user, 'an unknown model')
    expect(response.status).toBe(502)
    expect((await response.json()).message).toBe(FAILURE_MESSAGES.unknownModel('no-such-model'))
    expect(await tokensOf(user.userId)).toBe(0)
    const lines = vi.mocked(process.stdout.write).mock.calls.map(([chunk]) => String(chunk))
    expect(lines.some((line) => /"level":"error"/.test(line) && line.includes('set OPENAI_MODEL_GPT_4_1_MINI to a model it serves'))).toBe(true)
    restoreEnv()
    expect((await sendMessage(user, 'an unknown model')).status).toBe(200)
  })

  it('says the answer was cut off when the connection drops half-way', async () => {
    await expectFault('a reset answer', { cut: 'reset' }, FAILURE_MESSAGES.cutOff, { onStep: true })
  })

  it('says the answer was cut off when the stream ends half-way without finishing', async () => {
    await expectFault('an unfinished answer', { cut: 'end' }, FAILURE_MESSAGES.cutOff, { onStep: true })
  })

  it('says the answer was garbled when a chunk is not JSON', async () => {
    await expectFault('a garbled answer', { garble: true }, FAILURE_MESSAGES.garbled, { onStep: true })
  })

  it('says the model answered nothing', async () => {
    await expectFault('an empty answer', { content: '' }, FAILURE_MESSAGES.empty, { onStep: true })
  })

  it('keeps the words of a server that is down', async () => {
    expectErrorLog(/the model server answered 500/)
    await expectFault('a server error', { status: 500 }, FAILURE_MESSAGES.unavailable)
  })
})

/** A page of `chars` characters, in lines (so the fake streams it in many chunks). */
const pageOf = (chars: number) => {
  const line = `<p>${'x'.repeat(995)}</p>\n`
  return `Here is the page.\n\`\`\`html\n<!doctype html><html><body>\n${line.repeat(Math.ceil(chars / line.length))}</body></html>\n\`\`\``
}

describe('a page bigger than a Piece can hold (issue 37.4)', () => {
  it('stops reading the answer at the limit, charges nothing and says the page was too big', async () => {
    // Far more than the sockets between the fake and the client buffer, so a client that stops reading leaves most of it unsent.
    const message = 'a huge page'
    await expectFault(message, { content: pageOf(12 * PIECE_CODE_MAX), unbounded: true }, FAILURE_MESSAGES.tooBig, { onStep: true })
    expect(model().aborts.some((body) => JSON.stringify(body.messages).includes(message))).toBe(true)
  })

  it('does not keep a page just over the limit either', async () => {
    await expectFault('a page just too big', { content: pageOf(PIECE_CODE_MAX + 2_000), unbounded: true }, FAILURE_MESSAGES.tooBig, { onStep: true })
  })
})

describe('agentic actions meet the same faults in the same words', () => {
  const execute = (user: Owner, instruction: string) =>
    postJson(agentic.action as RouteHandler, '/api/private/agentic/execute', user.auth, { pieceId: user.pieceId, instruction, input: 'y' })

  for (const [instruction, steer, words, idleSeconds] of [
    ['stall', { hold: 'headers' }, FAILURE_MESSAGES.stalled, 0.5],
    ['be busy', { status: 429, retryAfter: '0' }, FAILURE_MESSAGES.busy, undefined],
    ['say nothing', { content: '' }, FAILURE_MESSAGES.empty, undefined],
  ] as const) {
    it(`${instruction}: ${words}`, async () => {
      const user = await owner()
      const steering = model().steer({ ...steer, match: [`Instruction:\n${instruction}`] })
      if (idleSeconds) setEnv({ MODEL_IDLE_SECONDS: String(idleSeconds) })
      const response = await execute(user, instruction)
      steering.remove()
      expect(response.status).toBe(502)
      expect((await response.json()).message).toBe(words)
      expect(await tokensOf(user.userId)).toBe(0)
      restoreEnv()
      expect((await execute(user, instruction)).status).toBe(200)
    })
  }
})
