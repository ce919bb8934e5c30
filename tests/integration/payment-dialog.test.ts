import { describe, expect, it } from 'vitest'
import { sql } from '../../app/lib/db.server'
import { getEnv } from '../../app/lib/env.server'
import * as localCheckout from '../../app/routes/billing.local-checkout'
import * as billingReturn from '../../app/routes/billing.return'
import * as sub from '../../app/routes/api/api.private.users.sub'
import * as upgrade from '../../app/routes/resources.upgrade'
import { eventsSettled, newUser, sessionCookieFor, useBilling } from '../support/billing'
import { call, ROUTE_CONTEXT, thrown } from '../support/routes'

/** The payment dialog's action (spec 1 §4) and the checkout's return page, on the local provider. */
useBilling('local')

const FETCHER = { 'sec-fetch-mode': 'cors' }
const PAGE = { 'sec-fetch-mode': 'navigate' }

async function post(cookie: string, fields: Record<string, string>, headers: Record<string, string>) {
  const request = new Request('http://localhost/resources/upgrade', { method: 'POST', headers: { cookie, ...headers }, body: new URLSearchParams(fields) })
  const answer = (await upgrade.action({ request, context: ROUTE_CONTEXT, params: {} })) as Response | { data: unknown; init: ResponseInit | null }
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get('location'), body: null }
  return { status: answer.init?.status ?? 200, location: null, body: answer.data }
}

const settings = async (userId: number) =>
  (
    await sql<{ on: boolean; cap: number | null }[]>`select usage_based_pricing as on, price_cap::float8 as cap from usage_settings where user_id = ${userId}`
  )[0]

async function subscribed() {
  const user = await newUser('dialog')
  const cookie = await sessionCookieFor(user)
  const { body } = await call(sub, 'POST', '/api/private/users/sub?returnURL=explore', user.auth)
  const id = (body.url as string).split('/').pop()!
  await localCheckout.action({
    request: new Request(`http://localhost/billing/local-checkout/${id}`, { method: 'POST', headers: { cookie } }),
    context: ROUTE_CONTEXT,
    params: { id },
  })
  await eventsSettled()
  return { user, cookie }
}

describe('the payment dialog action', () => {
  it('enables usage-based pricing with a preset, then updates to a custom cap, which wins over the preset', async () => {
    const { user, cookie } = await subscribed()
    const enabled = await post(cookie, { intent: 'enable-usage-based-pricing', preset: '10', returnTo: '/pieces/x' }, FETCHER)
    expect(enabled).toMatchObject({ status: 302, location: '/pieces/x' })
    expect(await settings(user.id)).toEqual({ on: true, cap: 10 })
    const updated = await post(cookie, { intent: 'update-usage-based-pricing', preset: '5', priceCap: '42', returnTo: '/explore' }, PAGE)
    expect(updated).toMatchObject({ status: 302, location: '/explore' })
    expect(await settings(user.id)).toEqual({ on: true, cap: 42 })
  })

  it('refuses a budget outside $5–$500, and a free user with the upgrade dialog: JSON for a fetcher, a redirect for a page', async () => {
    const { user, cookie } = await subscribed()
    const low = await post(cookie, { intent: 'update-usage-based-pricing', priceCap: '4' }, FETCHER)
    expect(low).toMatchObject({ status: 400, body: { toast: { title: 'Failed to update price cap', description: 'Choose a monthly budget from $5 to $500' } } })
    expect(await settings(user.id)).toBeUndefined()
    const none = await post(cookie, { intent: 'enable-usage-based-pricing', returnTo: '/explore' }, PAGE)
    expect(none.location).toBe('/explore?upgrade=usage')

    const free = await sessionCookieFor(await newUser('dialog'))
    const refused = await post(free, { intent: 'enable-usage-based-pricing', preset: '5' }, FETCHER)
    expect(refused).toMatchObject({ status: 403, body: { upgrade: 'upgrade-to-plus', toast: { title: 'Failed to enable usage-based pricing' } } })
    const page = await post(free, { intent: 'update-usage-based-pricing', preset: '5', returnTo: '/explore' }, PAGE)
    expect(page.location).toBe('/explore?upgrade=plus')
  })
})

describe("the checkout's addresses", () => {
  const checkoutFrom = async (origin: string) => {
    const user = await newUser('origin')
    const cookie = await sessionCookieFor(user)
    const request = new Request(`${origin}/resources/upgrade`, {
      method: 'POST',
      headers: { cookie, ...PAGE },
      body: new URLSearchParams({ returnTo: '/explore' }),
    })
    const answer = await upgrade.action({ request, context: ROUTE_CONTEXT, params: {} })
    const [urls] = await sql<{ successUrl: string; cancelUrl: string }[]>`
      select success_url as "successUrl", cancel_url as "cancelUrl" from local_billing_checkouts where user_id = ${user.id}`
    return { location: answer instanceof Response ? answer.headers.get('location') : null, ...urls }
  }

  it('follow the address the app was opened at, as its previews do: the checkout, the way back after paying and after cancelling', async () => {
    const { PORT, APP_ORIGIN } = getEnv()
    for (const origin of [`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`, `http://192.168.1.5:${PORT}`, `http://box.local:${PORT}`]) {
      const checkout = await checkoutFrom(origin)
      expect(checkout.location).toMatch(new RegExp(`^${origin}/billing/local-checkout/lcs_`))
      expect(checkout.successUrl).toBe(`${origin}/billing/return?to=%2Fexplore`)
      expect(checkout.cancelUrl).toBe(`${origin}/explore`)
    }
    // An address that is not the app's own hands out the configured one.
    const elsewhere = await checkoutFrom('http://pieces.example')
    expect(elsewhere.location).toMatch(new RegExp(`^${APP_ORIGIN}/billing/local-checkout/`))
    expect(elsewhere.cancelUrl).toBe(`${APP_ORIGIN}/explore`)
  })

  it('follow it for an API client too', async () => {
    const user = await newUser('origin')
    const { PORT } = getEnv()
    const request = new Request(`http://127.0.0.1:${PORT}/api/private/users/sub?returnURL=settings`, { method: 'POST', headers: user.auth })
    const answer = (await sub.action({ request, context: ROUTE_CONTEXT, params: {} })) as Response
    expect(((await answer.json()) as { url: string }).url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/billing/local-checkout/`))
  })
})

describe('the return page', () => {
  it('waits while PLUS is not active, then goes on to the page with a toast', async () => {
    const user = await newUser('dialog')
    const cookie = await sessionCookieFor(user)
    const load = () =>
      billingReturn.loader({
        request: new Request('http://localhost/billing/return?to=%2Fsettings', { headers: { cookie } }),
        context: ROUTE_CONTEXT,
        params: {},
      })
    expect(((await load()) as unknown as { data: { to: string } }).data).toEqual({ to: '/settings' })
    await sql`insert into subscriptions (user_id, status, billing_cycle_anchor) values (${user.id}, 'active', now())`
    const moved = await thrown(load())
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe('/settings')
    expect(moved.headers.get('set-cookie')).toMatch(/toast/)
  })
})
