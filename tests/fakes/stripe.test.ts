import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signature, startStripeFake, type StripeFake } from './stripe'

const webhookSecret = 'whsec_test_fake_secret'

/** The app side of webhooks: verifies each delivery with the real SDK, as the webhook route will. */
async function startReceiver(stripe: Stripe) {
  const events: Stripe.Event[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      try {
        events.push(stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), webhookSecret))
        res.writeHead(200).end('{"received":true}')
      } catch {
        res.writeHead(400).end('bad signature')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('Stripe fake', () => {
  let fake: StripeFake
  let stripe: Stripe
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeEach(async () => {
    fake = await startStripeFake({ webhookSecret })
    stripe = new Stripe('sk_test_x', { ...fake.stripeOptions, maxNetworkRetries: 0 })
    receiver = await startReceiver(stripe)
    fake.setWebhookUrl(receiver.url)
  })
  afterEach(async () => {
    await fake.close()
    await receiver.close()
  })

  async function subscribe(email = 'ada@example.com') {
    const customer = await stripe.customers.create({ email, metadata: { userId: 'user_1' } })
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_PlusMonthly', quantity: 1 }],
      success_url: 'http://app.test/settings?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/settings',
      subscription_data: { metadata: { userId: 'user_1' } },
    })
    const paid = await fetch(`${fake.url}/checkout/${session.id}`, { method: 'POST', redirect: 'manual', body: new URLSearchParams() })
    expect(paid.status).toBe(303)
    return customer
  }

  it('creates, retrieves and updates customers with nested metadata', async () => {
    const created = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { userId: 'user_1' } })
    expect(created).toMatchObject({ object: 'customer', livemode: false, email: 'ada@example.com', metadata: { userId: 'user_1' } })
    expect(created.id).toMatch(/^cus_/)

    await stripe.customers.update(created.id, { name: 'Ada Lovelace', metadata: { plan: 'plus' } })
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ name: 'Ada Lovelace', metadata: { userId: 'user_1', plan: 'plus' } })

    const error = await stripe.customers.retrieve('cus_missing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_missing'" })
  })

  it('completes Checkout through the hosted page and delivers verifiable webhooks', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' })
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_PlusMonthly', quantity: 1 }],
      success_url: 'http://app.test/settings?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/settings',
      subscription_data: { metadata: { userId: 'user_1' } },
    })
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 2000 })
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`)

    const page = await (await fetch(session.url!)).text()
    expect(page).toContain('Pay')
    expect(page).toContain('http://app.test/settings')

    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams() })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://app.test/settings?session_id=${session.id}`)

    expect(receiver.events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'])
    expect(fake.state.deliveries.every((delivery) => delivery.status === 200)).toBe(true)
    const completed = receiver.events[0]!.data.object as Stripe.Checkout.Session
    expect(completed).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', customer: customer.id })

    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string, { expand: ['latest_invoice'] })
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, metadata: { userId: 'user_1' }, cancel_at_period_end: false })
    expect(subscription.items.data[0]?.price.id).toBe('price_PlusMonthly')
    expect(subscription.items.data[0]!.current_period_end).toBeGreaterThan(subscription.items.data[0]!.current_period_start + 27 * 86400)
    expect(subscription.latest_invoice).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 2000, billing_reason: 'subscription_create' })

    const pdf = await fetch((subscription.latest_invoice as Stripe.Invoice).invoice_pdf!)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(await pdf.text()).toMatch(/^%PDF-1\.4/)
  })

  it('signs webhooks so that only the right secret verifies them', async () => {
    const { delivery, event } = await fake.sendWebhook('customer.subscription.deleted', { id: 'sub_123', object: 'subscription', status: 'canceled' })
    expect(delivery?.status).toBe(200)
    expect(receiver.events.at(-1)).toMatchObject({ id: event.id, type: 'customer.subscription.deleted', data: { object: { id: 'sub_123' } } })

    const payload = JSON.stringify(event, null, 2)
    expect(stripe.webhooks.constructEvent(payload, signature(payload, webhookSecret), webhookSecret).id).toBe(event.id)
    expect(() => stripe.webhooks.constructEvent(payload, signature(payload, 'whsec_other'), webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
    expect(() => stripe.webhooks.constructEvent(JSON.stringify(event), signature(payload, webhookSecret), webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })

  it('schedules cancellation at period end, resumes, and announces each change', async () => {
    const customer = await subscribe()
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data
    const periodEnd = subscription!.items.data[0]!.current_period_end

    const canceling = await stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true, cancellation_details: { feedback: 'too_complex' } })
    expect(canceling).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: periodEnd, cancellation_details: { feedback: 'too_complex' } })
    await fake.flushWebhooks()
    const updated = receiver.events.at(-1)!
    expect(updated.type).toBe('customer.subscription.updated')
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null })

    expect(await stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: false })).toMatchObject({ cancel_at_period_end: false, cancel_at: null })

    await stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true })
    const { subscription: ended, invoice } = await fake.advanceBillingPeriod(subscription!.id)
    expect(invoice).toBeNull()
    expect(ended).toMatchObject({ status: 'canceled', ended_at: expect.any(Number), cancellation_details: { reason: 'cancellation_requested' } })
    expect(receiver.events.at(-1)?.type).toBe('customer.subscription.deleted')
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([])
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'canceled' })).data).toHaveLength(1)
  })

  it('cancels a subscription immediately', async () => {
    const customer = await subscribe()
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data
    const canceled = await stripe.subscriptions.cancel(subscription!.id, { cancellation_details: { comment: 'Too pricey' } })
    expect(canceled).toMatchObject({
      status: 'canceled',
      canceled_at: expect.any(Number),
      cancellation_details: { reason: 'cancellation_requested', comment: 'Too pricey' },
    })
    await fake.flushWebhooks()
    expect(receiver.events.at(-1)?.type).toBe('customer.subscription.deleted')
    const again = await stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true }).catch((e: unknown) => e)
    expect(again).toMatchObject({ statusCode: 400 })
  })

  it('bills metered usage reported as meter events at renewal', async () => {
    const customer = await subscribe()
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data
    const item = await stripe.subscriptionItems.create({ subscription: subscription!.id, price: 'price_PlusTokens' })
    expect(item).toMatchObject({ object: 'subscription_item', price: { id: 'price_PlusTokens', recurring: { usage_type: 'metered' } } })
    expect(item.quantity).toBeUndefined()

    const event = await stripe.billing.meterEvents.create({
      event_name: 'pieces_tokens',
      payload: { stripe_customer_id: customer.id, value: '3000000' },
      identifier: 'gen_1',
    })
    expect(event).toMatchObject({ object: 'billing.meter_event', event_name: 'pieces_tokens', identifier: 'gen_1', payload: { value: '3000000' } })
    await stripe.billing.meterEvents.create({
      event_name: 'pieces_tokens',
      payload: { stripe_customer_id: customer.id, value: '3000000' },
      identifier: 'gen_1',
    })
    await stripe.billing.meterEvents.create({ event_name: 'pieces_tokens', payload: { stripe_customer_id: customer.id, value: '1000000' } })
    expect(fake.state.meterEvents).toHaveLength(2)

    const missingValue = await stripe.billing.meterEvents
      .create({ event_name: 'pieces_tokens', payload: { stripe_customer_id: customer.id } })
      .catch((e: unknown) => e)
    expect(missingValue).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'payload[value]' })

    const { invoice } = await fake.advanceBillingPeriod(subscription!.id)
    // $20 ahead for PLUS plus 4M tokens at $0.50 per million.
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', total: 2200 })
    expect(receiver.events.at(-1)).toMatchObject({ type: 'invoice.paid', data: { object: { id: invoice!.id } } })

    await stripe.billing.meterEvents.create({ event_name: 'pieces_tokens', payload: { stripe_customer_id: customer.id, value: '2000000' } })
    expect((await fake.advanceBillingPeriod(subscription!.id)).invoice?.total).toBe(2100)

    await stripe.subscriptionItems.del(item.id)
    expect((await stripe.subscriptions.retrieve(subscription!.id)).items.data.map((i) => i.price.id)).toEqual(['price_PlusMonthly'])
  })

  it('pages invoices newest first with limit, starting_after and has_more', async () => {
    const customer = await subscribe()
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data
    for (let month = 0; month < 4; month++) await fake.advanceBillingPeriod(subscription!.id, { paymentFails: month === 3 })

    const first = await stripe.invoices.list({ customer: customer.id, limit: 2 })
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/invoices' })
    expect(first.data.map((invoice) => invoice.status)).toEqual(['open', 'paid'])
    const rest = await stripe.invoices.list({ customer: customer.id, limit: 2, starting_after: first.data[1]!.id })
    expect(rest.has_more).toBe(true)
    const all = await stripe.invoices.list({ customer: customer.id, limit: 2 }).autoPagingToArray({ limit: 100 })
    expect(all).toHaveLength(5)
    expect(all.at(-1)?.billing_reason).toBe('subscription_create')
    expect(all[0]).toMatchObject({ amount_paid: 0, total: 2000, description: null, invoice_pdf: expect.stringMatching(/\/pdf$/) })
    expect((await stripe.subscriptions.retrieve(subscription!.id)).status).toBe('past_due')
  })

  it('answers errors in Stripe shape and replays idempotent requests', async () => {
    const badPrice = await stripe.checkout.sessions
      .create({ mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }], success_url: 'http://app.test/' })
      .catch((e: unknown) => e)
    expect(badPrice).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'line_items[0][price]' })

    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-1' })
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-1' })
    expect(again.id).toBe(first.id)
    const conflict = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'key-1' }).catch((e: unknown) => e)
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)

    fake.failNext({ status: 500, type: 'api_error', message: 'Something went wrong' })
    expect(await stripe.prices.retrieve('price_PlusMonthly').catch((e: unknown) => e)).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect(await stripe.prices.retrieve('price_PlusMonthly')).toMatchObject({ object: 'price', unit_amount: 2000, recurring: { interval: 'month' } })
    expect((await stripe.prices.list({ lookup_keys: ['plus_tokens'] })).data.map((p) => p.id)).toEqual(['price_PlusTokens'])
    expect(await stripe.products.retrieve('prod_PiecesPlus')).toMatchObject({ object: 'product', name: 'Pieces PLUS' })

    const unauthenticated = new Stripe('sk_live_x', { ...fake.stripeOptions, maxNetworkRetries: 0 })
    expect(await unauthenticated.customers.list().catch((e: unknown) => e)).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
  })
})
