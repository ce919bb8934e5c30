import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../support/billing'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { distinctFreePorts, processRunner, WEB, WORKER } from '../support/processes'

/**
 * The product's Prometheus endpoint (docs/decisions/0034), scraped from real processes. Its
 * counters are the process's own, and a process's worker takes any job in its database's
 * queues: these processes get a database of their own, so a job another test file left
 * queued is never run and counted here (a second screenshot job once was).
 */
let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase('metrics')
})
afterAll(async () => {
  await database?.drop()
})
const run = processRunner(() => ({ DATABASE_URL: database.url, SESSION_SECRET: process.env.SESSION_SECRET! }))

type Sample = { name: string; labels: Record<string, string>; value: number }

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!
      return { name: name!, labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, val]) => [key!, val!])), value: Number(value) }
    })
}

/** The sum of a metric's samples whose labels include `labels`. */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0)

async function scrape(url: string) {
  const response = await fetch(url)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return parse(await response.text())
}

/** A new account with a token and a Piece, made over HTTP in the product under test (its database is its own). */
async function newUser(base: string, label: string) {
  const [email, password] = [`${label}.${Date.now()}@example.com`, 'correct horse battery']
  const signedUp = await fetch(`${base}/signup`, { method: 'POST', body: new URLSearchParams({ email, password }), redirect: 'manual' })
  expect(signedUp.status).toBe(302)
  const issued = await fetch(`${base}/api/public/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(issued.status).toBe(201)
  const auth = { Authorization: `Bearer ${((await issued.json()) as { token: string }).token}` }
  const created = await fetch(`${base}/api/private/pieces`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `${label}_${Math.random().toString(36).slice(2, 9)}` }),
  })
  expect(created.status).toBe(201)
  return { piece: (await created.json()) as { id: number }, auth }
}

// Real processes start in seconds on an idle machine and many more on a busy one: the bound is generous, never a speed test.
describe('metrics', { timeout: 180_000 }, () => {
  it('with METRICS=on, /metrics on the app port counts requests by bounded route, streams, queues, jobs, generations and tokens', async () => {
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, { PORT: String(port), PREVIEW_PORT: String(previewPort), METRICS: 'on', RATE_LIMIT_FORMS_PER_MINUTE: '0' })
    await web.waitFor(/Pieces is ready/)
    expect(web.output()).toContain(`metrics: at http://localhost:${port}/metrics`)
    const base = `http://127.0.0.1:${port}`
    const before = await scrape(`${base}/metrics`)
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'pieces_sse_connections']) {
      expect(before.some((sample) => sample.name === name)).toBe(true)
    }
    expect(total(before, 'pieces_sse_connections')).toBe(0)
    for (const queue of ['generate', 'screenshot', 'cleanup', 'image-gc']) {
      expect(before.find((sample) => sample.name === 'pieces_queue_depth' && sample.labels.queue === queue)?.value).toBeGreaterThanOrEqual(0)
    }

    // Pages: the first /landing renders on the full path, the next ones come from the page cache before Express.
    const documents = { name: 'pieces_http_request_duration_seconds_count', labels: { method: 'GET', route: 'document', status: '2xx' } }
    const cacheAnswers: (string | null)[] = []
    for (let visit = 0; visit < 3; visit += 1) {
      const response = await fetch(`${base}/landing`)
      expect(response.status).toBe(200)
      cacheAnswers.push(response.headers.get('x-page-cache'))
      await response.arrayBuffer()
    }
    expect(cacheAnswers).toContain('hit')
    const { piece, auth } = await newUser(base, 'metrics')
    expect((await fetch(`${base}/api/private/chat/status?pieceId=${piece.id}`)).status).toBe(401)
    expect((await fetch(`${base}/api/no/such/${'x'.repeat(300)}?q=1`)).status).toBe(404)

    const controller = new AbortController()
    const stream = await fetch(`${base}/api/private/chat/subscribe?pieceId=${piece.id}`, { headers: auth, signal: controller.signal })
    expect(stream.status).toBe(200)
    const reader = stream.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"type":"ready"')
    const open = await scrape(`${base}/metrics`)
    expect(total(open, 'pieces_sse_connections')).toBe(1)

    // A generation with the offline model, through the worker inside this process.
    const sent = await fetch(`${base}/api/private/piece-user-usage`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pieceId: piece.id, message: 'a to-do list' }),
    })
    expect(sent.status).toBe(200)
    const { tokensUsed } = (await sent.json()) as { tokensUsed: number }
    expect(tokensUsed).toBeGreaterThan(0)
    controller.abort()

    // A saved change of code asks for a screenshot, taken by the same worker.
    const saved = await fetch(`${base}/api/private/pieces?id=${piece.id}`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: '<!doctype html><h1>Saved by hand</h1>' }),
    })
    expect(saved.status).toBe(200)
    await web.waitFor(new RegExp(`"pieceId":${piece.id},[^\\n]*"msg":"screenshot saved"`))

    // Jobs are counted once their handler returned, a moment after the answers above: waited for, not assumed.
    const after = await eventually(
      () => scrape(`${base}/metrics`),
      (samples) => {
        expect(total(samples, 'pieces_job_duration_seconds_count', { queue: 'generate', outcome: 'ok' })).toBe(1)
        expect(total(samples, 'pieces_job_duration_seconds_count', { queue: 'screenshot', outcome: 'ok' })).toBe(1)
        expect(total(samples, 'pieces_sse_connections')).toBe(0)
        expect(total(samples, 'pieces_http_request_duration_seconds_count', { route: '/api/private/chat/subscribe', status: '2xx' })).toBe(1)
      },
    )
    expect(total(after, documents.name, documents.labels) - total(before, documents.name, documents.labels)).toBe(3)
    expect(total(after, 'pieces_http_request_duration_seconds_count', { route: '/api/private/chat/status', status: '4xx' })).toBe(1)
    expect(total(after, 'pieces_http_request_duration_seconds_count', { route: '/api/*', status: '4xx' })).toBe(1)
    expect(total(after, 'pieces_http_request_duration_seconds_count', { method: 'POST', route: '/api/private/piece-user-usage', status: '2xx' })).toBe(1)
    expect(total(after, 'pieces_http_request_duration_seconds_count', { method: 'PATCH', route: '/api/private/pieces', status: '2xx' })).toBe(1)
    // No raw URL ever becomes a label.
    const routes = new Set(after.filter((sample) => sample.name.startsWith('pieces_http_request')).map((sample) => sample.labels.route))
    for (const route of routes) expect(route).toMatch(/^(document|data|asset|image|other|\/api\/\*|\/api\/[a-z-]+(\/[a-z-]+)*)$/)
    expect([...routes].some((route) => route?.includes('xxx'))).toBe(false)

    expect(total(after, 'pieces_generation_duration_seconds_count', { outcome: 'complete' })).toBe(1)
    expect(total(after, 'pieces_generation_duration_seconds_sum', { outcome: 'complete' })).toBeGreaterThan(0)
    expect(after.filter((sample) => sample.name === 'pieces_tokens_used_total').map((sample) => [sample.labels.model, sample.value])).toEqual([
      [expect.any(String), tokensUsed],
    ])
    expect(total(after, 'pieces_verification_duration_seconds_count')).toBe(1)
    expect(total(after, 'pieces_screenshot_duration_seconds_count', { outcome: 'ok' })).toBe(1)
    expect(total(after, 'pieces_queue_depth', { queue: 'generate' })).toBe(0)

    web.child.kill('SIGTERM')
    expect(await web.exited).toBe(0)
  }, 150_000)

  it('is off by default: /metrics is not found', async () => {
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, { PORT: String(port), PREVIEW_PORT: String(previewPort), WORKERS: 'off' })
    await web.waitFor(/Pieces is ready/)
    expect(web.output()).not.toMatch(/metrics: at/)
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404)
    web.child.kill('SIGTERM')
    expect(await web.exited).toBe(0)
  }, 120_000)

  it('with METRICS_PORT, serves /metrics on that port only, for the web process and the worker alike', async () => {
    const [port, previewPort, webMetrics, workerMetrics] = await distinctFreePorts(4)
    const web = run(WEB, {
      PORT: String(port),
      PREVIEW_PORT: String(previewPort),
      WORKERS: 'off',
      METRICS: 'on',
      METRICS_PORT: String(webMetrics),
    })
    const worker = run(WORKER, { METRICS_PORT: String(workerMetrics) })
    await Promise.all([web.waitFor(/Pieces is ready/), worker.waitFor(/workers running/)])
    expect(web.output()).toContain(`metrics: at http://127.0.0.1:${webMetrics}/metrics`)
    expect(worker.output()).toContain(`metrics at http://127.0.0.1:${workerMetrics}/metrics`)

    for (const [path, status] of [
      ['/metrics', 404],
      ['/landing', 200],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`)
      expect(response.status).toBe(status)
      await response.arrayBuffer()
    }
    const fromWeb = await scrape(`http://127.0.0.1:${webMetrics}/metrics`)
    expect(total(fromWeb, 'pieces_http_request_duration_seconds_count', { method: 'GET', route: 'document', status: '2xx' })).toBe(1)
    expect(total(fromWeb, 'pieces_http_request_duration_seconds_count', { route: 'other', status: '4xx' })).toBe(1)
    expect((await fetch(`http://127.0.0.1:${webMetrics}/landing`)).status).toBe(404)

    const fromWorker = await scrape(`http://127.0.0.1:${workerMetrics}/metrics`)
    expect(fromWorker.some((sample) => sample.name === 'process_resident_memory_bytes')).toBe(true)
    expect(fromWorker.find((sample) => sample.name === 'pieces_queue_depth' && sample.labels.queue === 'generate')?.value).toBe(0)
    expect((await fetch(`http://127.0.0.1:${workerMetrics}/`)).status).toBe(404)

    for (const process of [web, worker]) process.child.kill('SIGTERM')
    expect(await Promise.all([web.exited, worker.exited])).toEqual([0, 0])
  }, 120_000)
})
