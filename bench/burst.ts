import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { builderPace, builderResponder, startOpenAIFake, type Call, type Responder } from '../tests/fakes/openai'
import { createTestDatabase } from '../tests/support/database'
import { cpuSeconds, cpuSecondsByProcess, createPiece, descendantCpuSeconds, openEventStream, percentiles, signUp, startProduct, stop } from './lib'

/**
 * `npm run bench:burst` (issue 27.5): how the product started as `npm start` does (one
 * process, workers inside, its Chromium checking every result) copes with a crowd pressing
 * Send at once, against an OpenAI-compatible fake model with a real model's pace: a plan
 * answered after BURST_PLAN_MS (default 1,500), a page streamed over BURST_STREAM_MS
 * (default 6,000); the fake plans one step, so a build is one plan and one page.
 *
 * It builds one Piece alone (the single time: send → answer), then has `--users` (default
 * 100) users, each with their own account and Piece, send at the same moment through the
 * chat's API (POST /api/private/piece-user-usage, which answers when the generation ends),
 * and prints the burst's p50/p95/max, its makespan as a multiple of the single time, what
 * failed and why, the most model calls in flight at once (seen by the fake), what page
 * requests made meanwhile saw, and CPU per generation. Figures go to
 * bench/results/burst.json, one entry per number of users.
 *
 * Options (flags or environment): --users / BURST_USERS, --plan-ms / BURST_PLAN_MS,
 * --stream-ms / BURST_STREAM_MS, --clients / BURST_CLIENTS (page-request clients, default
 * 4, each one request every 250 ms), --deadline-s / BURST_DEADLINE_S (sends unanswered by
 * then count as failed, default 900). BENCH_PORT (default 3470) and the two after it are the
 * product's, its previews' and the fake model's ports.
 */
