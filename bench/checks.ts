import { mkdirSync, writeFileSync } from 'node:fs'
import postgres from 'postgres'
import type { CheckStep } from '../app/checks/schema'
import { ensureBuild } from '../scripts/ensure-build'
import { createTestDatabase } from '../tests/support/database'
import { createPiece, percentiles, signUpWithToken, startProduct, stop } from './lib'

/**
 * `npm run bench:checks` (issue 31): what a Piece's recorded checks add to a generation.
 * Through the built product with its in-process worker and the offline builder (a counter),
 * SENDS sequential sends with no checks, then SENDS with five recorded checks (plus, minus,
 * reset, the heading, a count after three presses), alternating so the machine's drift
 * falls on both. Prints send → answer p50/p95 for each and what the checks add at p95
 * (target ≤ 3 s), and how many runs passed all five. BENCH_PORT (default 3470) and the one
 * after it are used for the product and its previews.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3470)
const SENDS = Number(process.env.BENCH_SENDS ?? 30)

const increase = { action: 'click', target: { by: 'role', role: 'button', name: 'Increase' } } as const
const count = (text: string) => ({ action: 'expect-text', target: { by: 'id', id: 'count' }, text }) as const
const CHECKS: { name: string; steps: CheckStep[] }[] = [
  { name: 'plus raises the count', steps: [increase, count('1')] },
  { name: 'minus lowers the count', steps: [{ action: 'click', target: { by: 'role', role: 'button', name: 'Decrease' } }, count('-1')] },
  { name: 'reset goes back to 0', steps: [increase, increase, { action: 'click', target: { by: 'role', role: 'button', name: 'Reset' } }, count('0')] },
  { name: 'the title says Counter', steps: [{ action: 'expect-text', target: { by: 'role', role: 'heading', name: 'Counter' }, text: 'Counter' }] },
  { name: 'three presses make 3', steps: [increase, increase, increase, count('3')] },
]

await ensureBuild()
const database = await createTestDatabase('bench')
const db = postgres(database.url, { max: 2, onnotice: () => {} })
const product = await startProduct(
  { DATABASE_URL: database.url, RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_MUTATIONS_PER_MINUTE: '0', RATE_LIMIT_FORMS_PER_MINUTE: '0' },
  PORT,
)
const base = `http://127.0.0.1:${PORT}`

type Run = { ms: number; passed: boolean | null }

try {
  const auth = await signUpWithToken(base)
  const [owner] = await db<{ id: number }[]>`select id::int as id from users order by id desc limit 1`
  await db`insert into subscriptions (user_id, status, billing_cycle_anchor) values (${owner!.id}, 'active', now())`
  const plain = await createPiece(base, auth, 'bench_plain')
  const checked = await createPiece(base, auth, 'bench_checked')
  for (const check of CHECKS) {
    const answer = await fetch(`${base}/api/private/pieces/${checked}/checks`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(check),
    })
    if (answer.status !== 201) throw new Error(`saving a check answered ${answer.status}: ${await answer.text()}`)
  }
  const send = async (pieceId: number, index: number): Promise<Run> => {
    await db`update usage_days set tokens = 0 where user_id = ${owner!.id}`
    const started = performance.now()
    const answer = await fetch(`${base}/api/private/piece-user-usage`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pieceId, message: `a counter, take ${index}` }),
    })
    if (!answer.ok) throw new Error(`send answered ${answer.status}: ${await answer.text()}`)
    const result = (await answer.json()) as { verification?: { checks?: { status: string }[] } }
    const checks = result.verification?.checks
    return { ms: performance.now() - started, passed: checks ? checks.length === CHECKS.length && checks.every((check) => check.status === 'pass') : null }
  }
  // A first send of each warms the browser and the pages; not counted.
  await send(plain, -1)
  await send(checked, -1)
  const without: Run[] = []
  const withChecks: Run[] = []
  for (let index = 0; index < SENDS; index += 1) {
    without.push(await send(plain, index))
    withChecks.push(await send(checked, index))
  }
  const a = percentiles(without.map((run) => run.ms))
  const b = percentiles(withChecks.map((run) => run.ms))
  const summary = {
    date: new Date().toISOString(),
    sends: SENDS,
    checks: CHECKS.length,
    withoutChecks: a,
    withFiveChecks: b,
    addedP50: Math.round(b.p50 - a.p50),
    addedP95: Math.round(b.p95 - a.p95),
    allPassed: withChecks.filter((run) => run.passed).length,
  }
  console.log(`\nRecorded checks, offline counter, ${SENDS} sends each way, alternating`)
  const row = (label: string, p: { p50: number; p95: number; max: number }) =>
    console.log(
      label.padEnd(36),
      `p50 ${p.p50.toFixed(0)} ms`.padStart(14),
      `p95 ${p.p95.toFixed(0)} ms`.padStart(14),
      `max ${p.max.toFixed(0)} ms`.padStart(14),
    )
  row('send → answer, no checks', a)
  row(`send → answer, ${CHECKS.length} checks`, b)
  console.log(
    `the checks add p50 ${summary.addedP50} ms, p95 ${summary.addedP95} ms (target ≤ 3,000 ms); all ${CHECKS.length} passed in ${summary.allPassed}/${SENDS}`,
  )
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/checks.json', JSON.stringify(summary, null, 2))
} finally {
  await stop(product.child)
  await db.end()
  await database.drop()
}
process.exit(0)
