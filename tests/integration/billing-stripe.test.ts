import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { isPlus } from '../../app/accounts/plan.server'
import { PLUS_DAILY_TOKEN_LIMIT } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import * as subStatus from '../../app/routes/api/api.opt.users.sub-status'
import * as userUsage from '../../app/routes/api/api.private.user-usage'
import * as meteredSub from '../../app/routes/api/api.private.users.metered-sub'
import * as model from '../../app/routes/api/api.private.users.model'
import * as sub from '../../app/routes/api/api.private.users.sub'
import * as subCancel from '../../app/routes/api/api.private.users.sub-cancel'
import * as subInvoices from '../../app/routes/api/api.private.users.sub-invoices'
import * as subReactivate from '../../app/routes/api/api.private.users.sub-reactivate'
import * as upgrade from '../../app/routes/resources.upgrade'
import { expectErrorLog } from '../support/error-guard'
import { eventsSettled, eventually, newUser, sessionCookieFor, statusBecomes, subscriptionRow, useBilling, type TestUser } from '../support/billing'
import { call, ROUTE_CONTEXT } from '../support/routes'

/** Spec 1 §7 calls 3, 4, 5, 7, 8 and 15–17 and the webhooks, with the real `stripe` SDK against the Stripe fake. */
const billing = useBilling('stripe')

async function checkout(user: TestUser, returnURL = 'settings') {
  const response = await call(sub, 'POST', `/api/private/users/sub?returnURL=${encodeURIComponent(returnURL)}`, user.auth)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.url as string
}

const sessionIdOf = (url: string) => url.split('/').pop()!

/** A user who paid on the checkout page, once the webhooks have been handled. */
async function subscribed() {
  const user = await newUser()
  await billing.fake().completeCheckout(sessionIdOf(await checkout(user)))
  await statusBecomes(user.id, 'active')
  await eventsSettled()
  return user
}

const customerOf = async (userId: number) =>
  (await sql<{ customerId: string }[]>`select customer_id as "customerId" from billing_customers where user_id = ${userId}`)[0]?.customerId

const stripeSubscription = (user: TestUser) => subscriptionRow(user.id).then((row) => billing.fake().state.subscriptions.get(row!.subscriptionId!)!)