const { values: flags } = parseArgs({
  options: {
    users: { type: 'string' },
    'plan-ms': { type: 'string' },
    'stream-ms': { type: 'string' },
    clients: { type: 'string' },
    'deadline-s': { type: 'string' },
  },
})
const setting = (flag: string | undefined, name: string, fallback: number) => {
  const value = Number(flag ?? process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}: expected a number, got ${flag ?? process.env[name]}`)
  return value
}
const USERS = setting(flags.users, 'BURST_USERS', 100)
const PLAN_MS = setting(flags['plan-ms'], 'BURST_PLAN_MS', 1_500)
const STREAM_MS = setting(flags['stream-ms'], 'BURST_STREAM_MS', 6_000)
const CLIENTS = setting(flags.clients, 'BURST_CLIENTS', 4)
const DEADLINE_MS = setting(flags['deadline-s'], 'BURST_DEADLINE_S', 900) * 1000
const PORT = Number(process.env.BENCH_PORT ?? 3470)
/** Each page-request client sends one request this often (or as soon as the last answered, when slower). */
const PROBE_EVERY_MS = 250
/** Page requests on a machine at rest, before the burst: their figures, and the CPU they and the metrics scrape cost. */
const REST_MS = 6_000
/** Nothing running, before the first build: what an idle process costs. */
const IDLE_MS = 4_000
const SIGN_UPS_AT_ONCE = 4
/** What follows a build (its browser page closing) and is counted with it. */
const SETTLE_MS = 3_000

/** The builder's answers with a one-step plan: a build is one plan call and one page call. */
const responder: Responder = (body) => {
  const system = typeof body.messages?.[0]?.content === 'string' ? body.messages[0].content : ''
  return system.includes('You plan') ? { content: '```json\n{"steps": ["Build the page"]}\n```' } : builderResponder(body)
}

await ensureBuild()
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim()
const loadAtStart = uptime()
const fake = await startOpenAIFake({ port: PORT + 2, responder, pace: builderPace({ planMs: PLAN_MS, pageMs: STREAM_MS }) })
const database = await createTestDatabase('burst')
const databaseName = new URL(database.url).pathname.slice(1)
const db = postgres(database.url, { max: 2, onnotice: () => {} })
const product = await startProduct(
  {
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pieces-burst-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    OPENAI_API_KEY: 'sk-bench-fake',
    OPENAI_BASE_URL: fake.baseURL,
    METRICS: 'on',
    RATE_LIMIT_READS_PER_MINUTE: '0',
    RATE_LIMIT_MUTATIONS_PER_MINUTE: '0',
    RATE_LIMIT_FORMS_PER_MINUTE: '0',
  },
  PORT,
)
const base = `http://127.0.0.1:${PORT}`
const pid = product.child.pid!

type User = { index: number; email: string; auth: Record<string, string>; pieceId: number; message: string }
type Send = { user: User; status: number; ms: number; message: string | null; verification: string; phases: Phases }
/**
 * Milliseconds from the send: the worker starts it (`planning`), it waits for the browser
 * (issue 27.1's "Waiting to check in a browser", once the engine says so), the check begins,
 * the `complete` event.
 */
type Phases = { started?: number; waitingForBrowser?: number; checking?: number; completeEvent?: number }

try {
  await (await fetch(`${base}/readyz`)).text()
  const users = await makeUsers(USERS + 1)
  const solo = users.pop()!

  // What an idle process costs per second (its browser launched and its spare page ready long since).
  const idleCpuBefore = cpu()
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
  const idleCpu = since(idleCpuBefore)

  // Alone: the first build warms what a first build warms (the browser's first check); then
  // page requests at rest are measured (their figures, and what they and the metrics scrape
  // cost per second), and the second build is the single time.
  await resetUsage()
  await send(solo, performance.now())
  await settle()
  const metrics = watchMetrics()
  // The page requests' code warmed first (a cold first request costs more than the burst's).
  await probe(REST_MS / 3, solo)
  const restCpuBefore = cpu()
  const rest = await probe(REST_MS, solo)
  const restCpu = since(restCpuBefore)

  await resetUsage()
  const soloCpuBefore = cpu()
  const soloStart = performance.now()
  const soloCallsFrom = fake.calls.length
  const single = await send(solo, performance.now())
  // What a build's work leaves running (its browser page closing) is counted with it.
  await settle()
  const soloCpu = since(soloCpuBefore)
  const singleWindowMs = performance.now() - soloStart
  if (single.status !== 200) throw new Error(`the single build answered ${single.status}: ${single.message}`)
  const singleModelMs = modelMs(fake.calls.slice(soloCallsFrom))

  // The burst: every user's event stream open, then every send leaves in the same tick.
  const streams = await Promise.all(users.map((user) => openEventStream(base, user.auth, user.pieceId)))
  await resetUsage()
  const loadBefore = uptime()
  const callsFrom = fake.calls.length
  const burstCpuBefore = cpu()
  const burstStart = performance.now()
  let burstOver = false
  const probing = probe(() => burstOver, solo)
  const sends = await Promise.all(users.map((user, index) => send(user, burstStart, streams[index]!)))
  const makespanMs = performance.now() - burstStart
  await settle()
  burstOver = true
  const burstCpu = since(burstCpuBefore)
  const windowMs = performance.now() - burstStart
  const beside = await probing
  const loadAfter = uptime()
  streams.forEach((stream) => stream.close())
  const pool = metrics.stop()

  const calls = fake.calls.slice(callsFrom)
  const completed = sends.filter((entry) => entry.status === 200)
  const failures = new Map<string, number>()
  for (const entry of sends.filter((entry) => entry.status !== 200)) {
    const key = `${entry.status} ${entry.message}`
    failures.set(key, (failures.get(key) ?? 0) + 1)
  }
  const checks = new Map<string, number>()
  for (const entry of completed) checks.set(entry.verification, (checks.get(entry.verification) ?? 0) + 1)
  const times = percentiles(completed.map((entry) => entry.ms))
  const phase = (pick: (phases: Phases, ms: number) => number | undefined) =>
    percentiles(completed.flatMap((entry) => [pick(entry.phases, entry.ms)].filter((value): value is number => value !== undefined)))

  // CPU per generation: the burst's CPU (to SETTLE_MS after the last answer) less an idle
  // process's over as long and what the page requests made meanwhile cost each at rest (the
  // metrics scrape with them). The browser's CPU is taken whole: page requests never reach it,
  // and what it does between checks (its spare page, its own timers) swings too much to take off.
  const idleRate = (key: keyof Cpu) => (key === 'chromium' ? 0 : idleCpu[key] / IDLE_MS)
  const perPageRequest = (key: keyof Cpu) => (key === 'chromium' ? 0 : Math.max(0, restCpu[key] - idleRate(key) * REST_MS) / Math.max(1, rest.count))
  const background = (key: keyof Cpu) => idleRate(key) * windowMs + perPageRequest(key) * beside.count
  // Over the generations the worker ran (those that called the model): one failed before it started cost next to nothing.
  const ran = sends.filter((entry) => calls.some((call) => mentions(call, entry.user.message)))
  const perGeneration = (key: keyof Cpu) => round2(Math.max(0, burstCpu[key] - background(key)) / Math.max(1, ran.length))
  const modelWaitPerUser = ran.map((entry) => modelMs(calls.filter((call) => mentions(call, entry.user.message))) / 1000)
  const cpuSplit = {
    modelWaitWallSeconds: round2(modelWaitPerUser.reduce((sum, value) => sum + value, 0) / Math.max(1, modelWaitPerUser.length)),
    checksChromiumCpuSeconds: perGeneration('chromium'),
    restNodeCpuSeconds: perGeneration('node'),
    databaseCpuSeconds: perGeneration('database'),
  }
  // The single build's CPU less an idle process's over as long (the browser's whole, as above).
  const singleCpu = (key: keyof Cpu) => round2(Math.max(0, soloCpu[key] - idleRate(key) * singleWindowMs))
  const singleSplit = {
    modelWaitWallSeconds: round2(singleModelMs / 1000),
    checksChromiumCpuSeconds: singleCpu('chromium'),
    restNodeCpuSeconds: singleCpu('node'),
    databaseCpuSeconds: singleCpu('database'),
  }

  const summary = {
    date: new Date().toISOString(),
    layout: 'npm start: one process, workers inside, its Chromium checking every result',
    model: { planMs: PLAN_MS, pageStreamMs: STREAM_MS, callsPerBuild: 'a plan and one page (a repair when the check fails)' },
    users: USERS,
    singleMs: round(single.ms),
    singlePhases: single.phases,
    burst: {
      completed: completed.length,
      failed: sends.length - completed.length,
      failures: Object.fromEntries(failures),
      failedAfterMs: percentiles(sends.filter((entry) => entry.status !== 200).map((entry) => entry.ms)),
      ranByWorker: ran.length,
      timeToCompleteMs: times,
      makespanMs: round(makespanMs),
      makespanTimesSingle: round2(makespanMs / single.ms),
      lastCompleteTimesSingle: round2(times.max / single.ms),
      queuedMs: phase((phases) => phases.started),
      checkMs: phase((phases) => (phases.checking !== undefined && phases.completeEvent !== undefined ? phases.completeEvent - phases.checking : undefined)),
      waitForBrowserMs: phase((phases) =>
        phases.waitingForBrowser !== undefined && phases.checking !== undefined ? phases.checking - phases.waitingForBrowser : undefined,
      ),
      browserChecks: Object.fromEntries(checks),
      peakModelCallsInFlight: peakInFlight(calls, burstStart),
      modelCalls: calls.length,
      poolPeak: pool.pool,
      generateQueuePeak: pool.queue,
    },
    pageRequests: { clients: CLIENTS, everyMs: PROBE_EVERY_MS, atRest: rest, duringBurst: beside },
    cpuPerGenerationSeconds: { single: singleSplit, burst: cpuSplit },
    cpuSecondsTotal: {
      idle: { ms: IDLE_MS, ...roundAll(idleCpu) },
      pageRequestsAtRest: { ms: REST_MS, ...roundAll(restCpu) },
      single: { ms: round(singleWindowMs), ...roundAll(soloCpu) },
      burst: { ms: round(windowMs), ...roundAll(burstCpu) },
    },
    load: { atStart: loadAtStart, beforeBurst: loadBefore, afterBurst: loadAfter, loadAverage1mAfter: loadavg()[0] },
  }

  const ms = (value: number) => `${(value / 1000).toFixed(1)} s`
  console.log(`\nBurst: ${USERS} users press Send at once; npm start layout; model: plan ${PLAN_MS} ms, page streamed over ${STREAM_MS} ms`)
  console.log(`load: ${loadBefore} (before) → ${loadAfter} (after)`)
  console.log(`single build (send → answer): ${ms(single.ms)}; model calls ${ms(singleModelMs)}`)
  console.log(
    `burst: ${completed.length} completed, ${summary.burst.failed} failed; time to complete p50 ${ms(times.p50)}, p95 ${ms(times.p95)}, max ${ms(times.max)}`,
  )
  console.log(`makespan ${ms(makespanMs)} = ${summary.burst.makespanTimesSingle}× the single build (last completed ${summary.burst.lastCompleteTimesSingle}×)`)
  for (const [message, count] of failures) console.log(`  ${count} × ${message}`)
  if (summary.burst.failed) console.log(`  failed after p50 ${ms(summary.burst.failedAfterMs.p50)}, max ${ms(summary.burst.failedAfterMs.max)}`)
  console.log(`generations the worker ran (called the model): ${ran.length}`)
  console.log(`queued before the worker started: p50 ${ms(summary.burst.queuedMs.p50)}, max ${ms(summary.burst.queuedMs.max)}`)
  console.log(
    `browser check (Checking in a browser → complete): p50 ${ms(summary.burst.checkMs.p50)}, p95 ${ms(summary.burst.checkMs.p95)}, max ${ms(summary.burst.checkMs.max)}`,
  )
  const waits = summary.burst.waitForBrowserMs
  console.log(`waiting for the browser before a check: ${waits.max ? `p50 ${ms(waits.p50)}, max ${ms(waits.max)}` : 'n/a (not reported)'}`)
  console.log(`browser checks of completed builds: ${[...checks].map(([outcome, count]) => `${count} ${outcome}`).join(', ')}`)
  console.log(`model calls in flight at once (at the fake): peak ${summary.burst.peakModelCallsInFlight}, ${calls.length} calls`)
  console.log(`browser pool peak: ${pool.pool ? JSON.stringify(pool.pool) : 'n/a (no browser pool metric)'}; generate queue peak: ${pool.queue ?? 'n/a'}`)
  const pages = (label: string, figures: Probe) =>
    console.log(
      `page requests ${label}: ${figures.count} (${CLIENTS} clients), p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms, ${figures.errors} errors${figures.samples.length ? `: ${figures.samples.join('; ')}` : ''}`,
    )
  pages('at rest', rest)
  pages('during the burst', beside)
  for (const [kind, figures] of Object.entries(beside.byKind)) console.log(`  ${kind}: p50 ${figures.p50} ms, p99 ${figures.p99} ms`)
  console.log('CPU per generation (s)                      model wait (wall)  checks (Chromium)  rest (node)  database')
  for (const [label, split] of [
    ['single (node and database less idle)', singleSplit],
    [`burst (less page requests; over ${ran.length} run)`, cpuSplit],
  ] as const)
    console.log(
      label.padEnd(44),
      String(split.modelWaitWallSeconds).padStart(17),
      String(split.checksChromiumCpuSeconds).padStart(18),
      String(split.restNodeCpuSeconds).padStart(12),
      String(split.databaseCpuSeconds).padStart(9),
    )

  mkdirSync('bench/results', { recursive: true })
  const file = 'bench/results/burst.json'
  const runs = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
  writeFileSync(file, `${JSON.stringify({ ...runs, [`${USERS} users`]: summary }, null, 2)}\n`)
} finally {
  await stop(product.child)
  await db.end()
  await database.drop()
  await fake.close()
}
process.exit(0)

/** Users signed up through the form, a few at a time (as people would), each with a Piece and PLUS (no daily allowance refuses a send). */
async function makeUsers(count: number): Promise<User[]> {
  const users: User[] = []
  for (let from = 0; from < count; from += SIGN_UPS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, count - from) }, async (_, offset) => {
      const index = from + offset
      const { email, auth } = await signUp(base, `burst${index}`)
      const pieceId = await createPiece(base, auth, `burst_${index}`)
      return { index, email, auth, pieceId, message: `a counter for burst user ${index}.` }
    })
    users.push(...(await Promise.all(batch)))
  }
  await db`
    insert into subscriptions (user_id, status, billing_cycle_anchor)
    select id, 'active', now() from users where email = any(${users.map((user) => user.email)})
    on conflict (user_id) do update set status = 'active'`
  return users
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
}

