import { describe, expect, it } from 'vitest'
import { isPlus } from '../../app/accounts/plan.server'
import { runUsageReport } from '../../app/billing/usage-reports.server'
import { PLUS_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import * as localCheckout from '../../app/routes/billing.local-checkout'
import * as subStatus from '../../app/routes/api/api.opt.users.sub-status'
import * as userUsage from '../../app/routes/api/api.private.user-usage'
import * as meteredSub from '../../app/routes/api/api.private.users.metered-sub'
import * as sub from '../../app/routes/api/api.private.users.sub'
import * as subCancel from '../../app/routes/api/api.private.users.sub-cancel'
import * as subInvoices from '../../app/routes/api/api.private.users.sub-invoices'
import * as subReactivate from '../../app/routes/api/api.private.users.sub-reactivate'
import * as webhook from '../../app/routes/api/api.webhooks.stripe'
import { chargeTokens } from '../../app/usage/limits.server'
import { eventsSettled, newUser, sessionCookieFor, setBillingEnv, statusBecomes, subscriptionRow, useBilling, type TestUser } from '../support/billing'
import { call, ROUTE_CONTEXT, thrown } from '../support/routes'

/** The local provider: the same calls and state machine as Stripe, with the app's own test checkout page and no network. */
useBilling('local')

const page = (id: string, cookie: string, method = 'GET') => {
  const args = {
    request: new Request(`http://localhost/billing/local-checkout/${id}`, { method, headers: { cookie } }),
    context: ROUTE_CONTEXT,
    params: { id },
  }
  return method === 'GET' ? localCheckout.loader(args) : localCheckout.action(args)
}

async function checkoutId(user: TestUser) {
  const { status, body } = await call(sub, 'POST', '/api/private/users/sub?returnURL=settings', user.auth)
  expect(status).toBe(200)
  expect(body.url).toMatch(/^http:\/\/localhost:3000\/billing\/local-checkout\/lcs_/)
  return body.url.split('/').pop() as string
}

async function subscribedLocally() {
  const user = await newUser('local')
  const cookie = await sessionCookieFor(user)
  await page(await checkoutId(user), cookie, 'POST')
  expect((await subscriptionRow(user.id))?.status).toBe('active')
  await eventsSettled()
  return user
}

describe('the local provider', () => {
  it('checks out on the local test checkout page, whose Confirm starts PLUS through the event handling and records a paid invoice', async () => {
    const user = await newUser('local')
    const cookie = await sessionCookieFor(user)
    const id = await checkoutId(user)
    expect(await checkoutId(user)).toBe(id)
    const shown = (await page(id, cookie)) as unknown as { data: { checkout: { status: string; priceLabel: string } } }
    expect(shown.data.checkout).toMatchObject({ status: 'open', priceLabel: '$20.00 / month' })
    const stranger = await sessionCookieFor(await newUser('local'))
    expect((await thrown(page(id, stranger))).status).toBe(404)
    expect((await thrown(page(id, stranger, 'POST'))).status).toBe(404)
    expect(await isPlus(sql, user.id)).toBe(false)

    const confirmed = (await page(id, cookie, 'POST')) as Response
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('location')).toBe('http://localhost:3000/billing/return?to=%2Fsettings')
    expect(await isPlus(sql, user.id)).toBe(true)
    expect((await call(subStatus, 'GET', '/api/opt/users/sub-status', user.auth)).body).toMatchObject({
      status: 'active',
      billing_cycle_anchor: expect.any(Number),
    })
    const events = await sql<{ type: string }[]>`
      select e.type from billing_events e join billing_customers c on c.customer_id = e.customer_id
      where c.user_id = ${user.id} and e.provider = 'local' order by e.received_at, e.type`
    expect(events.map((event) => event.type).sort()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'])
    await eventsSettled()

    expect(((await page(id, cookie, 'POST')) as Response).headers.get('location')).toBe('http://localhost:3000/billing/return?to=%2Fsettings')
    expect(
      (await sql`select 1 from local_billing_subscriptions where customer_id = (select customer_id from billing_customers where user_id = ${user.id})`).length,
    ).toBe(1)
    const invoices = await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=3', user.auth)
    expect(invoices.body).toEqual({
      data: [
        {
          id: expect.stringMatching(/^lin_/),
          created: expect.any(Number),
          description: null,
          status: 'paid',
          amount_paid: 2000,
          total: 2000,
          invoice_pdf: null,
        },
      ],
      has_more: false,
    })
    expect((await call(sub, 'POST', '/api/private/users/sub?returnURL=settings', user.auth)).status).toBe(409)
  })

  it('cancels, resubscribes, ends at period end and renews with an invoice, as Stripe does', async () => {
    const user = await subscribedLocally()
    const canceled = await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, { feedbackCategory: 'low_quality', feedbackText: 'meh' })
    expect(canceled.body).toMatchObject({ status: 'canceling', cancel_at: expect.any(Number), cancel_at_period_end: true })
    expect((await call(subReactivate, 'PATCH', '/api/private/users/sub-reactivate', user.auth)).body.status).toBe('active')

    const renewing = await subscribedLocally()
    await call(subCancel, 'PATCH', '/api/private/users/sub-cancel', user.auth, {})
    for (const someone of [user, renewing]) {
      await sql`
        update local_billing_subscriptions set current_period_end = now() - interval '1 second'
        where customer_id = (select customer_id from billing_customers where user_id = ${someone.id})`
    }
    await runUsageReport()
    await statusBecomes(user.id, 'other')
    expect(await isPlus(sql, user.id)).toBe(false)
    await eventsSettled()
    expect((await subscriptionRow(renewing.id))?.status).toBe('active')
    const invoices = await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=5', renewing.auth)
    expect(invoices.body.data.map((invoice: { status: string }) => invoice.status)).toEqual(['paid', 'paid'])
    const first = await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=1', renewing.auth)
    const rest = await call(subInvoices, 'GET', `/api/private/users/sub-invoices?limit=5&starting_after=${first.body.data[0].id}`, renewing.auth)
    expect(rest.body).toMatchObject({ data: [{ id: invoices.body.data[1].id }], has_more: false })
    expect((await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=5&starting_after=lin_nope', renewing.auth)).status).toBe(400)
  })

  it('meters usage-based pricing into its own meter events, once each', async () => {
    const user = await subscribedLocally()
    expect((await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)).body.usageBasedPricing).toBe(true)
    expect((await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 10 })).body.priceCap).toBe(10)
    await sql`
      insert into usage_days (user_id, day, tokens) values (${user.id}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${PLUS_DAILY_TOKEN_LIMIT})`
    await sql.begin((tx) => chargeTokens(tx, user.id, { spent: 500_000, reserved: 500_000 }))
    await runUsageReport()
    await runUsageReport()
    const events = await sql<{ value: number }[]>`
      select value::int as value from local_billing_meter_events where customer_id = (select customer_id from billing_customers where user_id = ${user.id})`
    expect(events).toEqual([{ value: 500_000 }])
  })

  it('answers Stripe webhooks with 404: there are none to take', async () => {
    const response = await call(webhook, 'POST', '/api/webhooks/stripe', { 'stripe-signature': 't=1,v1=00' }, { id: 'evt_1' })
    expect(response).toEqual({ status: 404, body: { message: 'Stripe webhooks are not used on this server.' } })
  })
})

describe('billing off (an https origin without a Stripe key)', () => {
  it('answers every billing call with a clear refusal', async () => {
    const user = await newUser('off')
    const local = await checkoutId(user)
    setBillingEnv({ APP_ORIGIN: 'https://pieces.example' })
    try {
      const refusal = { status: 502, body: { message: 'Billing is turned off on this server.' } }
      expect(await call(sub, 'POST', '/api/private/users/sub?returnURL=settings', user.auth)).toEqual(refusal)
      expect(await call(subInvoices, 'GET', '/api/private/users/sub-invoices?limit=3', user.auth)).toEqual(refusal)
      expect((await thrown(page(local, await sessionCookieFor(user)))).status).toBe(404)
      expect(await runUsageReport()).toEqual({ skipped: 'billing is off' })
    } finally {
      setBillingEnv({ APP_ORIGIN: undefined })
    }
  })
})