describe('checkout (call 3)', () => {
  it('creates one customer and one subscription-mode session, even for a double request, and PLUS follows the webhooks', async () => {
    const user = await newUser()
    const [first, second] = await Promise.all([checkout(user), checkout(user)])
    expect(second).toBe(first)
    const fake = billing.fake()
    const customers = [...fake.state.customers.values()].filter((customer) => customer.metadata.userId === String(user.id))
    expect(customers).toHaveLength(1)
    expect(customers[0]!.email).toBe(user.email)
    const session = fake.state.checkoutSessions.get(sessionIdOf(first))!
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customers[0]!.id,
      success_url: 'http://localhost:3000/billing/return?to=%2Fsettings',
      cancel_url: 'http://localhost:3000/settings',
      status: 'open',
    })
    expect([...fake.state.checkoutSessions.values()].filter((s) => s.customer === customers[0]!.id)).toHaveLength(1)
    expect(await isPlus(sql, user.id)).toBe(false)

    await fake.completeCheckout(session.id)
    await statusBecomes(user.id, 'active')
    expect(await isPlus(sql, user.id)).toBe(true)
    const status = await call(subStatus, 'GET', '/api/opt/users/sub-status', user.auth)
    expect(status.body).toMatchObject({ status: 'active', cancel_at: null, cancel_at_period_end: false, billing_cycle_anchor: expect.any(Number) })

    const again = await call(sub, 'POST', '/api/private/users/sub?returnURL=settings', user.auth)
    expect(again).toEqual({ status: 409, body: { message: 'You already have PLUS.' } })
    expect(await customerOf(user.id)).toBe(customers[0]!.id)
  })

  it('comes back to the page it was sent from, and never leaves our origin', async () => {
    const user = await newUser()
    const fake = billing.fake()
    const url = await checkout(user, 'pieces/my_piece?x=1')
    expect(fake.state.checkoutSessions.get(sessionIdOf(url))!.cancel_url).toBe('http://localhost:3000/pieces/my_piece?x=1')
    const away = await checkout(user, '//evil.example/steal')
    expect(fake.state.checkoutSessions.get(sessionIdOf(away))!.success_url).toMatch(/^http:\/\/localhost:3000\//)
    expect((await call(sub, 'GET', '/api/private/users/sub', user.auth)).status).toBe(405)
    expect((await call(sub, 'POST', '/api/private/users/sub')).status).toBe(401)
  })

  it('provider down: a clear 502, nothing half-written, and the retry reuses the idempotency key', async () => {
    expectErrorLog(/Stripe request failed/)
    const user = await newUser()
    const fake = billing.fake()
    fake.failNext({ status: 500, type: 'api_error', message: 'Something went wrong' }, 3)
    const down = await call(sub, 'POST', '/api/private/users/sub?returnURL=settings', user.auth)
    expect(down).toEqual({ status: 502, body: { message: 'Billing is unavailable right now. Please try again in a moment.' } })
    expect(await customerOf(user.id)).toBeUndefined()
    expect((await sql`select 1 from billing_checkouts where user_id = ${user.id}`).length).toBe(0)

    await checkout(user)
    const customerId = (await customerOf(user.id))!
    const sessionsBefore = [...fake.state.checkoutSessions.values()].filter((s) => s.customer === customerId).length
    // A session is made for another page, but every answer is lost: the retry must find it, not make a second.
    fake.dropResponses(3)
    expect((await call(sub, 'POST', '/api/private/users/sub?returnURL=explore', user.auth)).status).toBe(502)
    const url = await checkout(user, 'explore')
    const sessions = [...fake.state.checkoutSessions.values()].filter((s) => s.customer === customerId)
    expect(sessions).toHaveLength(sessionsBefore + 1)
    expect(sessions.at(-1)!.url).toBe(url)
  })

  it('the upgrade dialog form (no JavaScript) redirects to the checkout, or back with a toast for a PLUS user', async () => {
    const user = await newUser()
    const cookie = await sessionCookieFor(user)
    const post = async () =>
      (await upgrade.action({
        request: new Request('http://localhost/resources/upgrade', {
          method: 'POST',
          // A browser's own form post, as without JavaScript.
          headers: { cookie, 'sec-fetch-mode': 'navigate' },
          body: new URLSearchParams({ returnTo: '/explore' }),
        }),
        context: ROUTE_CONTEXT,
        params: {},
      })) as Response
    const response = await post()
    expect(response.status).toBe(302)
    const location = response.headers.get('location')!
    expect(location).toBe(billing.fake().state.checkoutSessions.get(sessionIdOf(location))!.url)
    await billing.fake().completeCheckout(sessionIdOf(location))
    await statusBecomes(user.id, 'active')
    const refused = await post()
    expect(refused.headers.get('location')).toBe('/explore')
    expect(refused.headers.get('set-cookie')).toMatch(/toast/)
  })
})

