import { expect, signIn, test } from './fixtures'
import { endSteerings, ownMessage, steer } from './model'

/** Issue 37.3: the chat says which fault of the model server ended a turn, and Retry builds once it has passed. */

test.afterEach(async ({ page }) => endSteerings(page))

test('a busy model server: the chat says so, keeps the message, and Retry builds', async ({ page, javaScriptEnabled }) => {
  await signIn(page)
  const name = `busy_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)

  const message = ownMessage('a tip calculator')
  // Busy for an hour: longer than the product waits, so it gives up at once; the next call is answered.
  await steer(page, { match: [message], status: 429, error: 'Rate limit reached', retryAfter: '3600', times: 1 })
  // With JavaScript, the page's data is reloaded after the send is accepted; the failure can
  // arrive before that ends (CI saw it), and Retry must work meanwhile: hold the reload until then.
  const reloads: Array<() => Promise<void>> = []
  let holding = javaScriptEnabled
  await page.route(
    (url) => url.pathname.endsWith('.data'),
    (route) => (holding && route.request().method() === 'GET' ? void reloads.push(() => route.continue()) : route.continue()),
  )
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  const status = page.getByTestId('chat-status')
  await expect(status).toHaveText('The model server is busy right now. No tokens were charged; please try again in a minute.', { timeout: 20_000 })
  await expect(page.getByLabel('Message')).toHaveValue(message)
  if (javaScriptEnabled) expect(reloads.length).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Retry' }).click()
  if (javaScriptEnabled) {
    await expect(status).not.toHaveText(/busy/)
    holding = false
    await Promise.all(reloads.map((go) => go()))
  }
  await expect(status).toHaveText('Generation complete', { timeout: 20_000 })
})
