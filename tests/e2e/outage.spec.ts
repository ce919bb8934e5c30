import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { FeedbackMessages } from '../../app/feedback/schema'
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_TITLE } from '../../app/lib/messages'
import { E2E_PORT } from '../../playwright.config'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'
import { e2eDatabaseFile } from './database'
import { expect, hydrated, signIn, test, uniqueUsername } from './fixtures'
import { startOwnProduct } from './own-product'

/**
 * Issue 16.1: a page already open with JavaScript when the database goes away. Its links
 * and forms fetch data (single fetch), not documents: they must say "Temporarily
 * unavailable" as a full page load does, never "Something went wrong", and work again once
 * the database is back. The e2e server's database cannot be taken from the other tests, so
 * this file starts a web process of its own on the same database, reached through a TCP
 * proxy the test cuts and restores.
 */
test.describe.configure({ mode: 'serial' })

type Product = { base: string; proxy: TcpProxy; stop: () => Promise<void> }
let product: Product

test.beforeAll(async () => {
  product = await startBehindProxy()
})
test.afterAll(async () => {
  await product?.stop()
})

async function startBehindProxy(): Promise<Product> {
  const database = new URL(readFileSync(e2eDatabaseFile(E2E_PORT), 'utf8'))
  const proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) })
  const proxied = new URL(database)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(proxy.port)
  // The e2e server's workers run the generations of this shared database.
  const own = await startOwnProduct({ label: 'outage', databaseUrl: proxied.toString(), env: { WORKERS: 'off' } })
  return {
    base: own.base,
    proxy,
    stop: async () => {
      proxy.restore()
      await own.stop()
      await proxy.close()
    },
  }
}

/** Whether the web process can reach its database, as its readiness check says. */
const databaseReachable = async (base: string) => {
  const response = await fetch(`${base}/readyz`)
  const body = (await response.json()) as { checks: { database: { ok: boolean } } }
  return body.checks.database.ok
}

/** The browser reports each 503 it was answered; those are the outage's, expected here. Anything else still fails the test. */
const forgiveOutageAnswers = (consoleErrors: string[]) =>
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !/status of 503/.test(error)))

async function newPiece(page: Page, base: string) {
  const name = uniqueUsername('outage')
  expect((await page.request.post(`${base}/api/private/pieces`, { data: { name } })).status()).toBe(201)
  return name
}

test('a link followed during a database outage shows "Temporarily unavailable", and works again once the database is back', async ({ page, consoleErrors }) => {
  const { base, proxy } = product
  await signIn(page, { origin: base })
  const name = await newPiece(page, base)
  // A light-theme user: the screen keeps the page's theme though the user cannot be read.
  expect((await page.request.patch(`${base}/api/private/users/dark-mode`, { data: { darkMode: false } })).status()).toBe(200)
  await page.goto(`${base}/explore`)
  await hydrated(page)
  const html = page.locator('html')
  await expect(html).not.toHaveClass(/dark/)
  const link = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name })

  proxy.cut()
  await expect.poll(() => databaseReachable(base)).toBe(false)
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/${name}.data`)
  await link.click()
  expect((await answer).status()).toBe(503)
  expect((await answer).headers()['retry-after']).toMatch(/^\d+$/)
  await expect(page).toHaveURL(`${base}/${name}`)
  await expect(page.getByRole('heading', { name: DATABASE_UNAVAILABLE_TITLE })).toBeVisible()
  await expect(page.getByText(DATABASE_UNAVAILABLE_MESSAGE)).toBeVisible()
  await expect(page.getByRole('heading', { name: /went wrong/i })).toHaveCount(0)
  await expect(html).not.toHaveClass(/dark/)

  // Tried again while it is still down: the full page load gets the server's own 503 page.
  const reload = page.waitForResponse((response) => new URL(response.url()).pathname === `/${name}` && response.request().resourceType() === 'document')
  await page.getByRole('link', { name: 'Try again' }).click()
  expect((await reload).status()).toBe(503)
  await expect(page.getByRole('heading', { name: DATABASE_UNAVAILABLE_TITLE })).toBeVisible()
  forgiveOutageAnswers(consoleErrors)

  proxy.restore()
  await expect.poll(() => databaseReachable(base)).toBe(true)
  await page.getByRole('link', { name: 'Try again' }).click()
  await expect(page.locator(`iframe[title="${name} preview"]`)).toBeVisible()
  await expect(page.getByRole('heading', { name: DATABASE_UNAVAILABLE_TITLE })).toHaveCount(0)
})

test('a form sent during a database outage says so in place and leaves the page usable', async ({ page, consoleErrors }) => {
  const { base, proxy } = product
  await signIn(page, { origin: base })
  await page.goto(`${base}/settings`)
  await hydrated(page)
  const usageSwitch = page.getByRole('switch', { name: 'Show token usage' })
  const before = await usageSwitch.getAttribute('aria-checked')

  proxy.cut()
  await expect.poll(() => databaseReachable(base)).toBe(false)
  await usageSwitch.click()
  await expect(page.getByRole('alert').filter({ hasText: DATABASE_UNAVAILABLE_MESSAGE })).toBeVisible()
  await expect(usageSwitch).toHaveAttribute('aria-checked', before!)
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
  forgiveOutageAnswers(consoleErrors)

  proxy.restore()
  await expect.poll(() => databaseReachable(base)).toBe(true)
  await usageSwitch.click()
  await expect(usageSwitch).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true')
})

test('feedback sent during a database outage says so and keeps the text', async ({ page, consoleErrors }) => {
  const { base, proxy } = product
  await signIn(page, { origin: base })
  await hydrated(page)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  const panel = sidebar.getByRole('group', { name: FeedbackMessages.trigger })
  await sidebar.getByRole('button', { name: FeedbackMessages.trigger }).click()
  const text = panel.getByPlaceholder(FeedbackMessages.placeholder)
  await text.fill('Written while the database was away')

  proxy.cut()
  await expect.poll(() => databaseReachable(base)).toBe(false)
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('alert').filter({ hasText: FeedbackMessages.failed })).toContainText(DATABASE_UNAVAILABLE_MESSAGE)
  await expect(text).toHaveValue('Written while the database was away')
  forgiveOutageAnswers(consoleErrors)

  proxy.restore()
  await expect.poll(() => databaseReachable(base)).toBe(true)
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(panel.getByRole('status')).toContainText(FeedbackMessages.thanks)
})
