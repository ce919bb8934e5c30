import { createServer, type Server, type ServerResponse } from 'node:http'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { getEnv } from './env.server'
import { QUEUES } from './queues'
import { singleton } from './singleton.server'
import { logger } from './log.server'

const log = logger('metrics')

/**
 * The Prometheus metrics of a process (docs/decisions/0034), defined once. Off unless
 * METRICS=on or METRICS_PORT is set: then every recording below is a no-op, and nothing is
 * collected. Recording never throws: a metric must not fail the request or job it measures.
 */

/** Seconds: from a cached page (~1 ms) to a generation's minutes. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const WORK_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900]

export const API_CATCH_ALL = '/api/*'

function createMetrics() {
  const registry = new Registry()
  // Unprefixed (process_cpu_seconds_total, nodejs_heap_size_used_bytes…), as dashboards expect them.
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  let queueSize: ((queue: string) => Promise<number>) | undefined
  let queueNames: string[] = []
  return {
    registry,
    watchQueues: (names: string[], size: (queue: string) => Promise<number>) => {
      queueNames = names
      queueSize = size
    },
    http: new Histogram({
      name: 'pieces_http_request_duration_seconds',
      help: 'HTTP requests by method, route (a bounded label, never the URL) and status class',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    sse: new Gauge({ name: 'pieces_sse_connections', help: 'Chat event streams open in this process', registers }),
    queueDepth: new Gauge({
      name: 'pieces_queue_depth',
      help: 'Jobs waiting in each queue (read from pg-boss at each scrape; "generate": generations queued)',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const sizeOf = queueSize
        if (!sizeOf) return
        const sizes = await Promise.all(queueNames.map(async (name) => [name, await sizeOf(name).catch(() => NaN)] as const))
        for (const [queue, size] of sizes) this.set({ queue }, size)
      },
    }),
    jobs: new Histogram({
      name: 'pieces_job_duration_seconds',
      help: 'Jobs run by this process, by queue and outcome',
      labelNames: ['queue', 'outcome'] as const,
      buckets: WORK_BUCKETS,
      registers,
    }),
    generations: new Histogram({
      name: 'pieces_generation_duration_seconds',
      help: 'Generations from send to end, by outcome (complete, failed, stopped)',
      labelNames: ['outcome'] as const,
      buckets: WORK_BUCKETS,
      registers,
    }),
    tokens: new Counter({ name: 'pieces_tokens_used_total', help: 'Tokens charged for generations, by model', labelNames: ['model'] as const, registers }),
    screenshots: new Histogram({
      name: 'pieces_screenshot_duration_seconds',
      help: 'Screenshots of saved Pieces, by outcome',
      labelNames: ['outcome'] as const,
      buckets: WORK_BUCKETS,
      registers,
    }),
    cpuPool: new Gauge({
      name: 'pieces_cpu_pool_slots',
      help: "The worker's pool for browser checks and screenshots: slots busy, and work waiting for one",
      labelNames: ['state'] as const,
      registers,
    }),
    generationsRunning: new Gauge({ name: 'pieces_generations_running', help: 'Generations this process is running', registers }),
    verifications: new Histogram({
      name: 'pieces_verification_duration_seconds',
      help: 'Results checked in a browser before they complete, by outcome',
      labelNames: ['outcome'] as const,
      buckets: WORK_BUCKETS,
      registers,
    }),
  }
}

type Metrics = ReturnType<typeof createMetrics>

export function metricsEnabled() {
  const env = getEnv()
  return env.METRICS === 'on' || env.METRICS_PORT !== undefined
}

/** The process's metrics (one set shared by server.ts and the Remix bundle), or null when off. */
export function metrics(): Metrics | null {
  return metricsEnabled() ? singleton('metrics', createMetrics) : null
}

/** Runs a recording; one that throws is logged and forgotten. */
function record(step: (metrics: Metrics) => void) {
  try {
    const current = metrics()
    if (current) step(current)
  } catch (error) {
    log.error({ err: error instanceof Error ? error.message : error }, 'not recorded')
  }
}

const seconds = (startedAt: number) => (performance.now() - startedAt) / 1000

/**
 * Where a request went, as a label of a few dozen values whatever the URL: the matched API
 * path (its catch-all for any other /api/ path), or the kind of request.
 */
