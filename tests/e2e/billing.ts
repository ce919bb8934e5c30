import { expect, type Page } from '@playwright/test'

/**
 * A real PLUS subscription for the signed-in user of `page`, made over HTTP: call 3 starts
 * the local provider's checkout and its Confirm completes it (the product runs without a
 * Stripe key). Usage-based pricing needs such a subscription; a plan granted by hand has none.
 */
export async function subscribeLocally(page: Page, origin = '') {
  const checkout = await page.request.post(`${origin}/api/private/users/sub?returnURL=explore`)
  expect(checkout.status(), await checkout.text()).toBe(200)
  const { url } = (await checkout.json()) as { url: string }
  expect(url).toContain('/billing/local-checkout/')
  const confirmed = await page.request.post(url, { maxRedirects: 0 })
  expect(confirmed.status()).toBe(302)
}

/** Turns usage-based pricing on with a monthly cap, through the JSON API (calls 4 and 7). */
export async function enableUsagePricing(page: Page, priceCap: number) {
  expect((await page.request.post('/api/private/users/metered-sub')).status()).toBe(200)
  expect((await page.request.patch('/api/private/user-usage', { data: { priceCap } })).status()).toBe(200)
}

export const openUserMenu = (page: Page) => page.locator('summary').filter({ hasText: 'Open user menu' }).click()

/** A PLUS subscriber (a real local subscription, with its first paid invoice) on /settings. */
export async function subscribe(page: Page) {
  await subscribeLocally(page)
  await page.goto('/settings')
  await expect(page.getByRole('main').getByRole('heading', { name: 'Subscription', exact: true })).toBeVisible()
}
