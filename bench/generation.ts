import { mkdirSync, writeFileSync } from 'node:fs'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { createTestDatabase } from '../tests/support/database'
import { createPiece, openEventStream, percentiles, rssMb, signUpWithToken, startProduct, stop } from './lib'

/**
 * `npm run bench:generation`: the generation engine with the offline (zero-latency)
 * model, through the built product with its in-process worker:
 * - send → first `status` event, send → worker start (`planning`), send → `complete` event
 *   and send → HTTP answer, over sequential sends;
 * - relay: the worker's commit (heard by a LISTEN of our own) → the SSE subscriber;
 * - verification (issue 13.1): the `Checking in a browser` event → `complete`, i.e. what
 *   loading each result in the worker's Chromium adds (the first send launches the browser);
 * - 1,000 concurrent subscribers on one web process: extra memory and fan-out time.
 * BENCH_PORT (default 3460) and the one after it are used for the product and its previews.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3460)
const SENDS = 60
const SUBSCRIBERS = 1000

await ensureBuild()
const database = await createTestDatabase('bench')
const db = postgres(database.url, { max: 2, onnotice: () => {} })
const product = await startProduct(
  { DATABASE_URL: database.url, RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_MUTATIONS_PER_MINUTE: '0', RATE_LIMIT_FORMS_PER_MINUTE: '0' },
  PORT,
)
const base = `http://127.0.0.1:${PORT}`

type Timings = { firstStatus: number; planning: number; verifying: number; completeEvent: number; answer: number }

try {
  const auth = await signUpWithToken(base)
  const [owner] = await db<{ id: number }[]>`select id::int as id from users order by id desc limit 1`
  await db`insert into subscriptions (user_id, status, billing_cycle_anchor) values (${owner!.id}, 'active', now())`
  const pieceId = await createPiece(base, auth, 'bench_main')

  const timings: Timings[] = []
  let verified = 0
  const relay: number[] = []
  const notified = new Map<number, number>()
  await db.listen('generation_events', (payload) => {
    const { id } = JSON.parse(payload) as { id: number }
    notified.set(id, performance.now())
  })

  for (let index = 0; index < SENDS; index += 1) {
    await db`update usage_days set tokens = 0 where user_id = ${owner!.id}`
    const stream = await subscribe(auth, pieceId)
    const started = performance.now()
    const seen: Partial<Timings> = {}
    const reading = stream.read((event, id) => {
      const at = performance.now()
      if (id && notified.has(id)) relay.push(at - notified.get(id)!)
      if (event.type === 'status' && seen.firstStatus === undefined) seen.firstStatus = at - started
      if (event.type === 'status' && event.stage === 'planning' && seen.planning === undefined) seen.planning = at - started
      if (event.type === 'progress' && event.currentStepTitle === 'Checking in a browser' && seen.verifying === undefined) seen.verifying = at - started
      if (event.type === 'complete') {
        seen.completeEvent = at - started
        if (event.verification?.ok) verified += 1
        return true
      }
      return false
    })
    const answer = await fetch(`${base}/api/private/piece-user-usage`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pieceId, message: `a counter, take ${index}` }),
    })
    if (!answer.ok) throw new Error(`send answered ${answer.status}: ${await answer.text()}`)
    await answer.json()
    seen.answer = performance.now() - started
    await reading
    stream.close()
    timings.push(seen as Timings)
  }

  // 1,000 subscribers spread over 10 Pieces, then one generation fanned out to 100 of them.
  const rssBefore = rssMb(product.child.pid!)
  const pieces = [pieceId]
  for (let index = 1; index < 10; index += 1) pieces.push(await createPiece(base, auth, `bench_fan_${index}`))
  const streams = await Promise.all(Array.from({ length: SUBSCRIBERS }, (_, index) => subscribe(auth, pieces[index % pieces.length]!)))
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const rssWith = rssMb(product.child.pid!)
  const fanStart = performance.now()
  const arrivals: number[] = []
  const waits = streams
    .filter((_, index) => index % pieces.length === 0)
    .map((stream) =>
      stream.read((event) => {
        if (event.type !== 'complete') return false
        arrivals.push(performance.now() - fanStart)
        return true
      }),
    )
  await db`update usage_days set tokens = 0 where user_id = ${owner!.id}`
  const fanned = await fetch(`${base}/api/private/piece-user-usage`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ pieceId, message: 'a quiz' }),
  })
  await fanned.text()
  await Promise.all(waits)
  streams.forEach((stream) => stream.close())

  const summary = {
    date: new Date().toISOString(),
    sends: SENDS,
    sendToFirstStatus: percentiles(timings.map((t) => t.firstStatus)),
    sendToWorkerStart: percentiles(timings.map((t) => t.planning)),
    sendToCompleteEvent: percentiles(timings.map((t) => t.completeEvent)),
    sendToAnswer: percentiles(timings.map((t) => t.answer)),
    relayCommitToSubscriber: percentiles(relay),
    // The first send launches Chromium; the warm figure is what a running worker adds.
    verificationAdds: percentiles(timings.map((t) => t.completeEvent - t.verifying)),
    verificationAddsWarm: percentiles(timings.slice(1).map((t) => t.completeEvent - t.verifying)),
    verifiedOk: verified,
    subscribers: SUBSCRIBERS,
    rssBeforeMb: rssBefore,
    rssWithSubscribersMb: rssWith,
    extraMbForSubscribers: rssWith - rssBefore,
    fanOutToLastOf100: percentiles(arrivals),
  }
  console.log(`\nGeneration engine, offline zero-latency model, ${SENDS} sequential sends`)
  const row = (label: string, p: { p50: number; p95: number; max: number }) =>
    console.log(
      label.padEnd(44),
      `p50 ${p.p50.toFixed(1)} ms`.padStart(14),
      `p95 ${p.p95.toFixed(1)} ms`.padStart(14),
      `max ${p.max.toFixed(1)} ms`.padStart(14),
    )
  row('send → first status event', summary.sendToFirstStatus)
  row('send → worker start (planning)', summary.sendToWorkerStart)
  row('send → complete event', summary.sendToCompleteEvent)
  row('send → HTTP answer', summary.sendToAnswer)
  row('relay: commit (NOTIFY) → SSE subscriber', summary.relayCommitToSubscriber)
  row('verification adds (browser warm)', summary.verificationAddsWarm)
  row('verification adds (first launches Chromium)', summary.verificationAdds)
  console.log(`${verified} of ${SENDS} results verified in a browser`)
  row(`fan-out to ${arrivals.length} subscribers of one Piece`, summary.fanOutToLastOf100)
  console.log(`${SUBSCRIBERS} subscribers: RSS ${rssBefore} MB → ${rssWith} MB (+${summary.extraMbForSubscribers} MB)`)
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/generation.json', `${JSON.stringify(summary, null, 2)}\n`)
} finally {
  await stop(product.child)
  await db.end()
  await database.drop()
}
process.exit(0)

type StreamEvent = { type: string; stage?: string; currentStepTitle?: string; verification?: { ok: boolean } }

/** An SSE subscription, live before anything is sent; `read` resolves when `until` says so. */
async function subscribe(auth: Record<string, string>, pieceId: number) {
  const stream = await openEventStream(base, auth, pieceId)
  return {
    async read(until: (event: StreamEvent, id: number | null) => boolean) {
      for (let frame = await stream.nextFrame(); frame !== null; frame = await stream.nextFrame()) {
        const data = /^data: (.*)$/m.exec(frame)?.[1]
        if (!data) continue
        const id = /^id: (\d+)$/m.exec(frame)?.[1]
        if (until(JSON.parse(data) as StreamEvent, id ? Number(id) : null)) return
      }
    },
    close: stream.close,
  }
}