/** Today's usage back to nothing for everyone, so no allowance refuses a send. */
async function resetUsage() {
  await db`update usage_days set tokens = 0`
}

/** One send, timed from `from` to its answer, with when its events said it started, began its check and completed. */
async function send(user: User, from: number, stream?: Awaited<ReturnType<typeof openEventStream>>): Promise<Send> {
  const phases: Phases = {}
  const watching = stream ?? (await openEventStream(base, user.auth, user.pieceId))
  const reading = (async () => {
    for (let frame = await watching.nextFrame().catch(() => null); frame !== null; frame = await watching.nextFrame().catch(() => null)) {
      const data = /^data: (.*)$/m.exec(frame)?.[1]
      if (!data) continue
      const event = JSON.parse(data) as { type: string; stage?: string; currentStepTitle?: string; error?: string }
      const at = performance.now() - from
      if (event.type === 'status' && event.stage === 'planning') phases.started ??= at
      if (event.type === 'progress' && event.currentStepTitle === 'Waiting to check in a browser') phases.waitingForBrowser ??= at
      if (event.type === 'progress' && event.currentStepTitle === 'Checking in a browser') phases.checking ??= at
      if (event.type === 'complete' || event.type === 'stopped' || event.error) {
        if (event.type === 'complete') phases.completeEvent = at
        return
      }
    }
  })()
  const answer = await post(`${base}/api/private/piece-user-usage`, user.auth, JSON.stringify({ pieceId: user.pieceId, message: user.message }), from)
  const ms = performance.now() - from
  if (answer.status !== 200) watching.close()
  await reading
  if (!stream) watching.close()
  let message: string | null = null
  let verification = 'none'
  try {
    const body = JSON.parse(answer.text) as { message?: string; verification?: { ok: boolean; skipped: boolean; errors: string[] } }
    message = answer.status === 200 ? null : (body.message ?? answer.text.slice(0, 160))
    const check = body.verification
    if (check) verification = check.skipped ? 'skipped' : check.ok ? 'passed' : `failed: ${check.errors.slice(0, 2).join(' | ')}`
  } catch {
    message = answer.text.slice(0, 160) || null
  }
  return { user, status: answer.status, ms, message, verification, phases }
}

