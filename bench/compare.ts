import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { createTestDatabase } from '../tests/support/database'
import { measure, percentiles, signUp, startProduct, stop, type Figures } from './lib'

/**
 * `npm run bench:compare` (issue 37.1): "Compare with the original" for a full-size remix.
 * Through the built product: an original of 1,000,000 characters and its remix with every
 * line changed, and every remix different from the others. `GET /{remix}/compare.data` once
 * for each of BENCH_ROUNDS remixes (drawn), then again (from the cache). Prints compare
 * latency p50/p95 for both, and the p50/p99 of an unrelated request (`/healthz`) on its own
 * (before) and while compares run back to back (after): of BENCH_LOAD_REMIXES other remixes,
 * each drawn on its first compare, and of pairs already drawn. BENCH_PORT (default 3480)
 * and the one after it are used.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3480)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
/** Remixes compared while /healthz is measured: each is drawn on its first compare, read from the cache after. */
const LOAD_REMIXES = Number(process.env.BENCH_LOAD_REMIXES ?? 40)
const SIZE = 1_000_000

/** A page of exactly SIZE characters whose every line says `tag`: two tags share no line. */
const pageOf = (tag: string) =>
  Array.from({ length: 40_000 }, (_, index) => `<p class="row">${tag} line ${index}</p>`)
    .join('\n')
    .slice(0, SIZE)

await ensureBuild()
const database = await createTestDatabase('bench')
const product = await startProduct(
  { DATABASE_URL: database.url, RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_MUTATIONS_PER_MINUTE: '0', RATE_LIMIT_FORMS_PER_MINUTE: '0' },
  PORT,
)
const base = `http://127.0.0.1:${PORT}`
const db = postgres(database.url, { max: 2, onnotice: () => {} })

async function saveCode(auth: Record<string, string>, name: string, code: string) {
  const found = await fetch(`${base}/api/private/pieces/by-name?name=${name}`, { headers: auth })
  const { id } = (await found.json()) as { id: number }
  const saved = await fetch(`${base}/api/private/pieces?id=${id}`, {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  })
  if (saved.status !== 200) throw new Error(`saving code answered ${saved.status}: ${await saved.text()}`)
}

/** One compare as a page with JavaScript asks it; answers its milliseconds and whether it said too many. */
async function compare(remix: string) {
  const started = performance.now()
  const answer = await fetch(`${base}/${remix}/compare.data`)
  const body = await answer.text()
  if (answer.status !== 200) throw new Error(`compare answered ${answer.status}`)
  return { ms: performance.now() - started, tooMany: body.includes('"tooMany",true') }
}

try {
  const owner = await signUp(base, 'owner')
  const named = await fetch(`${base}/api/private/users/username`, {
    method: 'PATCH',
    headers: { ...owner.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'bench_owner' }),
  })
  if (named.status !== 200) throw new Error(`naming answered ${named.status}`)
  const created = await fetch(`${base}/api/private/pieces`, {
    method: 'POST',
    headers: { ...owner.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'bench_original', visibility: 'public' }),
  })
  if (created.status !== 201) throw new Error(`create answered ${created.status}`)
  await saveCode(owner.auth, 'bench_original', pageOf('a'))
  // Plus, so the remixes fit; the owner remixes their own Piece (as the setup did), through the same-site form post.
  await db`insert into subscriptions (user_id, status, billing_cycle_anchor) select id, 'active', now() from users where username = 'bench_owner'`
  const session = await fetch(`${base}/signin`, {
    method: 'POST',
    body: new URLSearchParams({ email: owner.email, password: owner.password }),
    redirect: 'manual',
  })
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  /** A new remix whose every line differs from the original and from every other remix. */
  async function newRemix(tag: string) {
    const remixed = await fetch(`${base}/bench_original/remix`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ returnTo: '/bench_original' }),
      redirect: 'manual',
    })
    const remix = /^\/pieces\/(\w+)$/.exec(remixed.headers.get('Location') ?? '')?.[1]
    if (!remix) throw new Error(`remix answered ${remixed.status} ${remixed.headers.get('Location')}`)
    await saveCode(owner.auth, remix, pageOf(tag))
    return remix
  }
  const measured = []
  for (let index = 0; index < ROUNDS; index += 1) measured.push(await newRemix(`m${index}`))
  const loading = []
  for (let index = 0; index < LOAD_REMIXES; index += 1) loading.push(await newRemix(`l${index}`))

  const healthz = () => measure(`${base}/healthz`, { connections: 10, duration: 5 })
  const alone: Figures = await healthz()

  const cold: number[] = []
  const cached: number[] = []
  let tooMany = 0
  for (const remix of measured) {
    const first = await compare(remix)
    cold.push(first.ms)
    if (first.tooMany) tooMany += 1
  }
  for (const remix of measured) cached.push((await compare(remix)).ms)

  /** /healthz while compares of `remixes` run back to back, round and round; answers its figures and how many compares ran. */
  async function healthzWhile(remixes: string[]) {
    let running = true
    let ran = 0
    const load = (async () => {
      while (running) {
        await compare(remixes[ran % remixes.length]!)
        ran += 1
      }
    })()
    const figures = await healthz()
    running = false
    await load
    return { figures, ran }
  }
  const duringDrawn = await healthzWhile(loading)
  const duringCached = await healthzWhile(measured)

  const coldP = percentiles(cold)
  const cachedP = percentiles(cached)
  console.log(`\nCompare of two ${SIZE.toLocaleString('en-US')}-character versions, every line changed (${ROUNDS} rounds)`)
  console.log(
    `"Too many changes to show" in ${tooMany}/${ROUNDS}; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  )
  console.log(
    'compare, new version (drawn)'.padEnd(40),
    `p50 ${coldP.p50} ms`.padStart(14),
    `p95 ${coldP.p95} ms`.padStart(14),
    `max ${coldP.max} ms`.padStart(14),
  )
  console.log(
    'compare, same pair again (cached)'.padEnd(40),
    `p50 ${cachedP.p50} ms`.padStart(14),
    `p95 ${cachedP.p95} ms`.padStart(14),
    `max ${cachedP.max} ms`.padStart(14),
  )
  console.log('/healthz without compares'.padEnd(40), `p50 ${alone.p50} ms`.padStart(14), `p99 ${alone.p99} ms`.padStart(14), `${alone.rps} rps`.padStart(14))
  const drawnNow = Math.min(duringDrawn.ran, LOAD_REMIXES)
  for (const [label, { figures }] of [
    [`/healthz during ${duringDrawn.ran} compares (${drawnNow} drawn)`, duringDrawn],
    [`/healthz during ${duringCached.ran} cached compares`, duringCached],
  ] as const)
    console.log(label.padEnd(40), `p50 ${figures.p50} ms`.padStart(14), `p99 ${figures.p99} ms`.padStart(14), `${figures.rps} rps`.padStart(14))
  const summary = {
    date: new Date().toISOString(),
    rounds: ROUNDS,
    tooMany,
    loadAverage: loadavg(),
    cold: coldP,
    cached: cachedP,
    healthzAlone: alone,
    healthzDuringDrawn: { ...duringDrawn.figures, compares: duringDrawn.ran, drawn: drawnNow },
    healthzDuringCached: { ...duringCached.figures, compares: duringCached.ran },
  }
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/compare.json', `${JSON.stringify(summary, null, 2)}\n`)
} finally {
  await stop(product.child)
  await db.end()
  await database.drop()
}
process.exit(0)
