import { expect, signIn, test } from './fixtures'
import { endSteerings, ownMessage, steer } from './model'

/** Issue 37.3: the chat says which fault of the model server ended a turn, and Retry builds once it has passed. */

test.afterEach(async ({ page }) => endSteerings(page))

test('a busy model server: the chat says so, keeps the message, and Retry builds', async ({ page }) => {
  await signIn(page)
  const name = `busy_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)

  const message = ownMessage('a tip calculator')
  // Busy for an hour: longer than the product waits, so it gives up at once; the next call is answered.
  await steer(page, { match: [message], status: 429, error: 'Rate limit reached', retryAfter: '3600', times: 1 })
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  const status = page.getByTestId('chat-status')
  await expect(status).toHaveText('The model server is busy right now. No tokens were charged; please try again in a minute.', { timeout: 20_000 })
  await expect(page.getByLabel('Message')).toHaveValue(message)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(status).toHaveText('Generation complete', { timeout: 20_000 })
})