/**
 * A POST over its own connection with no client-side time limit (fetch gives up on headers
 * after 300 s): a send answers only when its generation ends. Past the bench's deadline it
 * counts as failed with status 0.
 */
function post(url: string, auth: Record<string, string>, body: string, from: number) {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const sent = request(
      url,
      { method: 'POST', agent: false, headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          clearTimeout(deadline)
          resolve({ status: response.statusCode ?? 0, text })
        })
      },
    )
    const deadline = setTimeout(() => sent.destroy(new Error(`no answer within ${DEADLINE_MS / 1000} s`)), Math.max(0, from + DEADLINE_MS - performance.now()))
    sent.on('error', (error) => {
      clearTimeout(deadline)
      resolve({ status: 0, text: JSON.stringify({ message: error.message }) })
    })
    sent.end(body)
  })
}

type Probe = ReturnType<typeof percentiles> & { count: number; errors: number; samples: string[]; byKind: Record<string, ReturnType<typeof percentiles>> }

/**
 * CLIENTS clients each requesting a page every PROBE_EVERY_MS (the landing page, the
 * solo user's Piece list, its chat status, in turn) until `until` (milliseconds, or a test).
 */
async function probe(until: number | (() => boolean), user: User): Promise<Probe> {
  const end = typeof until === 'number' ? performance.now() + until : 0
  const over = typeof until === 'number' ? () => performance.now() >= end : until
  const kinds = [
    { kind: '/landing', url: `${base}/landing`, headers: {} },
    { kind: '/api/private/pieces', url: `${base}/api/private/pieces`, headers: user.auth },
    { kind: '/api/private/chat/status', url: `${base}/api/private/chat/status?pieceId=${user.pieceId}`, headers: user.auth },
  ]
  const latencies = new Map<string, number[]>(kinds.map(({ kind }) => [kind, []]))
  let errors = 0
  const samples: string[] = []
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let turn = client; !over(); turn += 1) {
        const { kind, url, headers } = kinds[turn % kinds.length]!
        const started = performance.now()
        try {
          const response = await fetch(url, { headers })
          const text = await response.text()
          if (!response.ok) {
            errors += 1
            if (samples.length < 5) samples.push(`${kind} ${response.status} ${text.slice(0, 80)}`)
          }
        } catch (error) {
          errors += 1
          if (samples.length < 5) samples.push(`${kind} ${String(error)}`)
        }
        const took = performance.now() - started
        latencies.get(kind)!.push(took)
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - took)))
      }
    }),
  )
  const all = [...latencies.values()].flat()
  return {
    count: all.length,
    ...percentiles(all),
    errors,
    samples,
    byKind: Object.fromEntries([...latencies].map(([kind, values]) => [kind, percentiles(values)])),
  }
}