describe('webhooks', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(billing.webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

  async function signedEvent(type: string, object: object) {
    const { signature } = await import('../fakes/stripe')
    const { WEBHOOK_SECRET } = await import('../support/billing')
    const event = { id: `evt_test_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } }
    const body = JSON.stringify(event, null, 2)
    return { event, body, sign: (payload = body, secret = WEBHOOK_SECRET, at?: number) => signature(payload, secret, at) }
  }

  const stored = async (id: string) => (await sql`select 1 from billing_events where id = ${id}`).length

  it('accepts the exact signed bytes through the Express adapter, refuses a one-byte change, a missing, forged or stale signature, and stores nothing then', async () => {
    const { event, body, sign } = await signedEvent('customer.subscription.updated', { id: 'sub_nobody', object: 'subscription', customer: 'cus_nobody' })
    const tampered = body.replace('"sub_nobody"', '"sub_nobodY"')
    expect(tampered.length).toBe(body.length)
    for (const [payload, headers] of [
      [tampered, { 'stripe-signature': sign() }],
      [body, {}],
      [body, { 'stripe-signature': sign(body, 'whsec_someone_else') }],
      [body, { 'stripe-signature': sign(body, undefined, Math.floor(Date.now() / 1000) - 600) }],
      [body, { 'stripe-signature': 'garbage' }],
    ] as const) {
      const response = await post(payload, headers)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'The Stripe-Signature header is missing or does not match this body.' })
    }
    expect(await stored(event.id)).toBe(0)

    const accepted = await post(body, { 'stripe-signature': sign() })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ received: true, duplicate: false })
    const replayed = await post(body, { 'stripe-signature': sign() })
    expect(await replayed.json()).toEqual({ received: true, duplicate: true })
    expect(await stored(event.id)).toBe(1)
    const [jobs] = await sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'billing-event' and data->>'eventId' = ${event.id}`
    expect(jobs!.n).toBe(1)
    await eventsSettled()
    const [row] = await sql<{ outcome: string }[]>`select outcome from billing_events where id = ${event.id}`
    expect(row!.outcome).toBe('unknown customer')
  })

  it('records other event types as ignored, and answers GET with 405', async () => {
    const { event, body, sign } = await signedEvent('charge.succeeded', { id: 'ch_1', object: 'charge', customer: 'cus_x' })
    expect((await post(body, { 'stripe-signature': sign() })).status).toBe(200)
    const [row] = await sql<{ outcome: string }[]>`select outcome from billing_events where id = ${event.id}`
    expect(row!.outcome).toBe('ignored')
    expect((await fetch(billing.webhookUrl())).status).toBe(405)
  })

  it('reordered and replayed deliveries end in the provider’s state', async () => {
    const fake = billing.fake()
    const user = await newUser()
    const url = await checkout(user)
    fake.setWebhookUrl(undefined)
    const firstEvent = fake.state.events.length
    try {
      await fake.completeCheckout(sessionIdOf(url))
    } finally {
      fake.setWebhookUrl(billing.webhookUrl())
    }
    const events = fake.state.events.slice(firstEvent)
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'])
    const { signature } = await import('../fakes/stripe')
    const { WEBHOOK_SECRET } = await import('../support/billing')
    for (const event of [...events].reverse().concat(events)) {
      const body = JSON.stringify(event)
      expect((await post(body, { 'stripe-signature': signature(body, WEBHOOK_SECRET) })).status).toBe(200)
    }
    await statusBecomes(user.id, 'active')
    await eventsSettled()
    const [count] = await sql<{ n: number }[]>`select count(*)::int as n from billing_events where id = any(${events.map((e) => e.id)})`
    expect(count!.n).toBe(3)
  })

  it('a stale "active" arriving after the subscription ended does not revive it', async () => {
    const fake = billing.fake()
    const user = await subscribed()
    const live = structuredClone(await stripeSubscription(user))
    await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, {})
    await fake.advanceBillingPeriod(live.id)
    await statusBecomes(user.id, 'other')
    await fake.sendWebhook('customer.subscription.updated', live)
    await fake.sendWebhook('customer.subscription.created', live)
    await eventsSettled()
    expect((await subscriptionRow(user.id))!.status).toBe('other')
    expect((await subscriptionRow(user.id))!.providerStatus).toBe('canceled')
  })

  it('a failed renewal payment makes the status other: PLUS features stop, nothing is deleted', async () => {
    const user = await subscribed()
    expect((await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)).status).toBe(200)
    expect((await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 20 })).status).toBe(200)
    expect((await call(model, 'PATCH', '/api/private/users/model', user.auth, { selectedModel: 'gpt-5' })).status).toBe(200)
    await billing.fake().advanceBillingPeriod((await subscriptionRow(user.id))!.subscriptionId!, { paymentFails: true })
    await statusBecomes(user.id, 'other')
    expect((await subscriptionRow(user.id))!.providerStatus).toBe('past_due')
    expect(await isPlus(sql, user.id)).toBe(false)
    expect((await call(model, 'PATCH', '/api/private/users/model', user.auth, { selectedModel: 'gpt-5' })).status).toBe(403)
    const usage = await call(userUsage, 'GET', '/api/private/user-usage', user.auth)
    expect(usage.body).toMatchObject({ usageBasedPricing: false, priceCap: 20, tokenLimit: 200_000 })
    const [settings] = await sql<{ on: boolean }[]>`select usage_based_pricing as on from usage_settings where user_id = ${user.id}`
    expect(settings!.on).toBe(true)
  })

  it('a failed renewal paid on retry brings PLUS back with the settings it had', async () => {
    const user = await subscribed()
    expect((await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)).status).toBe(200)
    expect((await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 10 })).status).toBe(200)
    const subscriptionId = (await subscriptionRow(user.id))!.subscriptionId!
    await billing.fake().advanceBillingPeriod(subscriptionId, { paymentFails: true })
    await statusBecomes(user.id, 'other')

    await billing.fake().retryPayment(subscriptionId)
    await statusBecomes(user.id, 'active')
    expect((await subscriptionRow(user.id))!.providerStatus).toBe('active')
    expect(await isPlus(sql, user.id)).toBe(true)
    const usage = await call(userUsage, 'GET', '/api/private/user-usage', user.auth)
    expect(usage.body).toMatchObject({ usageBasedPricing: true, priceCap: 10, tokenLimit: PLUS_DAILY_TOKEN_LIMIT })
    expect((await call(model, 'PATCH', '/api/private/users/model', user.auth, { selectedModel: 'gpt-5' })).status).toBe(200)
  })

  it('a re-read that fails is retried by the job until the provider answers', { timeout: 60_000 }, async () => {
    expectErrorLog(/Stripe request failed/)
    const fake = billing.fake()
    const user = await subscribed()
    const live = await stripeSubscription(user)
    fake.setWebhookUrl(undefined)
    await billing.fake().advanceBillingPeriod(live.id, { paymentFails: true })
    fake.setWebhookUrl(billing.webhookUrl())
    fake.failNext({ status: 503, type: 'api_error', message: 'Down for a moment' }, 3)
    const { event } = await fake.sendWebhook('invoice.payment_failed', { id: 'in_x', object: 'invoice', customer: live.customer })
    await eventually(
      () => subscriptionRow(user.id),
      (row) => expect(row?.status).toBe('other'),
      30_000,
    )
    await eventually(
      () => sql<{ retries: number; state: string }[]>`
        select retry_count as retries, state from pgboss.job where name = 'billing-event' and data->>'eventId' = ${event.id}`,
      ([job]) => expect(job).toEqual({ retries: 1, state: 'completed' }),
    )
  })
})

