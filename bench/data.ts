import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, Agent } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { createTestDatabase } from '../tests/support/database'
import { createPiece, percentiles, signUpWithToken, startProduct, stop, waitFor } from './lib'

/**
 * `npm run bench:data` (issue 39): a Piece's shared data under a crowd, on the layout of
 * decision 0033 — two web processes (WORKERS=off) on one PostgreSQL, each with its preview
 * origin. Measures:
 * - the floor: two bare node:http processes answering the same crowd at once from this client
 *   (what any server gets from this machine), then the product answering it at once without the
 *   database (who am I?), which opens each visitor's connection as loading the Piece did;
 * - writes: BENCH_WRITERS (default 500) visitors, each with a token of their own, add a record
 *   at the same moment, then increment one counter at the same moment; each write must be
 *   counted once (records and the counter are read back), and the p50/p95/p99 of a write;
 *   then the same crowd asks who it is at the same moment again, on its open connections;
 *   then the same visitors each write once at a random moment within BENCH_PACE_MS (2,500);
 * - fan-out: BENCH_SUBSCRIBERS (default 1,000) pages follow the collection, half on each web
 *   process; 20 writes on one process, and the time from each write's start to each page's
 *   receipt (p50/p95/p99 over every page and write; every page must get every change once);
 * - reads: a collection of 20,000 records, listed 50 times (100 newest, and the 500 most).
 * Ports 4810–4815 (BENCH_PORT moves them). Targets: write p99 ≤ 50 ms, fan-out p95 ≤ 250 ms.
 */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4810)
const WRITERS = Number(process.env.BENCH_WRITERS ?? 500)
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000)
const FANOUT_WRITES = 20
const READ_RECORDS = 20_000
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 2500)

await ensureBuild()
const database = await createTestDatabase('data')
const db = postgres(database.url, { max: 2, onnotice: () => {} })
const dataDir = mkdtempSync(join(tmpdir(), 'pieces-data-'))
const shared = {
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_READS_PER_MINUTE: '0',
  RATE_LIMIT_MUTATIONS_PER_MINUTE: '0',
  RATE_LIMIT_FORMS_PER_MINUTE: '0',
  PIECE_DATA_WRITES_PER_MINUTE: '0',
  PIECE_DATA_MAX_RECORDS: String(READ_RECORDS * 2),
  PIECE_DATA_QUOTA_MB: '100',
  LOG_LEVEL: 'warn',
}
const webPorts = [BASE_PORT, BASE_PORT + 2]
const webs = await Promise.all(webPorts.map((port) => startProduct({ ...shared, WORKERS: 'off' }, port)))
const appBase = `http://127.0.0.1:${webPorts[0]}`
const agent = new Agent({ keepAlive: true, maxSockets: Infinity })

type Answer = { status: number; body: string; ms: number }

/**
 * What this machine gives any server under a same-moment burst: two bare node:http processes
 * (bench/bare-server.ts) answering `count` requests at once from this client, first on new
 * connections, then three times on the open ones (the middle figure of the three is kept).
 */
