import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { sql } from '../../app/lib/db.server'
import { distinctFreePorts, processRunner, WEB, WORKER } from '../support/processes'
import { builderResponder, startOpenAIFake } from '../fakes/openai'

/**
 * Nothing about a generation lives in one process: two web processes without workers and
 * one worker process share the database; a send on one web process is watched live from
 * the other.
 */
const run = processRunner(() => ({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! }))

// Real processes start in seconds on an idle machine and many more on a busy one: the bound is generous, never a speed test.
describe('two web processes and one worker', { timeout: 180_000 }, () => {
  it('relays a generation started on one web process to a subscriber on the other', async () => {
    const [portA, previewA, portB, previewB] = await distinctFreePorts(4)
    const webA = run(WEB, { PORT: String(portA), PREVIEW_PORT: String(previewA), WORKERS: 'off', RATE_LIMIT_FORMS_PER_MINUTE: '0' })
    const webB = run(WEB, { PORT: String(portB), PREVIEW_PORT: String(previewB), WORKERS: 'off', RATE_LIMIT_FORMS_PER_MINUTE: '0' })
    const worker = run(WORKER, {})
    await Promise.all([webA.waitFor(/Pieces is ready/), webB.waitFor(/Pieces is ready/), worker.waitFor(/workers running/)])

    const created = await registerWithPassword(`multi.${Date.now()}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const piece = await createPiece(created.userId, { name: `multi_${Math.random().toString(36).slice(2, 9)}` })
    const { token } = await issueToken(created.userId)
    const auth = { Authorization: `Bearer ${token}` }

    const controller = new AbortController()
    const stream = await fetch(`http://127.0.0.1:${portB}/api/private/chat/subscribe?pieceId=${piece.id}`, { headers: auth, signal: controller.signal })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let seen = ''
    seen += decoder.decode((await reader.read()).value)
    expect(seen).toContain('"type":"ready"')

    const answer = fetch(`http://127.0.0.1:${portA}/api/private/piece-user-usage`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pieceId: piece.id, message: 'a to-do list' }),
    })
    while (!seen.includes('"type":"complete"')) {
      const { value, done } = await reader.read()
      if (done) break
      seen += decoder.decode(value)
    }
    controller.abort()
    expect(seen).toContain('"stage":"planning"')
    expect(seen).toContain('"type":"complete"')
    const response = await answer
    expect(response.status).toBe(200)
    expect((await response.json()).tokensUsed).toBeGreaterThan(0)

    for (const process of [webA, webB, worker]) process.child.kill('SIGTERM')
    expect(await Promise.all([webA.exited, webB.exited, worker.exited])).toEqual([0, 0, 0])
  }, 120_000)

  it('takes a generation over when its worker is killed mid-way, and finishes it', async () => {
    const fake = await startOpenAIFake({ responder: builderResponder })
    // The first worker dies while the model is provably mid-answer.
    const step = fake.steer({ match: ['Request: a counter', 'Step 1 of'], hold: 'first-chunk' })
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, GENERATION_STALE_SECONDS: '2' }
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, { ...env, PORT: String(port), PREVIEW_PORT: String(previewPort), WORKERS: 'off' })
    const first = run(WORKER, env)
    await Promise.all([web.waitFor(/Pieces is ready/), first.waitFor(/workers running/)])

    const created = await registerWithPassword(`crash.${Date.now()}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const piece = await createPiece(created.userId, { name: `crash_${Math.random().toString(36).slice(2, 9)}` })
    const { token } = await issueToken(created.userId)
    const answer = fetch(`http://127.0.0.1:${port}/api/private/piece-user-usage`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pieceId: piece.id, message: 'a counter' }),
    })
    await step.held()
    first.child.kill('SIGKILL')
    await first.exited
    step.remove()
    const second = run(WORKER, env)
    await second.waitFor(/workers running/)

    const response = await answer
    expect(response.status).toBe(200)
    expect((await response.json()).code).toContain('<h1>a counter</h1>')
    // The worker that took it over logs it under the id of the request that sent it (docs/decisions/0036).
    const reqId = response.headers.get('x-request-id')
    expect(second.logLines().find((line) => line.msg === 'generation started')).toMatchObject({ reqId, role: 'worker' })
    const [row] = await sql<{ status: string; attempts: number }[]>`select status, attempts from generations where piece_id = ${piece.id}`
    expect(row).toEqual({ status: 'complete', attempts: 2 })
    const [owned] = await sql<{ generating: boolean }[]>`select generation_started_at is not null as generating from pieces where id = ${piece.id}`
    expect(owned!.generating).toBe(false)

    for (const process of [web, second]) process.child.kill('SIGTERM')
    await Promise.all([web.exited, second.exited])
    await fake.close()
  }, 120_000)

  it('stops a generation on the worker process from a web process: the NOTIFY reaches it and the stop answers the tokens', async () => {
    const fake = await startOpenAIFake({ responder: builderResponder })
    const step = fake.steer({ match: ['Request: a timer', 'Step 1 of'], hold: 'first-chunk' })
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, { ...env, PORT: String(port), PREVIEW_PORT: String(previewPort), WORKERS: 'off' })
    const worker = run(WORKER, env)
    await Promise.all([web.waitFor(/Pieces is ready/), worker.waitFor(/workers running/)])

    const created = await registerWithPassword(`stop.${Date.now()}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const piece = await createPiece(created.userId, { name: `stop_${Math.random().toString(36).slice(2, 9)}` })
    const headers = { Authorization: `Bearer ${(await issueToken(created.userId)).token}`, 'Content-Type': 'application/json' }
    const body = JSON.stringify({ pieceId: piece.id, message: 'a timer' })
    const answer = fetch(`http://127.0.0.1:${port}/api/private/piece-user-usage`, { method: 'POST', headers, body })
    await step.held()
    const stopped = await fetch(`http://127.0.0.1:${port}/api/private/chat/stop`, { method: 'POST', headers, body: JSON.stringify({ pieceId: piece.id }) })
    const [row] = await sql<
      { status: string; tokensUsed: number }[]
    >`select status, tokens_used::int as "tokensUsed" from generations where piece_id = ${piece.id}`
    expect(row!.status).toBe('stopped')
    expect(await stopped.json()).toEqual({ tokensUsed: row!.tokensUsed })
    expect(await (await answer).json()).toMatchObject({ stopped: true })
    expect(fake.aborts.length).toBeGreaterThan(0)

    step.remove()
    for (const process of [web, worker]) process.child.kill('SIGTERM')
    await Promise.all([web.exited, worker.exited])
    await fake.close()
  }, 120_000)
})