/**
 * Scrapes /metrics every second: the most the generate queue held, and the peak of every
 * gauge about a browser or a pool (none yet: the product has no browser pool metric today).
 */
function watchMetrics() {
  const peaks = new Map<string, number>()
  let queue: number | null = null
  const timer = setInterval(
    () =>
      void fetch(`${base}/metrics`)
        .then((response) => response.text())
        .then((text) => {
          for (const line of text.split('\n')) {
            const match = /^([a-z_:]+)(\{[^}]*\})? (\S+)$/.exec(line)
            if (!match) continue
            const [, name, labels = '', raw] = match
            const value = Number(raw)
            if (!Number.isFinite(value)) continue
            if (name === 'pieces_queue_depth' && labels.includes('queue="generate"')) queue = Math.max(queue ?? 0, value)
            if (/browser|pool/.test(name!) && !/_(bucket|sum|count)$/.test(name!)) peaks.set(name! + labels, Math.max(peaks.get(name! + labels) ?? 0, value))
          }
        })
        .catch(() => {}),
    1_000,
  )
  return {
    stop() {
      clearInterval(timer)
      return { pool: peaks.size ? Object.fromEntries(peaks) : null, queue }
    },
  }
}

type Cpu = { node: number; chromium: number; database: number }

/** CPU seconds so far: the product's process (web and worker), its Chromium (its descendants), this run's database backends. */
function cpu(): Cpu & { backends: Map<number, number> } {
  const backends = cpuSecondsByProcess(databaseName)
  return { node: cpuSeconds(pid), chromium: descendantCpuSeconds(pid), database: 0, backends }
}