async function bareBursts(count: number) {
  const ports = [BASE_PORT + 4, BASE_PORT + 5]
  const path = '/_pieces/data/shared/guestbook'
  const routes = JSON.stringify({ [path]: { type: 'application/json', body: Buffer.from('{"ok":true}').toString('base64') } })
  const servers = ports.map((port) => spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(port), routes], { stdio: 'ignore' }))
  const bareAgent = new Agent({ keepAlive: true, maxSockets: Infinity })
  try {
    await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}${path}`, 10_000)))
    const burst = () =>
      Promise.all(
        Array.from(
          { length: count },
          (_, i) =>
            new Promise<number>((resolve, reject) => {
              const started = performance.now()
              const req = httpRequest(
                { agent: bareAgent, host: '127.0.0.1', port: ports[i % 2], method: 'POST', path, headers: { 'content-type': 'application/json' } },
                (res) => {
                  res.resume()
                  res.on('end', () => resolve(performance.now() - started))
                },
              )
              req.on('error', reject)
              req.end(JSON.stringify({ value: { i } }))
            }),
        ),
      )
    const cold = percentiles(await burst())
    const warm = [percentiles(await burst()), percentiles(await burst()), percentiles(await burst())].sort((a, b) => a.p99 - b.p99)[1]
    return { newConnections: cold, openConnections: warm }
  } finally {
    bareAgent.destroy()
    servers.forEach((server) => server.kill())
  }
}

/** A call of the data API on one web process's preview origin, as the Piece's frame sends it. */
function dataCall(webPort: number, pieceId: number, method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const started = performance.now()
  const text = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port: webPort + 1,
        method,
        path: `/_pieces/data${path}`,
        headers: { host: `p${pieceId}.localhost:${webPort + 1}`, authorization: `Bearer ${token}`, ...(text ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let received = ''
        res.on('data', (chunk: Buffer) => (received += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: received, ms: performance.now() - started }))
      },
    )
    req.on('error', reject)
    req.end(text)
  })
}

/** A signed-out visitor's token: each call without the visitor cookie is a new visitor. */
async function visitorToken(pieceId: number) {
  const response = await fetch(`${appBase}/api/opt/pieces/${pieceId}/data-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appBase },
    body: '{}',
  })
  if (!response.ok) throw new Error(`token answered ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

/** A page following a collection on one web process: the time each change id arrived. */
function follow(webPort: number, pieceId: number, collection: string, token: string) {
  const arrived = new Map<number, number>()
  let ready: () => void = () => {}
  const isReady = new Promise<void>((resolve) => (ready = resolve))
  const req = httpRequest({
    host: '127.0.0.1',
    port: webPort + 1,
    path: `/_pieces/data/shared/${collection}/changes`,
    headers: { host: `p${pieceId}.localhost:${webPort + 1}`, authorization: `Bearer ${token}` },
  })
  req.on('response', (res) => {
    let buffer = ''
    res.on('data', (chunk: Buffer) => {
      const now = performance.now()
      buffer += chunk.toString()
      let end
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (block.startsWith('event: ready')) ready()
        const id = /^id: (\d+)$/m.exec(block)?.[1]
        if (id) arrived.set(Number(id), now)
      }
    })
  })
  req.on('error', () => {})
  req.end()
  return { arrived, isReady, close: () => req.destroy() }
}

const figures: Record<string, unknown> = { date: new Date().toISOString(), loadBefore: loadavg().map((value) => Math.round(value * 10) / 10) }
try {
  const owner = await signUpWithToken(appBase, 'data')
  const pieceId = await createPiece(appBase, owner, `bench_data_${Math.random().toString(36).slice(2, 8)}`)
  const tokens: string[] = []
  for (let i = 0; i < Math.max(WRITERS, 2); i += 1) tokens.push(await visitorToken(pieceId))

  // The machine's floor under a same-moment burst: two bare node:http processes answering the
  // same crowd from the same client, on new connections and then on open ones.
  const bare = await bareBursts(tokens.length)
  // The product's floor: the crowd asks who it is at once (no database). This opens each
  // visitor's connection, as a visitor's browser opened it to load the Piece from the same origin.
  const whoCold = await Promise.all(tokens.map((token, i) => dataCall(webPorts[i % 2]!, pieceId, 'GET', '/whoami', token)))
  // Writes: every visitor at once, a record each, then the same counter each.
  const added = await Promise.all(tokens.map((token, i) => dataCall(webPorts[i % 2]!, pieceId, 'POST', '/shared/guestbook', token, { value: { i } })))
  const counted = await Promise.all(tokens.map((token, i) => dataCall(webPorts[i % 2]!, pieceId, 'POST', '/shared/poll/counters/yes', token, { by: 1 })))
  const floor = await Promise.all(tokens.map((token, i) => dataCall(webPorts[i % 2]!, pieceId, 'GET', '/whoami', token)))
  const [stored] = await db<{ records: number; votes: number }[]>`
    select (select count(*)::int from piece_data_records where piece_id = ${pieceId} and collection = 'guestbook') as records,
           (select coalesce(sum(value), 0)::int from piece_data_counters where piece_id = ${pieceId} and collection = 'poll') as votes`
  // The same crowd at a steady pace: each visitor writes once within PACE_MS (about 200 writes a second for 500).
  const paced = await Promise.all(
    tokens.map(async (token, i) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * PACE_MS))
      return dataCall(webPorts[i % 2]!, pieceId, 'POST', '/shared/paced', token, { value: { i } })
    }),
  )
  figures.writes = {
    writers: tokens.length,
    add: { ...percentiles(added.map((answer) => answer.ms)), failed: added.filter((answer) => answer.status !== 201).length, stored: stored?.records },
    increment: { ...percentiles(counted.map((answer) => answer.ms)), failed: counted.filter((answer) => answer.status !== 200).length, counted: stored?.votes },
    noWriteAtOnceNewConnections: { ...percentiles(whoCold.map((answer) => answer.ms)), failed: whoCold.filter((answer) => answer.status !== 200).length },
    noWriteAtOnce: { ...percentiles(floor.map((answer) => answer.ms)), failed: floor.filter((answer) => answer.status !== 200).length },
    bareServerAtOnce: bare,
    pacedOver: `${PACE_MS} ms`,
    paced: { ...percentiles(paced.map((answer) => answer.ms)), failed: paced.filter((answer) => answer.status !== 201).length },
  }

  // Fan-out: pages on both processes, then writes on one.
  const token = tokens[0]!
  const pages = Array.from({ length: SUBSCRIBERS }, (_, i) => follow(webPorts[i % 2]!, pieceId, 'fan', token))
  await Promise.all(pages.map((page) => page.isReady))
  const writes: { id: number; started: number }[] = []
  for (let i = 0; i < FANOUT_WRITES; i += 1) {
    const started = performance.now()
    const answer = await dataCall(webPorts[0]!, pieceId, 'POST', '/shared/fan', token, { value: { i } })
    writes.push({ id: 0, started })
    await new Promise((resolve) => setTimeout(resolve, 100))
    void answer
  }
  const ids = (await db<{ id: number }[]>`select id::int as id from piece_data_changes where piece_id = ${pieceId} and collection = 'fan' order by id`).map(
    (row) => row.id,
  )
  ids.forEach((id, i) => (writes[i]!.id = id))
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline && pages.some((page) => page.arrived.size < FANOUT_WRITES)) await new Promise((resolve) => setTimeout(resolve, 50))
  const delays = pages.flatMap((page) => writes.flatMap((write) => (page.arrived.has(write.id) ? [page.arrived.get(write.id)! - write.started] : [])))
  figures.fanout = {
    subscribers: SUBSCRIBERS,
    writes: FANOUT_WRITES,
    ...percentiles(delays),
    missed: SUBSCRIBERS * FANOUT_WRITES - delays.length,
  }
  pages.forEach((page) => page.close())

  // Reads of a large collection, written straight into the table.
  await db`
    insert into piece_data_records (piece_id, space, collection, writer, writer_name, value, bytes)
    select ${pieceId}, 'live', 'big', 'bench', 'visitor 0000', jsonb_build_object('n', n), 10 from generate_series(1, ${READ_RECORDS}) as n`
  const reads: Record<string, number[]> = { newest100: [], newest500: [] }
  for (let i = 0; i < 50; i += 1) {
    reads.newest100!.push((await dataCall(webPorts[i % 2]!, pieceId, 'GET', '/shared/big', token)).ms)
    reads.newest500!.push((await dataCall(webPorts[i % 2]!, pieceId, 'GET', '/shared/big?limit=500', token)).ms)
  }
  figures.reads = { records: READ_RECORDS, newest100: percentiles(reads.newest100!), newest500: percentiles(reads.newest500!) }
  figures.loadAfter = loadavg().map((value) => Math.round(value * 10) / 10)
  console.log(JSON.stringify(figures, null, 2))
  writeFileSync('bench/results/data.json', `${JSON.stringify(figures, null, 2)}\n`)
} finally {
  agent.destroy()
  webs.forEach(({ child }) => stop(child))
  await db.end()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