describe('cancel and resubscribe (calls 16, 17, 8)', () => {
  it('cancels at period end with the reason, and resubscribes; the status call shows each at once', async () => {
    const user = await subscribed()
    const periodEnd = (await stripeSubscription(user)).items.data[0]!.current_period_end
    const canceled = await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, {
      feedbackCategory: 'too_complex',
      feedbackText: '  Hard to use  ',
    })
    expect(canceled).toEqual({ status: 200, body: expect.objectContaining({ status: 'canceling', cancel_at: periodEnd, cancel_at_period_end: true }) })
    expect((await call(subStatus, 'GET', `/api/opt/users/sub-status?userId=${user.uid}`)).body).toMatchObject({ status: 'canceling', cancel_at: periodEnd })
    expect(await isPlus(sql, user.id)).toBe(true)
    expect((await stripeSubscription(user)).cancellation_details).toMatchObject({ feedback: 'too_complex', comment: 'Hard to use' })
    const [feedback] = await sql`select category, text from subscription_feedback where user_id = ${user.id}`
    expect(feedback).toEqual({ category: 'too_complex', text: 'Hard to use' })

    const again = await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, {})
    expect(again.body.status).toBe('canceling')
    const resumed = await call(subReactivate, 'PATCH', '/api/private/users/sub-reactivate', user.auth)
    expect(resumed.body).toMatchObject({ status: 'active', cancel_at: null, cancel_at_period_end: false })
    expect((await call(subStatus, 'GET', '/api/opt/users/sub-status', user.auth)).body.status).toBe('active')
    expect((await stripeSubscription(user)).cancel_at_period_end).toBe(false)
    await eventsSettled()
    expect((await subscriptionRow(user.id))!.status).toBe('active')
  })

  it('defaults the reason to other and leaves out empty feedback; refuses bad input and a missing subscription', async () => {
    const user = await subscribed()
    expect((await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, { feedbackCategory: 'too_expensive' })).status).toBe(400)
    expect((await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, { feedbackText: 7 })).status).toBe(400)
    expect((await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, { feedbackText: '   ' })).body.status).toBe('canceling')
    expect((await stripeSubscription(user)).cancellation_details).toMatchObject({ feedback: 'other', comment: null })
    const [feedback] = await sql`select category, text from subscription_feedback where user_id = ${user.id}`
    expect(feedback).toEqual({ category: 'other', text: null })

    const free = await newUser()
    expect(await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', free.auth, {})).toEqual({
      status: 409,
      body: { message: 'There is no active PLUS subscription to cancel.' },
    })
    expect((await call(subReactivate, 'PATCH', '/api/private/users/sub-reactivate', free.auth)).status).toBe(409)
    expect((await call(subCancel, 'POST', '/api/private/users/sub-cancel', user.auth, {})).status).toBe(405)
  })
})

