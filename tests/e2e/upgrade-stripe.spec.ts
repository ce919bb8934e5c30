import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { startStripeFake, type StripeFake } from '../fakes/stripe'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { openUserMenu } from './billing'
import { e2eDatabaseFile } from './database'
import { expect, signIn, test } from './fixtures'

/**
 * Upgrade through Stripe's hosted checkout: a second instance of the product, on its own
 * port and database, runs with a Stripe key against the Stripe fake (the real SDK talks to
 * it), which delivers signed webhooks to that instance.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
const PORT = E2E_PORT + 10
const ORIGIN = `http://localhost:${PORT}`
const WEBHOOK_SECRET = 'whsec_e2e_stripe_checkout'

// One Stripe instance on one port for the whole file: its tests run in one worker, in order.
test.describe.configure({ mode: 'default' })

let database: TestDatabase
let fake: StripeFake
let server: ChildProcess
let output = ''

test.beforeAll(async () => {
  test.setTimeout(120_000)
  // The database server the main instance uses, with a database of this file's own.
  process.env.DATABASE_URL ??= readFileSync(e2eDatabaseFile(E2E_PORT), 'utf8')
  database = await createTestDatabase('stripeui')
  fake = await startStripeFake({ webhookSecret: WEBHOOK_SECRET, webhookUrl: `http://127.0.0.1:${PORT}/api/webhooks/stripe` })
  // Offline generator, no Google sign-in: only billing matters here.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(OPENAI_|GOOGLE_|BILLING_PROVIDER|APP_ORIGIN)/.test(key)))
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PREVIEW_PORT: String(PORT + 1),
      DATABASE_URL: database.url,
      SESSION_SECRET: 'e2e-stripe-session-secret-0123456789abcdef',
      RATE_LIMIT_FORMS_PER_MINUTE: '1000',
      STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Stripe instance did not start:\n${output}`)), 90_000)
    const read = (chunk: Buffer) => {
      output += chunk
      if (/Pieces is ready at/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    server.stdout!.on('data', read)
    server.stderr!.on('data', read)
    server.once('exit', () => reject(new Error(`the Stripe instance exited:\n${output}`)))
  })
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await fake?.close()
  await database?.drop()
})

test('Upgrade to PLUS through Stripe’s hosted checkout comes back through the return page, now PLUS', async ({ page }) => {
  expect(output).toMatch(/billing: .*stripe/i)
  await signIn(page, { origin: ORIGIN })
  await page.goto(`${ORIGIN}/explore?upgrade=plus`)
  const dialog = page.getByRole('dialog', { name: 'Upgrade to PLUS' })
  await dialog.getByRole('button', { name: 'Upgrade to PLUS' }).click()

  await expect(page.getByRole('heading', { name: 'Subscribe' })).toBeVisible()
  expect(page.url().startsWith(`${fake.url}/checkout/`)).toBe(true)
  await page.getByRole('button', { name: 'Pay' }).click()

  // The webhook, not the redirect, makes PLUS: the return page waits for it.
  await expect(page).toHaveURL(`${ORIGIN}/explore`, { timeout: 15_000 })
  await expect(page.getByText('PLUS is active. Enjoy!')).toBeVisible()
  await openUserMenu(page)
  await expect(page.getByText('Logged in as')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Upgrade to PLUS' })).toHaveCount(0)
  expect(fake.state.deliveries.some((delivery) => delivery.type === 'checkout.session.completed' && delivery.status === 200)).toBe(true)
})
