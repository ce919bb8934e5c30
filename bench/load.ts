import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { createTestDatabase } from '../tests/support/database'
import { cpuSeconds, createPiece, descendantCpuSeconds, openEventStream, percentiles, rssMb, signUp, startProduct, stop, waitFor, WORKER_ENTRY } from './lib'

/**
 * `npm run bench:load` (issue 16.6): the layout of decision 0033 on one machine — two web
 * processes (WORKERS=off) and one `npm run worker` on one PostgreSQL — under BENCH_SECONDS
 * (default 60) of mixed traffic spread over both web processes, with 300 SSE subscribers
 * that each follow a Piece being built, are cut off once and resume with Last-Event-ID on
 * the other web process. Checks afterwards, in the database, that every accepted send has
 * exactly one generation that ended 'complete', and that every subscriber received every
 * event of its Piece once, in order, and what the worker's browser checks found (the offline
 * model's pages are sound, so a check that fails or is skipped is the load's doing). Memory
 * (RSS, and the web processes' V8 heap from their /metrics) is sampled through the run, and
 * CPU seconds are counted per process, the worker's Chromium apart. Ports 4710–4714
 * (BENCH_PORT moves them).
 */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4710)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
/** Closed-loop clients for the request/response calls: latency is judged at a moderate load. */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4)
/** One Piece per user, each built by a send after send for the whole run. */
const USERS = 20
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 300)
/** Bounds for what follows the traffic: sends still queued, subscribers catching up. */
const DRAIN_MS = 180_000
const MIX = [
  { kind: 'token sign-in', weight: 5 },
  { kind: 'piece list', weight: 30 },
  { kind: 'gallery', weight: 30 },
  { kind: 'status poll', weight: 35 },
] as const
type Kind = (typeof MIX)[number]['kind'] | 'send'

