import { E2E_PORT } from '../../playwright.config'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { expect, signIn, test } from './fixtures'
import { endSteerings, ownMessage, steer } from './model'
import { startOwnProduct, type OwnProduct } from './own-product'

/**
 * Issue 27.2: a send that waits for a free builder says so in the chat, with its place, with
 * and without JavaScript, then builds once one is free. An instance of its own with one
 * generation at a time, on a database of its own (the shared e2e server's workers would take
 * its generations otherwise), with the e2e run's OpenAI fake as its model.
 */
test.describe.configure({ mode: 'serial' })

let database: TestDatabase
let product: OwnProduct

test.beforeAll(async () => {
  // A bound, not a wait: a product of its own starts in seconds, more on a busy machine.
  test.setTimeout(120_000)
  database = await createTestDatabase('queue')
  product = await startOwnProduct({
    label: 'queue',
    databaseUrl: database.url,
    env: {
      GENERATION_CONCURRENCY: '1',
      OPENAI_API_KEY: 'sk-e2e-fake',
      OPENAI_BASE_URL: `http://127.0.0.1:${E2E_PORT + 2}/v1`,
      BROWSER_NICE: '0',
    },
  })
})
test.afterAll(async () => {
  await product?.stop()
  await database?.drop()
})
test.afterEach(({ page }) => endSteerings(page))

test('a send waiting for a free builder shows its place in the queue, then builds', async ({ page }) => {
  await signIn(page, { origin: product.base })
  const pieces: { id: number; name: string }[] = []
  for (const label of ['busy', 'waits']) {
    const name = `q${label}_${Math.random().toString(36).slice(2, 8)}`
    const created = await page.request.post(`${product.base}/api/private/pieces`, { data: { name } })
    expect(created.status(), await created.text()).toBe(201)
    pieces.push({ id: ((await created.json()) as { id: number }).id, name })
  }
  // The only builder is busy with another Piece's generation, held at the model.
  const first = ownMessage('a queue blocker')
  const blocker = await steer(page, { match: [first], hold: 'headers' })
  const blocking = page.request.post(`${product.base}/api/private/piece-user-usage`, { data: { pieceId: pieces[0]!.id, message: first }, timeout: 60_000 })
  await blocker.held()

  await page.goto(`${product.base}/pieces/${pieces[1]!.name}`)
  await page.getByLabel('Message').fill(ownMessage('a queued counter'))
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('chat-status')).toHaveText('Waiting for a free builder: yours is next', { timeout: 15_000 })

  await blocker.release()
  expect((await blocking).status()).toBe(200)
  // Without JavaScript the page refreshes itself until the build is done.
  await expect(page.getByTestId('chat-status')).toHaveText(/Generation complete/, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()
})
