import { readFileSync } from 'node:fs'
import { freePort } from '../../db/embedded'
import { startStripeFake, type StripeFake } from '../fakes/stripe'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { openUserMenu } from './billing'
import { e2eDatabaseFile } from './database'
import { expect, signIn, test } from './fixtures'
import { startOwnProduct, type OwnProduct } from './own-product'

/**
 * Upgrade through Stripe's hosted checkout: a second instance of the product, on its own
 * port and database, runs with a Stripe key against the Stripe fake (the real SDK talks to
 * it), which delivers signed webhooks to that instance.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
const WEBHOOK_SECRET = 'whsec_e2e_stripe_checkout'

// One Stripe instance for the whole file: its tests run in one worker, in order.
test.describe.configure({ mode: 'default' })

let origin = ''
let database: TestDatabase
let fake: StripeFake
let server: OwnProduct | undefined

test.beforeAll(async () => {
  test.setTimeout(120_000)
  // The database server the main instance uses, with a database of this file's own.
  process.env.DATABASE_URL ??= readFileSync(e2eDatabaseFile(E2E_PORT), 'utf8')
  database = await createTestDatabase('stripeui')
  // The fake must know where to deliver webhooks before the instance starts.
  const port = await freePort()
  origin = `http://localhost:${port}`
  fake = await startStripeFake({ webhookSecret: WEBHOOK_SECRET, webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe` })
  // Offline generator, no Google sign-in: only billing matters here.
  server = await startOwnProduct({
    label: 'stripe',
    databaseUrl: database.url,
    port,
    inherits: (name) => !/^(OPENAI_|GOOGLE_|BILLING_PROVIDER|APP_ORIGIN)/.test(name),
    env: { STRIPE_SECRET_KEY: 'sk_test_e2e_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  })
})

test.afterAll(async () => {
  await server?.stop()
  await fake?.close()
  await database?.drop()
})

test('Upgrade to PLUS through Stripe’s hosted checkout comes back through the return page, now PLUS', async ({ page }) => {
  expect(server!.output()).toMatch(/billing: .*stripe/i)
  await signIn(page, { origin })
  await page.goto(`${origin}/explore?upgrade=plus`)
  const dialog = page.getByRole('dialog', { name: 'Upgrade to PLUS' })
  await dialog.getByRole('button', { name: 'Upgrade to PLUS' }).click()

  await expect(page.getByRole('heading', { name: 'Subscribe' })).toBeVisible()
  expect(page.url().startsWith(`${fake.url}/checkout/`)).toBe(true)
  await page.getByRole('button', { name: 'Pay' }).click()

  // The webhook, not the redirect, makes PLUS: the return page waits for it.
  await expect(page).toHaveURL(`${origin}/explore`, { timeout: 15_000 })
  await expect(page.getByText('PLUS is active. Enjoy!')).toBeVisible()
  await openUserMenu(page)
  await expect(page.getByText('Logged in as')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Upgrade to PLUS' })).toHaveCount(0)
  expect(fake.state.deliveries.some((delivery) => delivery.type === 'checkout.session.completed' && delivery.status === 200)).toBe(true)
})

/**
 * Issue 26.6: a paying user's billing history while Stripe fails is not an empty one. It says
 * it could not be loaded, with a 'Try again' that works once Stripe answers again.
 */
test('billing history while Stripe fails says it could not be loaded, and Try again loads it once Stripe is back', async ({ page, browser, consoleErrors }) => {
  await signIn(page, { origin })
  const checkout = await page.request.post(`${origin}/api/private/users/sub?returnURL=settings`)
  expect(checkout.status(), await checkout.text()).toBe(200)
  await page.goto(((await checkout.json()) as { url: string }).url)
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(`${origin}/settings`, { timeout: 15_000 })
  const history = page.getByTestId('billing-history')
  await expect(history.getByTestId('invoice')).toHaveCount(1)

  // Every Stripe call fails until told otherwise (a Stripe outage, as its API answers one).
  fake.failNext({ status: 500, message: 'An unknown error occurred', type: 'api_error' }, 1_000)
  try {
    await page.reload()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load billing history' })).toBeVisible()
    await expect(history.getByText('Your billing history could not be loaded.')).toBeVisible()
    await expect(history.getByText('No invoices yet.')).toHaveCount(0)
    // Still failing: the same answer, the toast again.
    await history.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load billing history' }).filter({ hasText: 'Billing is unavailable' })).toBeVisible()
    await expect(history.getByText('Your billing history could not be loaded.')).toBeVisible()
    // The browser reports the invoices' 502 (billing unavailable) itself; that one is expected.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('status of 502')))
  } finally {
    fake.stopFailing()
  }
  // Without JavaScript, Try again reads the page again.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  try {
    fake.failNext({ status: 500, message: 'An unknown error occurred', type: 'api_error' }, 1_000)
    const plain = await noJs.newPage()
    await plain.goto(`${origin}/settings`)
    const plainHistory = plain.getByTestId('billing-history')
    await expect(plainHistory.getByText('Your billing history could not be loaded.')).toBeVisible()
    fake.stopFailing()
    await plainHistory.getByRole('button', { name: 'Try again' }).click()
    await expect(plainHistory.getByTestId('invoice')).toHaveCount(1)
  } finally {
    fake.stopFailing()
    await noJs.close()
  }

  await history.getByRole('button', { name: 'Try again' }).click()
  await expect(history.getByTestId('invoice')).toHaveCount(1)
  await expect(history.getByText('Your billing history could not be loaded.')).toHaveCount(0)
  await expect(history.getByRole('button', { name: 'Try again' })).toHaveCount(0)
})
