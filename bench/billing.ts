import { mkdirSync, writeFileSync } from 'node:fs'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { signature, startStripeFake } from '../tests/fakes/stripe'
import { createTestDatabase } from '../tests/support/database'
import { percentiles, signUpWithToken, startProduct, stop } from './lib'

/**
 * `npm run bench:billing`: a Stripe webhook received → the subscription visible, through the
 * built product (Express → Remix → signature check → event recorded → pg-boss job → the
 * subscription re-read from the Stripe fake → written), with the workers in the web process.
 * For each user the checkout is paid at the fake with deliveries held back; the bench then
 * delivers the signed checkout.session.completed itself and watches the subscriptions table.
 * Deliveries go one after another, then as one burst of concurrent ones.
 */
const PORT = 3620
const USERS = 50
const WEBHOOK_SECRET = 'whsec_bench_billing'

await ensureBuild()
const database = await createTestDatabase('bench')
const db = postgres(database.url, { max: 4, onnotice: () => {} })
const fake = await startStripeFake({ webhookSecret: WEBHOOK_SECRET })
const product = await startProduct(
  {
    DATABASE_URL: database.url,
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    RATE_LIMIT_READS_PER_MINUTE: '0',
    RATE_LIMIT_MUTATIONS_PER_MINUTE: '0',
    RATE_LIMIT_FORMS_PER_MINUTE: '0',
  },
  PORT,
)
const base = `http://127.0.0.1:${PORT}`

type Delivery = { ack: number; visible: number }

try {
  const sequential: Delivery[] = []
  for (let index = 0; index < USERS; index += 1) sequential.push(await deliver(await paidCheckout(`seq${index}`)))
  const paid = await Promise.all(Array.from({ length: USERS }, (_, index) => paidCheckout(`burst${index}`)))
  const burst = await Promise.all(paid.map((checkout) => deliver(checkout)))

  const summary = {
    date: new Date().toISOString(),
    deliveries: USERS,
    sequentialAck: percentiles(sequential.map((d) => d.ack)),
    sequentialVisible: percentiles(sequential.map((d) => d.visible)),
    burstAck: percentiles(burst.map((d) => d.ack)),
    burstVisible: percentiles(burst.map((d) => d.visible)),
  }
  console.log(`\nStripe webhook → subscription visible, ${USERS} deliveries each way, built product with in-process workers`)
  const row = (label: string, p: { p50: number; p95: number; max: number }) =>
    console.log(
      label.padEnd(48),
      `p50 ${p.p50.toFixed(1)} ms`.padStart(14),
      `p95 ${p.p95.toFixed(1)} ms`.padStart(14),
      `max ${p.max.toFixed(1)} ms`.padStart(14),
    )
  row('one at a time: delivery → 200', summary.sequentialAck)
  row('one at a time: delivery → subscription active', summary.sequentialVisible)
  row(`burst of ${USERS}: delivery → 200`, summary.burstAck)
  row(`burst of ${USERS}: delivery → subscription active`, summary.burstVisible)
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/billing.json', `${JSON.stringify(summary, null, 2)}\n`)
} finally {
  await stop(product.child)
  await fake.close()
  await db.end()
  await database.drop()
}
process.exit(0)

/** A user who paid at the fake's checkout; the webhooks are kept back for the bench to deliver. */
async function paidCheckout(label: string) {
  const auth = await signUpWithToken(base, label)
  const started = await fetch(`${base}/api/private/users/sub?returnURL=settings`, { method: 'POST', headers: auth })
  if (!started.ok) throw new Error(`checkout answered ${started.status}: ${await started.text()}`)
  const { url } = (await started.json()) as { url: string }
  const before = fake.state.events.length
  await fake.completeCheckout(url.split('/').pop()!)
  const completed = fake.state.events.slice(before).find((event) => event.type === 'checkout.session.completed')!
  const [owner] = await db<
    { userId: number }[]
  >`select user_id::int as "userId" from billing_customers where customer_id = ${String((completed.data.object as { customer: string }).customer)}`
  return { userId: owner!.userId, payload: JSON.stringify(completed, null, 2) }
}

async function deliver({ userId, payload }: { userId: number; payload: string }): Promise<Delivery> {
  const started = performance.now()
  const response = await fetch(`${base}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload, WEBHOOK_SECRET) },
    body: payload,
  })
  const ack = performance.now() - started
  if (!response.ok) throw new Error(`webhook answered ${response.status}: ${await response.text()}`)
  for (;;) {
    const [row] = await db<{ status: string }[]>`select status from subscriptions where user_id = ${userId}`
    if (row?.status === 'active') return { ack, visible: performance.now() - started }
    if (performance.now() - started > 30_000) throw new Error(`user ${userId} not active after 30 s`)
    // A short pause, so 50 watchers do not take the CPU from the product they measure.
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}