export function routeLabel(method: string, url: string, apiPaths: ReadonlySet<string>) {
  const [path = ''] = url.split('?')
  if (path === '/api' || path.startsWith('/api/')) {
    const trimmed = path.replace(/\/+$/, '')
    return apiPaths.has(trimmed) ? trimmed : API_CATCH_ALL
  }
  if (path.startsWith('/assets/') || /^\/[\w.-]+\.(ico|png|svg|webmanifest|txt|xml|js|css)$/.test(path)) return 'asset'
  if (path.startsWith('/images/')) return 'image'
  if (path.endsWith('.data')) return 'data'
  if (path.startsWith('/resources/') || path === '/healthz' || path === '/readyz' || path === '/metrics') return 'other'
  return method === 'GET' || method === 'HEAD' || method === 'POST' ? 'document' : 'other'
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Measures one request from the moment it arrives until its answer is sent (or the client
 * left). `apiPaths` are the API routes' paths (`/api/private/chat/status`…).
 */
export function measureRequest(req: { method?: string; url?: string }, res: ServerResponse, apiPaths: ReadonlySet<string>) {
  if (!metricsEnabled()) return
  const startedAt = performance.now()
  let measured = false
  // Finished: the answer was handed to the network (before its client has read it). Closed first: the client left.
  const observe = () => {
    if (measured) return
    measured = true
    record(({ http }) => {
      const method = req.method !== undefined && METHODS.has(req.method) ? req.method : 'other'
      http.observe({ method, route: routeLabel(method, req.url ?? '/', apiPaths), status: `${Math.floor(res.statusCode / 100)}xx` }, seconds(startedAt))
    })
  }
  res.once('finish', observe)
  res.once('close', observe)
}

/** One chat event stream opened (+1) or closed (-1). */
export const countEventStream = (change: 1 | -1) => record(({ sse }) => sse.inc(change))

/** Queue depths are read at each scrape through this process's pg-boss. */
/** Reports each pg-boss queue's depth at a scrape, and the queues counted elsewhere (`other`: the generations queued). */
export const watchQueues = (boss: { getQueueSize(queue: string): Promise<number> }, other: Record<string, () => Promise<number>> = {}) =>
  record((current) =>
    current.watchQueues([...Object.values(QUEUES).map(({ name }) => name), ...Object.keys(other)], (queue) => other[queue]?.() ?? boss.getQueueSize(queue)),
  )

/** Wraps a job handler so each run is timed under its queue; the handler's answer and failure are passed on untouched. */
export function timedJob<A extends unknown[], R>(queue: string, handle: (...args: A) => Promise<R>) {
  return (...args: A) =>
    timed(
      (outcome, duration) => record(({ jobs }) => jobs.observe({ queue, outcome }, duration)),
      () => handle(...args),
    )
}

/** A generation ended (finishGeneration): its outcome, how long since it was sent, the tokens charged. */
export const recordGeneration = (outcome: 'complete' | 'failed' | 'stopped', durationSeconds: number, model: string, tokens: number) =>
  record(({ generations, tokens: tokenCounter }) => {
    generations.observe({ outcome }, durationSeconds)
    if (tokens > 0) tokenCounter.inc({ model }, tokens)
  })

/** The CPU pool's state (jobs/cpu-pool.ts). */
export const recordCpuPool = (busy: number, waiting: number) =>
  record(({ cpuPool }) => {
    cpuPool.set({ state: 'busy' }, busy)
    cpuPool.set({ state: 'waiting' }, waiting)
  })

/** Generations this process's worker runs right now. */
export const recordGenerationsRunning = (running: number) => record(({ generationsRunning }) => generationsRunning.set(running))

/** Times a screenshot or a verification: outcome "ok" when it answered, "error" when it threw. */
export const timedBrowserWork = <R>(kind: 'screenshot' | 'verification', work: () => Promise<R>) =>
  timed((outcome, duration) => record((current) => (kind === 'screenshot' ? current.screenshots : current.verifications).observe({ outcome }, duration)), work)

async function timed<R>(observe: (outcome: 'ok' | 'error', durationSeconds: number) => void, work: () => Promise<R>) {
  const startedAt = performance.now()
  try {
    const result = await work()
    observe('ok', seconds(startedAt))
    return result
  } catch (error) {
    observe('error', seconds(startedAt))
    throw error
  }
}

/** Answers a Prometheus scrape (the same bytes on the app's port and on METRICS_PORT). */
export function sendMetrics(res: ServerResponse) {
  const registry = metrics()?.registry
  if (!registry) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
  registry.metrics().then(
    (body) => void res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(body),
    (error: Error) => void res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics could not be collected: ${error.message}`),
  )
}

/**
 * METRICS_PORT: /metrics alone on a port of its own (kept off the public one), for the web
 * process and the worker alike.
 */
export function serveMetrics(port: number, host: string) {
  return new Promise<Server>((resolve, reject) => {
    const server = createServer((req, res) => {
      if (new URL(req.url ?? '/', 'http://metrics').pathname === '/metrics') return sendMetrics(res)
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
    })
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use (set METRICS_PORT)`) : error),
    )
    server.listen(port, host, () => resolve(server))
  })
}