describe('invoices (call 15)', () => {
  it('pages 3 then 5 with starting_after, newest first, in cents', async () => {
    const user = await subscribed()
    const subscriptionId = (await subscriptionRow(user.id))!.subscriptionId!
    for (let month = 0; month < 6; month++) await billing.fake().advanceBillingPeriod(subscriptionId, { paymentFails: month === 5 })
    const first = await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=3', user.auth)
    expect(first.status).toBe(200)
    expect(first.body.has_more).toBe(true)
    expect(first.body.data).toHaveLength(3)
    expect(Object.keys(first.body.data[0]).sort()).toEqual(['amount_paid', 'created', 'description', 'id', 'invoice_pdf', 'status', 'total'])
    expect(first.body.data[0]).toMatchObject({ status: 'open', amount_paid: 0, total: 2000, invoice_pdf: expect.stringMatching(/\/pdf$/) })
    expect(first.body.data[1]).toMatchObject({ status: 'paid', amount_paid: 2000, total: 2000 })
    const rest = await call(subInvoices, 'GET', `/api/private/users/sub-invoices?limit=5&starting_after=${first.body.data[2].id}`, user.auth)
    expect(rest.body.data).toHaveLength(4)
    expect(rest.body.has_more).toBe(false)
    const ids = [...first.body.data, ...rest.body.data].map((invoice: Stripe.Invoice) => invoice.id)
    expect(new Set(ids).size).toBe(7)
  })

  it('is empty for a user who never paid, and refuses a bad page', async () => {
    const user = await newUser()
    expect((await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=3', user.auth)).body).toEqual({ data: [], has_more: false })
    expect((await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=0', user.auth)).status).toBe(400)
    expect((await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=lots', user.auth)).status).toBe(400)
    const paid = await subscribed()
    const unknown = await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=5&starting_after=in_not_mine', paid.auth)
    expect(unknown).toEqual({ status: 400, body: { message: 'starting_after is not one of your invoices.' } })
  })
})

describe('usage-based pricing (calls 4, 5, 7)', () => {
  it('needs an active or canceling subscription: 403 with requiresSubscription', async () => {
    const user = await newUser()
    const refused = { status: 403, body: { message: 'Usage-based pricing requires an active PLUS subscription.', requiresSubscription: true } }
    expect(await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)).toEqual(refused)
    expect(await call(meteredSub, 'DELETE', '/api/private/users/metered-sub', user.auth)).toEqual(refused)
    expect(await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 10 })).toEqual(refused)
  })

  it('adds the metered item once, keeps it when turned off, and takes a cap of whole dollars from 5 to 500', async () => {
    const user = await subscribed()
    const on = await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)
    expect(on.body).toMatchObject({ usageBasedPricing: true, tokenPricePerMillion: 0.5 })
    await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)
    const metered = (await stripeSubscription(user)).items.data.filter((item) => item.price.recurring.usage_type === 'metered')
    expect(metered).toHaveLength(1)
    expect((await subscriptionRow(user.id))!.meteredItemId).toBe(metered[0]!.id)

    for (const priceCap of [4, 501, 10.5, '10', null]) {
      const bad = await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap })
      expect(bad).toEqual({ status: 400, body: { message: 'priceCap must be a whole number of dollars from 5 to 500' } })
    }
    expect((await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 500 })).body.priceCap).toBe(500)
    expect((await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 5 })).body.priceCap).toBe(5)

    await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, {})
    const off = await call(meteredSub, 'DELETE', '/api/private/users/metered-sub', user.auth)
    expect(off.body).toMatchObject({ usageBasedPricing: false, priceCap: 5 })
    expect((await stripeSubscription(user)).items.data.some((item) => item.id === metered[0]!.id)).toBe(true)
    expect((await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)).body.usageBasedPricing).toBe(true)
  })
})
