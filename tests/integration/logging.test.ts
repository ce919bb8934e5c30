import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { distinctFreePorts, processRunner, type LogLine, WEB, WORKER } from '../support/processes'

/**
 * Issue 16.5, docs/decisions/0036: every process logs JSON lines, and the id a request is
 * given (answered in X-Request-Id) is on every line it causes — in the web process that
 * took it and in the worker that ran the generation it queued, down to each event.
 */
const run = processRunner(() => ({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! }))

const withId = (lines: LogLine[], reqId: string) => lines.filter((line) => line.reqId === reqId)

describe('structured logs with request ids', { timeout: 180_000 }, () => {
  it("carries a send's request id into the worker's job, the generation's events and its ending", async () => {
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, { PORT: String(port), PREVIEW_PORT: String(previewPort), WORKERS: 'off' })
    // Debug: each generation event has a line too.
    const worker = run(WORKER, { LOG_LEVEL: 'debug' })
    await Promise.all([web.waitFor(/Pieces is ready/), worker.waitFor(/workers running/)])

    const created = await registerWithPassword(`logs.${Date.now()}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const piece = await createPiece(created.userId, { name: `logs_${Math.random().toString(36).slice(2, 9)}` })
    const { token } = await issueToken(created.userId)
    const response = await fetch(`http://127.0.0.1:${port}/api/private/piece-user-usage`, {
      method: 'POST',
      // Not behind a trusted proxy: an id the client makes up is not taken.
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Request-Id': 'made-up-by-the-client' },
      body: JSON.stringify({ pieceId: piece.id, message: 'a to-do list' }),
    })
    expect(response.status).toBe(200)
    const reqId = response.headers.get('x-request-id')!
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/)

    const [generation] = await sql<{ id: number; requestId: string }[]>`
      select id::int as id, request_id as "requestId" from generations where piece_id = ${piece.id}`
    expect(generation!.requestId).toBe(reqId)
    await web.waitFor(new RegExp(`"reqId":"${reqId}".*"path":"/api/private/piece-user-usage","status":200`))

    const webLines = web.logLines()
    const workerLines = worker.logLines()
    for (const line of [...webLines, ...workerLines]) {
      expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String), component: expect.any(String) })
    }
    expect(webLines.every((line) => line.role === 'web' || line.component === 'database')).toBe(true)

    const request = withId(webLines, reqId).find((line) => line.component === 'http')
    expect(request).toMatchObject({ method: 'POST', path: '/api/private/piece-user-usage', status: 200, ms: expect.any(Number) })

    const inWorker = withId(workerLines, reqId)
    const started = inWorker.find((line) => line.msg === 'generation started')
    expect(started).toMatchObject({ role: 'worker', queue: 'generate', job: expect.any(String), generationId: generation!.id, pieceId: piece.id })
    const events = inWorker.filter((line) => line.msg === 'generation event').map((line) => line.type)
    expect(events[0]).toBe('status')
    expect(events.at(-1)).toBe('complete')
    expect(inWorker.find((line) => line.msg === 'generation complete')).toMatchObject({ generationId: generation!.id, tokensUsed: expect.any(Number) })
    // Nothing of this send was logged under another request's id.
    const generationLines = workerLines.filter((line) => line.generationId === generation!.id)
    expect(generationLines.length).toBeGreaterThan(2)
    expect(generationLines.every((line) => line.reqId === reqId)).toBe(true)

    for (const process of [web, worker]) process.child.kill('SIGTERM')
    expect(await Promise.all([web.exited, worker.exited])).toEqual([0, 0])
  }, 120_000)

  it("takes a trusted proxy's X-Request-Id, never logs a query string, and page-cache hits only at debug", async () => {
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, { PORT: String(port), PREVIEW_PORT: String(previewPort), TRUST_PROXY: 'on', WORKERS: 'off' })
    await web.waitFor(/Pieces is ready/)

    const forwarded = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'X-Request-Id': 'edge-7f3a.1' } })
    expect(forwarded.headers.get('x-request-id')).toBe('edge-7f3a.1')
    // An id that could break a line or flood the log is replaced.
    const hostile = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'X-Request-Id': `a"b${'x'.repeat(200)}` } })
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

    // A page answered from the page cache costs less than its line: logged at debug only.
    const rendered = await fetch(`http://127.0.0.1:${port}/landing`)
    await rendered.text()
    const cached = await fetch(`http://127.0.0.1:${port}/landing`)
    await cached.text()
    expect(cached.headers.get('x-page-cache')).toBe('hit')

    // The query may hold a secret: only the path is logged.
    await fetch(`http://127.0.0.1:${port}/api/private/pieces?token=secret-in-the-query`, { headers: { 'X-Request-Id': 'edge-query' } })

    // Lines are written as responses close, in order: this one is the last.
    await web.waitFor(/"reqId":"edge-query"/)
    const lines = web.logLines()
    expect(lines.find((line) => line.reqId === rendered.headers.get('x-request-id'))).toMatchObject({ path: '/landing', status: 200 })
    expect(lines.find((line) => line.reqId === cached.headers.get('x-request-id'))).toBeUndefined()
    expect(lines.find((line) => line.reqId === 'edge-7f3a.1')).toMatchObject({ component: 'http', path: '/healthz', status: 200 })
    expect(lines.find((line) => line.reqId === 'edge-query')).toMatchObject({ path: '/api/private/pieces', status: 401 })
    expect(web.output()).not.toContain('secret-in-the-query')

    web.child.kill('SIGTERM')
    expect(await web.exited).toBe(0)
  }, 120_000)
})
