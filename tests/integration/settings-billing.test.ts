import { describe, expect, it } from 'vitest'
import { readToast } from '../../app/lib/toast.server'
import { sql } from '../../app/lib/db.server'
import * as localCheckout from '../../app/routes/billing.local-checkout'
import * as invoicesResource from '../../app/routes/resources.invoices'
import * as settings from '../../app/routes/settings'
import * as sub from '../../app/routes/api/api.private.users.sub'
import type { InvoicesReply } from '../../app/settings/account-forms'
import { eventsSettled, newUser, sessionCookieFor, setBillingEnv, subscriptionRow, useBilling, type TestUser } from '../support/billing'
import { call, formRefusal, ROUTE_CONTEXT, thrown } from '../support/routes'

/**
 * The settings page's billing forms (issue 11.8) on the local provider: one action for the
 * page with JavaScript (fetchers, answered with conform's reply) and without (answered
 * with a redirect and a toast), and the loaders of the billing history.
 */
useBilling('local')

const FETCHER = { 'Sec-Fetch-Mode': 'cors' }
const PAGE = { 'Sec-Fetch-Mode': 'navigate' }

type Member = TestUser & { cookie: string }

async function member(plus: boolean): Promise<Member> {
  const user = await newUser('settings')
  const cookie = await sessionCookieFor(user)
  if (plus) {
    const { body } = await call(sub, 'POST', '/api/private/users/sub?returnURL=settings', user.auth)
    const id = (body.url as string).split('/').pop()!
    const request = new Request(`http://localhost/billing/local-checkout/${id}`, { method: 'POST', headers: { cookie } })
    await localCheckout.action({ request, context: ROUTE_CONTEXT, params: { id } })
    await eventsSettled()
  }
  return { ...user, cookie }
}

function post(who: Member, fields: Record<string, string>, mode = FETCHER, cookie = who.cookie) {
  const request = new Request('http://localhost/settings', { method: 'POST', headers: { cookie, ...mode }, body: new URLSearchParams(fields) })
  return settings.action({ request, context: ROUTE_CONTEXT, params: {} })
}

/** A fetcher's refusal: Remix's `data()` wrapper with the reply and its status. */
async function refusal(answer: Promise<unknown>) {
  const { status, message, toast, upgrade } = await formRefusal(answer)
  return { status, failure: toast?.title, errors: [message], upgrade }
}

async function redirected(answer: Promise<unknown>) {
  const response = (await answer) as Response
  const toast = (await readToast(new Request('http://localhost/', { headers: { cookie: response.headers.getSetCookie().join('; ') } }))).toast
  return { status: response.status, location: response.headers.get('location'), toast: toast && { title: toast.title, description: toast.description } }
}

async function page(who: Member, search = '') {
  const request = new Request(`http://localhost/settings${search}`, { headers: { cookie: who.cookie } })
  return ((await settings.loader({ request, context: ROUTE_CONTEXT, params: {} })) as unknown as { data: Awaited<ReturnType<typeof settings.loader>>['data'] })
    .data
}

const usageSettings = async (userId: number) =>
  (await sql<{ on: boolean; cap: number | null }[]>`select usage_based_pricing as on, price_cap::int as cap from usage_settings where user_id = ${userId}`)[0]

async function addInvoices(who: Member, count: number) {
  await sql`
    insert into local_billing_invoices (id, customer_id, subscription_id, status, amount_paid, total, created_at)
    select 'lin_it_' || md5(random()::text), s.id_customer, s.id, 'paid', 2000, 2000, now() - interval '1 day' * n
    from (select id, customer_id as id_customer from local_billing_subscriptions
          where customer_id = (select customer_id from billing_customers where user_id = ${who.id})) s,
         generate_series(1, ${count}) n`
}

describe('the subscription forms of the settings page', () => {
  it('cancels with the survey answer (trimmed) from a fetcher, and resubscribes from a page post', async () => {
    const plus = await member(true)
    const cancelled = (await post(plus, { intent: 'cancel-subscription', feedbackCategory: 'too_complex', feedbackText: '  too many knobs ' })) as Response
    expect([cancelled.status, cancelled.headers.get('location'), cancelled.headers.get('X-Remix-Replace')]).toEqual([302, '/settings', 'true'])
    expect((await subscriptionRow(plus.id))?.status).toBe('canceling')
    expect(await sql`select category, text from subscription_feedback where user_id = ${plus.id}`).toEqual([
      { category: 'too_complex', text: 'too many knobs' },
    ])
    expect((await page(plus)).subscription).toMatchObject({ status: 'canceling', subscribed: true, cancel_at: expect.any(Number) })

    expect(await redirected(post(plus, { intent: 'reactivate-subscription' }, PAGE))).toEqual({ status: 302, location: '/settings', toast: null })
    expect((await subscriptionRow(plus.id))?.status).toBe('active')
  })

  it('refuses in place for a fetcher and with a redirect and toast for a page post', async () => {
    const free = await member(false)
    expect(await refusal(post(free, { intent: 'cancel-subscription' }))).toEqual({
      status: 409,
      failure: 'Failed to cancel subscription',
      errors: ['There is no active PLUS subscription to cancel.'],
      upgrade: undefined,
    })
    expect(await redirected(post(free, { intent: 'reactivate-subscription' }, PAGE))).toEqual({
      status: 302,
      location: '/settings',
      toast: { title: 'Failed to reactivate subscription', description: expect.stringContaining('no canceled PLUS subscription') },
    })
    expect(await refusal(post(free, { intent: 'usage-pricing', value: 'true' }))).toMatchObject({
      status: 403,
      failure: 'Failed to enable usage-based pricing',
      upgrade: 'upgrade-to-plus',
    })
    expect(await redirected(post(free, { intent: 'price-cap', priceCap: '10' }, PAGE))).toMatchObject({
      location: '/settings?upgrade=plus',
      toast: { title: 'Failed to update price cap' },
    })
    expect(await refusal(post(free, { intent: 'usage-pricing', value: 'false' }, FETCHER, 'pieces_session=nope'))).toMatchObject({
      status: 401,
      failure: 'Failed to disable usage-based pricing',
    })
  })
})

