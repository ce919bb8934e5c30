import { readFileSync } from 'node:fs'
// Remix's own decoder: what a page with JavaScript reads its answers with.
import { decodeViaTurboStream } from '@remix-run/react/dist/single-fetch.js'
import { RATE_LIMITED_MESSAGE } from '../../app/lib/messages'
import { E2E_PORT } from '../../playwright.config'
import { e2eDatabaseFile } from './database'
import { expect, hydrated, signIn, test } from './fixtures'
import { startOwnProduct, type OwnProduct } from './own-product'

/**
 * A submission the rate limit refuses before any action runs reaches a page with
 * JavaScript in Remix's encoding (server/respond.ts `refuse`), so the form says why in
 * place and the page stays; a JSON answer there could not be decoded, and the page turned
 * into "Something went wrong". An instance of its own allows one change a minute.
 *
 * The limit counts in minute windows, so of three changes in a row two share a window and
 * the later one is refused, whenever the test runs: each test posts until it is refused,
 * three times at most.
 */
test.describe.configure({ mode: 'serial' })

const MOST_POSTS = 3
let product: OwnProduct

test.beforeAll(async () => {
  product = await startOwnProduct({
    label: 'refusals',
    databaseUrl: readFileSync(e2eDatabaseFile(E2E_PORT), 'utf8'),
    // The e2e server's workers run the generations of this shared database.
    env: { WORKERS: 'off', RATE_LIMIT_MUTATIONS_PER_MINUTE: '1' },
  })
})
test.afterAll(async () => {
  await product?.stop()
})

test('a settings change over the rate limit says so in place and changes nothing', async ({ page, consoleErrors }) => {
  await signIn(page, { origin: product.base })
  await page.goto(`${product.base}/settings`)
  await hydrated(page)
  const usageSwitch = page.getByRole('switch', { name: 'Show token usage' })

  let before: string | null = null
  let status = 0
  for (let post = 1; post <= MOST_POSTS && status !== 429; post++) {
    before = await usageSwitch.getAttribute('aria-checked')
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/settings.data')
    await usageSwitch.click()
    status = (await answer).status()
    await expect(usageSwitch).not.toHaveAttribute('aria-busy')
  }
  expect(status).toBe(429)
  await expect(page.getByRole('alert').filter({ hasText: RATE_LIMITED_MESSAGE })).toBeVisible()
  await expect(usageSwitch).toHaveAttribute('aria-checked', before!)
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
  // The browser reports the 429 it was answered: the refusal this test caused.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !/status of 429/.test(error)))

  await page.reload()
  await expect(usageSwitch).toHaveAttribute('aria-checked', before!)
})

/** Sends `request` until the limit refuses it (the window may roll over between two sends), three times at most. */
async function untilRefused(request: () => Promise<Response>) {
  let response: Response | undefined
  for (let post = 1; post <= MOST_POSTS && response?.status !== 429; post++) {
    await response?.body?.cancel()
    response = await request()
  }
  expect(response?.status).toBe(429)
  return response!
}

test('a page’s data request over the limit is answered in the encoding the page reads, with Retry-After', async () => {
  const response = await untilRefused(() => fetch(`${product.base}/settings.data`, { method: 'POST', body: new URLSearchParams({ intent: 'preferences' }) }))
  expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
  expect(response.headers.get('content-type')).toContain('text/x-script')
  const { value } = await decodeViaTurboStream(response.body!, globalThis)
  expect(value).toEqual({ error: expect.objectContaining({ status: 429, data: RATE_LIMITED_MESSAGE }) })

  // A page posted without JavaScript is refused with a page of its own, as before.
  const page = await untilRefused(() => fetch(`${product.base}/settings`, { method: 'POST', headers: { accept: 'text/html' }, body: new URLSearchParams({}) }))
  expect(await page.text()).toContain(RATE_LIMITED_MESSAGE)
  // An API call keeps its JSON, whatever its path ends with.
  const api = await untilRefused(() => fetch(`${product.base}/api/private/pieces.data`, { method: 'POST' }))
  expect(await api.json()).toEqual({ message: RATE_LIMITED_MESSAGE })
})
