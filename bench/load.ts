import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { createTestDatabase } from '../tests/support/database'
import { createPiece, percentiles, rssMb, signUp, startProduct, stop, waitFor } from './lib'

/**
 * `npm run bench:load` (issue 16.6): the layout of decision 0033 on one machine — two web
 * processes (WORKERS=off) and one `npm run worker` on one PostgreSQL — under BENCH_SECONDS
 * (default 60) of mixed traffic spread over both web processes, with 300 SSE subscribers
 * that each follow a Piece being built, are cut off once and resume with Last-Event-ID on
 * the other web process. Checks afterwards, in the database, that every accepted send has
 * exactly one generation that ended 'complete', and that every subscriber received every
 * event of its Piece once, in order. Ports 4710–4714 (BENCH_PORT moves them).
 */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4710)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
/** Closed-loop clients for the request/response calls: latency is judged at a moderate load. */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4)
/** One Piece per user, each built by a send after send for the whole run. */
const USERS = 20
const SUBSCRIBERS = 300
/** Bounds for what follows the traffic: sends still queued, subscribers catching up. */
const DRAIN_MS = 180_000
const MIX = [
  { kind: 'token sign-in', weight: 5 },
  { kind: 'piece list', weight: 30 },
  { kind: 'gallery', weight: 30 },
  { kind: 'status poll', weight: 35 },
] as const
type Kind = (typeof MIX)[number]['kind'] | 'send'

ensureBuild()
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
const webs = await Promise.all(webPorts.map((port) => startProduct({ ...shared, WORKERS: 'off' }, port)))
// The worker verifies results on web A's preview origin, as a worker machine would on the shared one.
const worker = spawn(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], {
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
  { name: 'web A', pid: webs[0]!.child.pid!, child: webs[0]!.child },
  { name: 'web B', pid: webs[1]!.child.pid!, child: webs[1]!.child },
  { name: 'worker', pid: worker.pid!, child: worker },
]

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

  const rssBefore = Object.fromEntries(processes.map((entry) => [entry.name, rssMb(entry.pid)]))

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
      return response.ok
    } catch (error) {
      record(kind, performance.now() - started, { network: true, detail: String(error) })
      return false
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

  // Sends: each user builds its Piece, one send after the other, until the deadline.
  const accepted = new Map<number, number>()
  let sendsMade = 0
  const sending = users.map(async (user, index) => {
    let take = 0
    while (performance.now() < deadline) {
      sendsMade += 1
      const ok = await call('send', `${bases[(index + take) % 2]}/api/private/piece-user-usage`, {
        method: 'POST',
        headers: { ...user.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ pieceId: user.pieceId, message: take % 2 === 0 ? `a counter, take ${take}` : 'make the title bigger' }),
      })
      if (ok) accepted.set(user.pieceId, (accepted.get(user.pieceId) ?? 0) + 1)
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

  const rssAfter = Object.fromEntries(processes.map((entry) => [entry.name, rssMb(entry.pid)]))

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
    // The machine's load during the run: on 2 cores, the worker's Chromium competes with everything else.
    loadAverage1m: loadavg()[0] ?? 0,
    rssMb: Object.fromEntries(processes.map((entry) => [entry.name, { before: rssBefore[entry.name], after: rssAfter[entry.name] }])),
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
  for (const entry of processes) console.log(`RSS ${entry.name}: ${rssBefore[entry.name]} MB → ${rssAfter[entry.name]} MB`)
  console.log(`load average (1 min) at the end: ${summary.loadAverage1m.toFixed(1)}`)
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
  const controller = new AbortController()
  const headers: Record<string, string> = { ...auth, ...(lastEventId === null ? {} : { 'Last-Event-ID': String(lastEventId) }) }
  const response = await fetch(`${base}/api/private/chat/subscribe?pieceId=${pieceId}`, { headers, signal: controller.signal })
  if (!response.ok || !response.body) throw new Error(`subscribe answered ${response.status}`)
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  while (!buffer.includes('\n\n')) buffer += decoder.decode((await reader.read()).value ?? new Uint8Array(), { stream: true })
  buffer = buffer.slice(buffer.indexOf('\n\n') + 2)
  let waiters: (() => void)[] = []
  return {
    async read(onEvent: (id: number) => void) {
      try {
        for (;;) {
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const id = /^id: (\d+)$/m.exec(buffer.slice(0, cut))?.[1]
            buffer = buffer.slice(cut + 2)
            if (!id) continue
            onEvent(Number(id))
            waiters.forEach((wake) => wake())
            waiters = []
          }
          const { value, done } = await reader.read()
          if (done) return
          buffer += decoder.decode(value, { stream: true })
        }
      } catch (error) {
        if (!controller.signal.aborted) throw error
      } finally {
        waiters.forEach((wake) => wake())
        waiters = []
      }
    },
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () => controller.abort(),
  }
}