describe('usage-based pricing in settings', () => {
  it('turns on with the $5 limit the page shows, keeps a limit already set, and takes a new one', async () => {
    const plus = await member(true)
    expect(((await post(plus, { intent: 'usage-pricing', value: 'true' })) as Response).status).toBe(302)
    expect(await usageSettings(plus.id)).toEqual({ on: true, cap: 5 })
    expect(await refusal(post(plus, { intent: 'price-cap', priceCap: '4' }))).toMatchObject({ status: 400, failure: 'Failed to update price cap' })
    expect(((await post(plus, { intent: 'price-cap', priceCap: '25' })) as Response).status).toBe(302)
    expect(((await post(plus, { intent: 'usage-pricing', value: 'false' }, PAGE)) as Response).status).toBe(302)
    expect(await usageSettings(plus.id)).toEqual({ on: false, cap: 25 })
    expect(((await post(plus, { intent: 'usage-pricing', value: 'true' })) as Response).status).toBe(302)
    expect(await usageSettings(plus.id)).toEqual({ on: true, cap: 25 })
    expect((await page(plus)).usage).toMatchObject({ usageBasedPricing: true, priceCap: 25 })
  })
})

describe('billing history in settings', () => {
  const more = async (who: Member, search: string, headers: Record<string, string> = { cookie: who.cookie, ...FETCHER }) => {
    const request = new Request(`http://localhost/resources/invoices${search}`, { headers })
    const { data, init } = (await invoicesResource.loader({ request, context: ROUTE_CONTEXT, params: {} })) as unknown as {
      data: InvoicesReply
      init?: { status?: number }
    }
    return { status: init?.status ?? 200, reply: data }
  }

  it('loads the first 3 invoices with the page, then pages of 5 (through the URL without JavaScript, the resource with it)', async () => {
    const free = await member(false)
    expect((await page(free)).invoices).toEqual({ data: [], has_more: false, failed: null })

    const plus = await member(true)
    await addInvoices(plus, 9)
    const first = (await page(plus)).invoices
    expect(first.data).toHaveLength(3)
    expect(first).toMatchObject({ has_more: true, failed: null })
    expect(first.data[0]).toMatchObject({ status: 'paid', amount_paid: 2000, description: null, invoice_pdf: null })

    const twoMore = (await page(plus, '?invoice-pages=2')).invoices
    expect(twoMore.data.map((invoice) => invoice.id).slice(0, 3)).toEqual(first.data.map((invoice) => invoice.id))
    expect(new Set(twoMore.data.map((invoice) => invoice.id)).size).toBe(10)
    expect(twoMore).toMatchObject({ has_more: false, failed: null })
    expect((await page(plus, '?invoice-pages=junk')).invoices.data).toHaveLength(3)

    const next = await more(plus, `?limit=5&starting_after=${first.data[2]!.id}`)
    expect(next.status).toBe(200)
    expect(next.reply.ok && next.reply.page.data.map((invoice) => invoice.id)).toEqual(twoMore.data.slice(3, 8).map((invoice) => invoice.id))
    expect(next.reply.ok && next.reply.page.has_more).toBe(true)
  })

  it('says what failed instead of failing the page', async () => {
    const plus = await member(true)
    expect(await more(plus, '?limit=5&starting_after=lin_gone')).toEqual({
      status: 400,
      reply: { ok: false, message: 'starting_after is not one of your invoices.' },
    })
    expect((await more(plus, '?limit=5', { cookie: 'pieces_session=nope', ...FETCHER })).status).toBe(401)
    expect((await thrown(Promise.resolve().then(() => more(plus, '?limit=5', { cookie: plus.cookie, ...PAGE })))).headers.get('location')).toBe('/settings')

    setBillingEnv({ APP_ORIGIN: 'https://pieces.example' })
    try {
      // An https origin names the session cookie __Host-…
      const secure = { ...plus, cookie: `__Host-${plus.cookie}` }
      expect((await page(secure)).invoices).toEqual({ data: [], has_more: false, failed: 'history' })
      expect((await more(secure, '?limit=5')).status).toBe(502)
    } finally {
      setBillingEnv({ APP_ORIGIN: undefined })
    }
  })
})