/**
 * CPU used since `before`. Database backends are counted per process: one that started
 * meanwhile counts whole, one that ended meanwhile is lost (approximate; the pools keep theirs open).
 */
function since(before: ReturnType<typeof cpu>): Cpu {
  const now = cpu()
  let database = 0
  for (const [backend, seconds] of now.backends) database += seconds - (before.backends.get(backend) ?? 0)
  return { node: now.node - before.node, chromium: now.chromium - before.chromium, database }
}

/** Wall time spent in these model calls (one generation's calls follow each other). */
function modelMs(calls: Call[]) {
  return calls.reduce((sum, call) => sum + ((call.endedAt ?? performance.now()) - call.startedAt), 0)
}

function mentions(call: Call, text: string) {
  return (call.request.messages ?? []).some((message) => typeof message.content === 'string' && message.content.includes(text))
}

/** The most calls in flight at any moment since `from`. */
function peakInFlight(calls: Call[], from: number) {
  const edges = calls
    .filter((call) => (call.endedAt ?? Infinity) >= from)
    .flatMap((call) => [
      { at: call.startedAt, step: 1 },
      { at: call.endedAt ?? Infinity, step: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.step - b.step)
  let now = 0
  let peak = 0
  for (const edge of edges) peak = Math.max(peak, (now += edge.step))
  return peak
}

function round(value: number) {
  return Math.round(value)
}

function round2(value: number) {
  return Math.round(value * 100) / 100
}

function roundAll(figures: Cpu) {
  return { node: round2(figures.node), chromium: round2(figures.chromium), database: round2(figures.database) }
}
