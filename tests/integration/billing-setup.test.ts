import { spawn } from 'node:child_process'
import type Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { stripeClient } from '../../app/billing/stripe-provider.server'
import { setUpStripe } from '../../app/billing/stripe-setup.server'
import { startStripeFake, type StripeFake } from '../fakes/stripe'

/** `npm run stripe:setup` against the Stripe fake with an empty account: plans.ts made real, idempotently. */
let fake: StripeFake
let stripe: Stripe

beforeEach(async () => {
  fake = await startStripeFake({ webhookSecret: 'whsec_setup', catalog: { products: [], prices: [] } })
  stripe = stripeClient({ STRIPE_SECRET_KEY: 'sk_test_setup', STRIPE_API_URL: fake.url })
})
afterEach(() => fake.close())

function runScript(env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/stripe-setup.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

describe('stripe:setup', () => {
  it('creates the meter, the products and the prices once, and finds them the next time', async () => {
    const first: string[] = []
    const made = await setUpStripe(stripe, (line) => first.push(line))
    expect(first).toEqual([
      `meter pieces_tokens: created ${made.meterId}`,
      'product pieces_plus: created',
      `price plus_monthly: created ${made.plus}`,
      'product pieces_plus_tokens: created',
      `price plus_tokens: created ${made.tokens}`,
    ])
    expect(await stripe.prices.retrieve(made.plus)).toMatchObject({
      unit_amount: 2000,
      currency: 'usd',
      lookup_key: 'plus_monthly',
      recurring: { interval: 'month', usage_type: 'licensed' },
    })
    const tokens = await stripe.prices.retrieve(made.tokens)
    expect(tokens).toMatchObject({ lookup_key: 'plus_tokens', product: 'pieces_plus_tokens', recurring: { usage_type: 'metered', meter: made.meterId } })
    expect(String(tokens.unit_amount_decimal)).toBe('0.00005')

    const second: string[] = []
    expect(await setUpStripe(stripe, (line) => second.push(line))).toEqual(made)
    expect(second).toEqual([`meter pieces_tokens: found ${made.meterId}`, `price plus_monthly: found ${made.plus}`, `price plus_tokens: found ${made.tokens}`])
    expect(fake.state.prices.size).toBe(2)
    expect(fake.state.meters.size).toBe(1)
  })

  it('bills metered tokens at $0.50 per million through what it made', async () => {
    const made = await setUpStripe(stripe, () => {})
    const customer = await stripe.customers.create({ email: 'setup@example.com' })
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: made.plus, quantity: 1 }],
      success_url: 'http://localhost/settings',
    })
    const paid = await fake.completeCheckout(session.id)
    const subscription = await stripe.subscriptions.update(paid.subscription!, { items: [{ price: made.tokens }] })
    await stripe.billing.meterEvents.create({ event_name: 'pieces_tokens', identifier: 'x1', payload: { stripe_customer_id: customer.id, value: '6000000' } })
    expect((await fake.advanceBillingPeriod(subscription.id)).invoice!.total).toBe(2000 + 300)
  })

  it('runs as npm run stripe:setup, prints what it did, and says what is missing', { timeout: 60_000 }, async () => {
    const run = await runScript({ STRIPE_SECRET_KEY: 'sk_test_setup', STRIPE_API_URL: fake.url })
    expect(run.code).toBe(0)
    expect(run.output).toMatch(/meter pieces_tokens: created mtr_/)
    expect(run.output).toMatch(/price plus_tokens: created price_/)
    expect(run.output).toMatch(/Stripe matches app\/billing\/plans.ts/)
    const again = await runScript({ STRIPE_SECRET_KEY: 'sk_test_setup', STRIPE_API_URL: fake.url })
    expect(again.output).toMatch(/price plus_monthly: found price_/)
    const missing = await runScript({ STRIPE_SECRET_KEY: '', STRIPE_API_URL: fake.url })
    expect(missing.code).toBe(1)
    expect(missing.output).toMatch(/STRIPE_SECRET_KEY must be set/)
  })
})
