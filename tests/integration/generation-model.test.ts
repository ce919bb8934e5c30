import { describe, expect, it, vi } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { STOPS_CHANNEL } from '../../app/generation/stops.server'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import * as stop from '../../app/routes/api/api.private.chat.stop'
import type { ChatRequest } from '../fakes/openai'
import { expectErrorLog } from '../support/error-guard'
import { postJson, useGenerateWorker, type RouteHandler } from '../support/routes'

/** Full generations through the real `openai` client against the local OpenAI fake. */

const DOCUMENT = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`
const isPlan = (body: ChatRequest) => JSON.stringify(body.messages?.[0] ?? '').includes('You plan changes')

const model = useGenerateWorker({ model: true })

async function owner() {
  const created = await registerWithPassword(`model.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const piece = await createPiece(created.userId, { name: `model_${Math.random().toString(36).slice(2, 9)}` })
  return { userId: created.userId, pieceId: piece.id, auth: { Authorization: `Bearer ${token}` } }
}

const call = postJson

const tokensOf = async (userId: number) =>
  (await sql<{ tokens: number }[]>`select coalesce(sum(tokens), 0)::int as tokens from usage_days where user_id = ${userId}`)[0]!.tokens

describe('a generation with a model server', () => {
  it('plans, builds each step with the model and charges the tokens it reported', async () => {
    model().setResponder((body) =>
      isPlan(body)
        ? { content: 'Plan:\n```json\n{"steps": ["Lay out", "Add logic"]}\n```', usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 } }
        : { content: `Here it is:\n\`\`\`html\n${DOCUMENT('Counter')}\n\`\`\``, usage: { prompt_tokens: 200, completion_tokens: 100, total_tokens: 300 } },
    )
    const user = await owner()
    const response = await call(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message: 'a counter' })
    expect(response.status).toBe(200)
    const result = await response.json()
    expect(result.code).toBe(DOCUMENT('Counter'))
    expect(result.tokensUsed).toBe(660)
    expect(await tokensOf(user.userId)).toBe(660)
    const steps = await sql<{ title: string }[]>`
      select payload->>'currentStepTitle' as title from generation_events
      where piece_id = ${user.pieceId} and payload->>'type' = 'progress' and payload ? 'tokensUsed' order by id`
    expect(steps.map((row) => row.title)).toEqual(['Lay out', 'Lay out', 'Add logic', 'Add logic'])
  })

  it('stops on Stop, aborting the model call, and charges what was spent', async () => {
    model().setResponder((body) =>
      isPlan(body)
        ? { content: '{"steps": ["Slow step"]}', usage: { total_tokens: 40, prompt_tokens: 30, completion_tokens: 10 } }
        : { content: `\`\`\`html\n${DOCUMENT('Slow')}\n\`\`\`` },
    )
    const step = model().steer({ match: ['Request: slow', 'Step 1 of'], hold: 'first-chunk' })
    const user = await owner()
    const sending = call(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message: 'slow' })
    await step.held()
    const stopped = await call(stop.action as RouteHandler, '/api/private/chat/stop', user.auth, { pieceId: user.pieceId })
    expect(await stopped.json()).toEqual({ tokensUsed: 40 })
    expect(await (await sending).json()).toMatchObject({ stopped: true })
    await vi.waitFor(() => expect(model().aborts.length).toBeGreaterThan(0))
    expect(await tokensOf(user.userId)).toBe(40)
    const [piece] = await sql<{ generating: boolean; draft: unknown }[]>`
      select generation_started_at is not null as generating, draft from pieces where id = ${user.pieceId}`
    expect(piece).toEqual({ generating: false, draft: null })
    step.remove()
  })

  it("aborts the model call when Stop's notice is heard: the worker does not wait to read the flag", async () => {
    model().setResponder((body) =>
      isPlan(body) ? { content: '{"steps": ["Held step"]}', usage: { total_tokens: 40, prompt_tokens: 30, completion_tokens: 10 } } : { content: 'never sent' },
    )
    const step = model().steer({ match: ['Request: held', 'Step 1 of'], hold: 'first-chunk' })
    const user = await owner()
    const sending = call(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message: 'held' })
    await step.held()
    // The notice alone, as the stop request sends it after setting the flag: nothing polls, so this is what ends the call.
    const [running] = await sql<{ id: number }[]>`select id::int as id from generations where piece_id = ${user.pieceId} and status = 'running'`
    await sql`select pg_notify(${STOPS_CHANNEL}, ${String(running!.id)})`
    expect(await (await sending).json()).toMatchObject({ stopped: true })
    expect(model().aborts.length).toBeGreaterThan(0)
    step.remove()
  })

  it('ends as failed at no charge when the model answers garbage or the server errors', async () => {
    expectErrorLog(/generation \d+ failed/)
    for (const reply of [{ raw: 'not a stream at all' }, { status: 500, error: 'The server had an error' }]) {
      model().setResponder(() => reply)
      const user = await owner()
      const response = await call(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message: 'x' })
      expect(response.status).toBe(502)
      expect((await response.json()).message).toMatch(/No tokens were charged/)
      expect(await tokensOf(user.userId)).toBe(0)
      const [row] = await sql<{ status: string }[]>`select status from generations where piece_id = ${user.pieceId}`
      expect(row!.status).toBe('failed')
    }
  })

  it('applies patches to the current code and reports the tokens they saved; a failed patch falls back to the full document', async () => {
    const current = DOCUMENT('Old title')
    model().setResponder((body) =>
      isPlan(body)
        ? { content: '{"steps": ["Rename"]}', usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }
        : {
            content: '```json\n{"patches": [{"type": "replace", "target": "<h1>Old title</h1>", "content": "<h1>New title</h1>"}]}\n```',
            usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
          },
    )
    const user = await owner()
    const response = await call(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, {
      pieceId: user.pieceId,
      message: 'rename it',
      code: current,
    })
    const result = await response.json()
    expect(result.code).toBe(current.replace('<h1>Old title</h1>', '<h1>New title</h1>'))
    expect(result.patches).toEqual([{ type: 'replace', target: '<h1>Old title</h1>', content: '<h1>New title</h1>' }])
    expect(result.tokensUsed).toBe(135)
    expect(result.tokensSaved).toBeGreaterThan(0)

    let calls = 0
    model().setResponder((body) => {
      if (isPlan(body)) return { content: '{"steps": ["Rename"]}' }
      calls += 1
      return calls === 1
        ? { content: '```json\n{"patches": [{"type": "replace", "target": "<h2>Not there</h2>", "content": "x"}]}\n```' }
        : { content: `\`\`\`html\n${DOCUMENT('Rebuilt')}\n\`\`\`` }
    })
    const fallback = await (
      await call(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message: 'again', code: current })
    ).json()
    expect(fallback.code).toBe(DOCUMENT('Rebuilt'))
    expect(calls).toBe(2)
  })

  it('shows streamed patches in the preview as each one arrives, before the step ends (issue 13.3)', async () => {
    const start = `<!doctype html><html><body><h1>Old</h1><p>${'A paragraph kept as it is. '.repeat(60)}</p><footer>Footer</footer></body></html>`
    const patches = [
      { type: 'replace', target: '<h1>Old</h1>', content: '<h1>New</h1>' },
      { type: 'insert', target: '<footer>Footer</footer>', content: '<p>Added</p>' },
    ]
    const answer = `\`\`\`json\n${JSON.stringify({ patches }, null, 2)}\n\`\`\``
    model().setResponder((body) => (isPlan(body) ? { content: '{"steps": ["Edit"]}' } : { content: answer }))
    const step = model().steer({ match: ['Request: live patches', 'Step 1 of'], hold: 'finish' })
    const user = await owner()
    const sending = call(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, {
      pieceId: user.pieceId,
      message: 'live patches',
      code: start,
    })
    await step.held()
    const first = start.replace('<h1>Old</h1>', '<h1>New</h1>')
    const both = first.replace('<footer>Footer</footer>', '<footer>Footer</footer><p>Added</p>')
    // The step's answer is all sent but not finished: what the preview got so far came from the stream.
    await vi.waitFor(async () => {
      const live = await sql<{ code: string }[]>`
        select payload->>'latestCode' as code from generation_events
        where piece_id = ${user.pieceId} and payload ? 'latestCode' and not payload ? 'patches' order by id`
      expect(live.map((row) => row.code)).toEqual([first, both])
    })
    step.release()
    const result = await (await sending).json()
    expect(result.code).toBe(both)
    expect(result.patches).toEqual(patches)
    // Saved: the output tokens of writing the whole document out, less those the patches took.
    expect(result.tokensSaved).toBe(Math.ceil(both.length / 4) - Math.ceil(answer.length / 4))
    step.remove()
  })
})