await ensureBuild()
// The offline model: no model server is involved, so what is measured is the product.
delete process.env.OPENAI_API_KEY
const database = await createTestDatabase('load')
const db = postgres(database.url, { max: 2, onnotice: () => {} })
const dataDir = mkdtempSync(join(tmpdir(), 'pieces-load-'))
const shared = {
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_READS_PER_MINUTE: '0',
  RATE_LIMIT_MUTATIONS_PER_MINUTE: '0',
  RATE_LIMIT_FORMS_PER_MINUTE: '0',
}
const webPorts = [BASE_PORT, BASE_PORT + 2]
const workerHealthPort = BASE_PORT + 4
const bases = webPorts.map((port) => `http://127.0.0.1:${port}`)
// METRICS=on: each web process's /metrics tells its V8 heap, which RSS alone does not.
const webs = await Promise.all(webPorts.map((port) => startProduct({ ...shared, WORKERS: 'off', METRICS: 'on' }, port)))
// The worker verifies results on web A's preview origin, as a worker machine would on the shared one.
const worker = spawn(process.execPath, [WORKER_ENTRY], {
  env: {
    ...process.env,
    ...shared,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(webPorts[0]),
    PREVIEW_PORT: String(webPorts[0]! + 1),
    WORKER_HEALTH_PORT: String(workerHealthPort),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const processes = [
  { name: 'web A', pid: webs[0]!.child.pid!, child: webs[0]!.child, metrics: `${bases[0]}/metrics` },
  { name: 'web B', pid: webs[1]!.child.pid!, child: webs[1]!.child, metrics: `${bases[1]}/metrics` },
  { name: 'worker', pid: worker.pid!, child: worker, metrics: null },
]
type Memory = { rssMb: number; heapUsedMb: number | null; heapTotalMb: number | null; eventStreams: number | null }
/** Each process's RSS and, where it has /metrics, V8 heap in use. */
const memory = async () =>
  Object.fromEntries(
    await Promise.all(
      processes.map(async (entry): Promise<[string, Memory]> => {
        const text = entry.metrics ? await (await fetch(entry.metrics)).text() : ''
        const gauge = (name: string) => {
          const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]
          return value === undefined ? null : Number(value)
        }
        const mb = (bytes: number | null) => (bytes === null ? null : Math.round(bytes / 2 ** 20))
        return [
          entry.name,
          {
            rssMb: rssMb(entry.pid),
            heapUsedMb: mb(gauge('nodejs_heap_size_used_bytes')),
            heapTotalMb: mb(gauge('nodejs_heap_size_total_bytes')),
            // Chat event streams still open: none once every subscriber has gone.
            eventStreams: gauge('pieces_sse_connections'),
          },
        ]
      }),
    ),
  )
/** CPU seconds so far: each process, the worker's browser (its descendants) and this bench's own clients. */
const cpu = () => ({
  ...Object.fromEntries(processes.map((entry) => [entry.name, cpuSeconds(entry.pid)])),
  "worker's browser": descendantCpuSeconds(worker.pid!),
  'bench clients': process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
})

try {
  await Promise.all([
    ...bases.map((base, index) => waitFor(`${base}/readyz`, 60_000, webs[index]!.child)),
    waitFor(`http://127.0.0.1:${workerHealthPort}/readyz`, 60_000, worker),
  ])

  // Bench users have PLUS (as tests/e2e/database.ts grantPlus does), so no daily allowance refuses a send.
  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, index) => {
      const base = bases[index % 2]!
      const user = await signUp(base, `load${index}`)
      const pieceId = await createPiece(base, user.auth, `load_${index}`)
      return { ...user, pieceId }
    }),
  )
  await db`
    insert into subscriptions (user_id, status, billing_cycle_anchor)
    select id, 'active', now() from users where email = any(${users.map((user) => user.email)})
    on conflict (user_id) do update set status = 'active'`

  const memoryBefore = await memory()
  const loadBefore = loadavg()[0] ?? 0

  const latencies = new Map<Kind, number[]>()
  const errors = new Map<Kind, { non2xx: number; network: number; samples: string[] }>()
  const record = (kind: Kind, ms: number, problem?: { network: boolean; detail: string }) => {
    if (!latencies.has(kind)) latencies.set(kind, [])
    if (!errors.has(kind)) errors.set(kind, { non2xx: 0, network: 0, samples: [] })
    latencies.get(kind)!.push(ms)
    if (problem) {
      const entry = errors.get(kind)!
      if (problem.network) entry.network += 1
      else entry.non2xx += 1
      if (entry.samples.length < 5) entry.samples.push(problem.detail)
    }
  }
  /** One call, timed; the body is read so the time covers the whole answer. */
  const call = async (kind: Kind, url: string, init: RequestInit = {}) => {
    const started = performance.now()
    try {
      const response = await fetch(url, init)
      const text = await response.text()
      const ms = performance.now() - started
      record(kind, ms, response.ok ? undefined : { network: false, detail: `${response.status} ${text.slice(0, 120)}` })
      return response.ok ? text : null
    } catch (error) {
      record(kind, performance.now() - started, { network: true, detail: String(error) })
      return null
    }
  }

  // 300 subscribers, 15 per Piece, alternating web processes; all live before the first send.
  const subscribers = await Promise.all(
    Array.from({ length: SUBSCRIBERS }, async (_, index) => {
      const user = users[index % USERS]!
      const stream = await subscribe(bases[index % 2]!, user.auth, user.pieceId)
      return { index, user, stream, ids: [] as number[], resumedAt: null as number | null, resumes: 0, reading: Promise.resolve() }
    }),
  )
  const follow = (subscriber: (typeof subscribers)[number]) =>
    subscriber.stream.read((id) => {
      subscriber.ids.push(id)
    })
  for (const subscriber of subscribers) subscriber.reading = follow(subscriber)

  const started = performance.now()
  const deadline = started + SECONDS * 1000
  const cpuBefore = cpu()
  // Memory every 15 s of traffic, to tell growth that levels off from growth that goes on.
  const memorySamples: { second: number; memory: Record<string, Memory> }[] = []
  const sampling = setInterval(
    () => void memory().then((sample) => memorySamples.push({ second: Math.round((performance.now() - started) / 1000), memory: sample })),
    15_000,
  )

  // Sends: each user builds its Piece, one send after the other, until the deadline: a counter or
  // a tip calculator in turn, then a change to it, sent with the code the last answer gave (as the
  // chat page sends its draft). Each send changes the page, so each is checked in the browser
  // (an answer that changes nothing is not: issue 26.4).
  const accepted = new Map<number, number>()
  let sendsMade = 0
  const sending = users.map(async (user, index) => {
    let take = 0
    let code = ''
    while (performance.now() < deadline) {
      sendsMade += 1
      const change = take % 2 === 1 && code !== ''
      const answer = await call('send', `${bases[(index + take) % 2]}/api/private/piece-user-usage`, {
        method: 'POST',
        headers: { ...user.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          pieceId: user.pieceId,
          ...(change ? { message: 'make the text bigger', code } : { message: `${take % 4 === 0 ? 'a counter' : 'a tip calculator'}, take ${take}`, code }),
        }),
      })
      if (answer !== null) {
        accepted.set(user.pieceId, (accepted.get(user.pieceId) ?? 0) + 1)
        code = (JSON.parse(answer) as { code?: string }).code || code
      }
      take += 1
    }
  })

  // The mix, over both web processes alternately.
  const totalWeight = MIX.reduce((sum, entry) => sum + entry.weight, 0)
  const pick = () => {
    let roll = Math.random() * totalWeight
    for (const entry of MIX) if ((roll -= entry.weight) < 0) return entry.kind
    return MIX[0].kind
  }
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    let turn = client
    while (performance.now() < deadline) {
      const base = bases[turn % 2]!
      const user = users[turn % USERS]!
      turn += 1
      const kind = pick()
      if (kind === 'token sign-in') {
        await call(kind, `${base}/api/public/auth/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
        })
      } else if (kind === 'piece list') await call(kind, `${base}/api/private/pieces`, { headers: user.auth })
      else if (kind === 'gallery') await call(kind, `${base}/api/opt/pieces?limit=12`)
      else await call(kind, `${base}/api/private/chat/status?pieceId=${user.pieceId}`, { headers: user.auth })
    }
  })

  // One forced disconnect per subscriber, spread over the middle of the run; each resumes on the other web process.
  const resuming = subscribers.map(async (subscriber) => {
    const at = started + (0.2 + (0.6 * subscriber.index) / SUBSCRIBERS) * SECONDS * 1000
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())))
    subscriber.stream.close()
    await subscriber.reading
    const lastId = subscriber.ids.at(-1) ?? null
    subscriber.resumedAt = lastId
    subscriber.stream = await subscribe(bases[(subscriber.index + 1) % 2]!, subscriber.user.auth, subscriber.user.pieceId, lastId)
    subscriber.resumes += 1
    subscriber.reading = follow(subscriber)
  })

  await Promise.all(clients)
  const trafficMs = performance.now() - started
  clearInterval(sampling)
  await withDeadline(Promise.all([...sending, ...resuming]), DRAIN_MS, 'sends still running')
  const sendingMs = performance.now() - started

  // Subscribers catch up with the last event of their Piece, then close.
  const lastEvents = new Map(
    (await db<{ pieceId: number; id: number }[]>`select piece_id::int as "pieceId", max(id)::int as id from generation_events group by piece_id`).map((row) => [
      row.pieceId,
      row.id,
    ]),
  )
  await withDeadline(
    Promise.all(
      subscribers.map(async (subscriber) => {
        const last = lastEvents.get(subscriber.user.pieceId)
        while (last !== undefined && (subscriber.ids.at(-1) ?? 0) < last) {
          await subscriber.stream.next()
        }
        subscriber.stream.close()
      }),
    ),
    30_000,
    'subscribers catching up',
  )
  await Promise.all(subscribers.map((subscriber) => subscriber.reading))

  // The web processes hear of the closed streams a moment later: up to 5 s for none to be left open.
  let memoryAfter = await memory()
  for (const until = performance.now() + 5_000; performance.now() < until; memoryAfter = await memory()) {
    if (Object.values(memoryAfter).every((sample) => !sample.eventStreams)) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const cpuAfter = cpu()
  const cpuUsed = Object.fromEntries(
    Object.entries(cpuAfter).map(([name, seconds]) => [name, Math.round((seconds - cpuBefore[name as keyof typeof cpuBefore]) * 10) / 10]),
  )

  // What the worker's browser checks said of each completed generation (decision 0028).
  const checks = await db<{ outcome: string; errors: string[] }[]>`
    select case when payload->'verification' is null then 'none'
                when (payload->'verification'->>'skipped')::boolean then 'skipped'
                when (payload->'verification'->>'ok')::boolean then 'passed'
                else 'failed' end as outcome,
           coalesce(array(select jsonb_array_elements_text(payload->'verification'->'errors')), '{}') as errors
    from generation_events where payload->>'type' = 'complete'`
  const verification = {
    passed: checks.filter((check) => check.outcome === 'passed').length,
    failed: checks.filter((check) => check.outcome === 'failed').length,
    skipped: checks.filter((check) => check.outcome === 'skipped').length,
    none: checks.filter((check) => check.outcome === 'none').length,
    failures: [...new Set(checks.flatMap((check) => check.errors))].slice(0, 5),
  }

  // Nothing lost, nothing duplicated: one generation per accepted send, each ended 'complete'.
  const generations = await db<{ pieceId: number; total: number; complete: number }[]>`
    select piece_id::int as "pieceId", count(*)::int as total, count(*) filter (where status = 'complete')::int as complete
    from generations group by piece_id`
  const byPiece = new Map(generations.map((row) => [row.pieceId, row]))
  const sendProblems = users.flatMap((user) => {
    const sent = accepted.get(user.pieceId) ?? 0
    const row = byPiece.get(user.pieceId) ?? { total: 0, complete: 0 }
    return sent === row.total && row.total === row.complete
      ? []
      : [`Piece ${user.pieceId}: ${sent} accepted, ${row.total} generations, ${row.complete} complete`]
  })
  const completed = generations.reduce((sum, row) => sum + row.complete, 0)

  // Every subscriber: ids strictly increasing and exactly the Piece's events, across its resume.
  const eventIds = new Map<number, number[]>()
  for (const row of await db<{ pieceId: number; id: number }[]>`select piece_id::int as "pieceId", id::int as id from generation_events order by id`) {
    if (!eventIds.has(row.pieceId)) eventIds.set(row.pieceId, [])
    eventIds.get(row.pieceId)!.push(row.id)
  }
  const streamProblems = subscribers.flatMap((subscriber) => {
    const expected = eventIds.get(subscriber.user.pieceId) ?? []
    const got = subscriber.ids
    const increasing = got.every((id, index) => index === 0 || id > got[index - 1]!)
    const same = got.length === expected.length && got.every((id, index) => id === expected[index])
    if (increasing && same && subscriber.resumes === 1 && subscriber.resumedAt !== null) return []
    const missing = expected.filter((id) => !got.includes(id))
    const duplicated = got.length - new Set(got).size
    return [
      `subscriber ${subscriber.index} (Piece ${subscriber.user.pieceId}): ${got.length} of ${expected.length} events, missing [${missing.join(', ')}], ${duplicated} duplicated, increasing ${increasing}, resumed after ${subscriber.resumedAt}`,
    ]
  })
  const eventsDelivered = subscribers.reduce((sum, subscriber) => sum + subscriber.ids.length, 0)

  const kinds = [...latencies.keys()]
  const rows = kinds.map((kind) => {
    const values = latencies.get(kind)!
    const problems = errors.get(kind)!
    return { kind, count: values.length, ...percentiles(values), non2xx: problems.non2xx, network: problems.network, samples: problems.samples }
  })
  const mixRows = rows.filter((row) => row.kind !== 'send')
  const mixCount = mixRows.reduce((sum, row) => sum + row.count, 0)
  const mixErrors = rows.reduce((sum, row) => sum + row.non2xx + row.network, 0)
  const mixP99 = percentiles(kinds.filter((kind) => kind !== 'send').flatMap((kind) => latencies.get(kind)!)).p99
  const summary = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    layout: { webProcesses: 2, workers: 1, workerConcurrency: 4, database: 'one PostgreSQL', model: 'offline' },
    clients: CLIENTS,
    users: USERS,
    requestsPerSecond: Math.round(mixCount / (trafficMs / 1000)),
    allRequestsPerSecond: Math.round((mixCount + (latencies.get('send')?.length ?? 0)) / (sendingMs / 1000)),
    p99Ms: mixP99,
    errors: mixErrors,
    rows,
    sends: { made: sendsMade, accepted: [...accepted.values()].reduce((a, b) => a + b, 0), generationsComplete: completed, problems: sendProblems },
    subscribers: {
      count: SUBSCRIBERS,
      resumed: subscribers.filter((subscriber) => subscriber.resumes === 1).length,
      eventsDelivered,
      allInOrderAndComplete: streamProblems.length === 0,
      problems: streamProblems.slice(0, 20),
      perSubscriber: subscribers.map((subscriber) => ({ pieceId: subscriber.user.pieceId, events: subscriber.ids.length, resumedAfter: subscriber.resumedAt })),
    },
    verification,
    // The machine's load: on 2 cores, the worker's Chromium competes with everything else (and other work on the machine too).
    loadAverage1m: { before: loadBefore, after: loadavg()[0] ?? 0 },
    cpuSeconds: cpuUsed,
    memory: Object.fromEntries(processes.map((entry) => [entry.name, { before: memoryBefore[entry.name], after: memoryAfter[entry.name] }])),
    memorySamples,
    targets: {
      zeroErrors: mixErrors === 0,
      p99Under200Ms: mixP99 < 200,
      nothingLost: sendProblems.length === 0 && streamProblems.length === 0,
    },
  }

  console.log(`\nLoad: 2 web processes + 1 worker on one PostgreSQL, ${SECONDS} s, ${CLIENTS} clients, ${SUBSCRIBERS} SSE subscribers, offline model`)
  console.log(
    'kind'.padEnd(16),
    'count'.padStart(7),
    'p50 ms'.padStart(9),
    'p99 ms'.padStart(9),
    'max ms'.padStart(9),
    'non-2xx'.padStart(8),
    'network'.padStart(8),
  )
  for (const row of rows) {
    console.log(
      row.kind.padEnd(16),
      String(row.count).padStart(7),
      row.p50.toFixed(1).padStart(9),
      row.p99.toFixed(1).padStart(9),
      row.max.toFixed(1).padStart(9),
      String(row.non2xx).padStart(8),
      String(row.network).padStart(8),
    )
    for (const sample of row.samples) console.log(`  ${sample}`)
  }
  console.log(`requests (mix): ${summary.requestsPerSecond} req/s, p99 ${mixP99} ms; sends answer when their generation ends (not in the p99)`)
  console.log(`sends: ${summary.sends.made} made, ${summary.sends.accepted} accepted, ${completed} generations complete`)
  for (const problem of sendProblems) console.log(`  ${problem}`)
  console.log(
    `subscribers: ${summary.subscribers.resumed} of ${SUBSCRIBERS} resumed once; ${eventsDelivered} events delivered; all in order and complete: ${streamProblems.length === 0}`,
  )
  for (const problem of streamProblems.slice(0, 20)) console.log(`  ${problem}`)
  console.log(
    `browser checks: ${verification.passed} passed, ${verification.failed} failed, ${verification.skipped} skipped, ${verification.none} without a check`,
  )
  for (const failure of verification.failures) console.log(`  ${failure}`)
  const mb = (sample: Memory | undefined) => (sample ? `${sample.rssMb}${sample.heapUsedMb === null ? '' : ` (heap ${sample.heapUsedMb})`}` : '?')
  for (const entry of processes) {
    const during = memorySamples.map((sample) => `${sample.second} s: ${mb(sample.memory[entry.name])}`).join(', ')
    const streams = memoryAfter[entry.name]?.eventStreams
    console.log(
      `memory ${entry.name}, RSS MB (V8 heap used): ${mb(memoryBefore[entry.name])} → ${mb(memoryAfter[entry.name])}${during ? `; during: ${during}` : ''}${streams === null || streams === undefined ? '' : `; event streams open after: ${streams}`}`,
    )
  }
  console.log(
    `CPU seconds during the run: ${Object.entries(cpuUsed)
      .map(([name, seconds]) => `${name} ${seconds}`)
      .join(', ')}`,
  )
  console.log(`load average (1 min): ${loadBefore.toFixed(1)} before, ${summary.loadAverage1m.after.toFixed(1)} at the end`)
  console.log('targets:', summary.targets)
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/load.json', `${JSON.stringify(summary, null, 2)}\n`)
} finally {
  await Promise.all(processes.map((entry) => stop(entry.child)))
  await db.end()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(0)

async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} after ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, expired])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * An SSE subscription read with fetch, live once `ready` has arrived. `read` hands every
 * event id to `onEvent` until the stream is closed; `next` resolves at the next event.
 */
async function subscribe(base: string, auth: Record<string, string>, pieceId: number, lastEventId: number | null = null) {
  const headers: Record<string, string> = { ...auth, ...(lastEventId === null ? {} : { 'Last-Event-ID': String(lastEventId) }) }
  const stream = await openEventStream(base, headers, pieceId)
  let waiters: (() => void)[] = []
  return {
    async read(onEvent: (id: number) => void) {
      try {
        for (let frame = await stream.nextFrame(); frame !== null; frame = await stream.nextFrame()) {
          const id = /^id: (\d+)$/m.exec(frame)?.[1]
          if (!id) continue
          onEvent(Number(id))
          waiters.forEach((wake) => wake())
          waiters = []
        }
      } catch (error) {
        if (!stream.signal.aborted) throw error
      } finally {
        waiters.forEach((wake) => wake())
        waiters = []
      }
    },
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: stream.close,
  }
}
