import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { CANNOT } from '../../app/generation/offline'
import { SHARED_ANSWERS } from '../../app/generation/offline/shared'
import { E2E_PORT } from '../../playwright.config'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { e2eDatabaseFile, recordAnsweredExchange } from './database'
import { expect, hydrated, signIn, test } from './fixtures'
import { startOwnProduct, type OwnProduct } from './own-product'

test('a request the offline builder answered shows its answer in the chat, with and without JavaScript', async ({ page }) => {
  await signIn(page)
  const name = `answer_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)

  const answer = CANNOT('it did not understand “connect it to my Google calendar”')
  await recordAnsweredExchange(name, 'connect it to my Google calendar', answer)
  await page.reload()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByText('connect it to my Google calendar', { exact: true })).toBeVisible()
  await expect(history.getByTestId('assistant-answer')).toHaveText(answer)
  await expect(history.getByText(/^Answered/)).toBeVisible()
})

/**
 * Issue 26.4, on an instance of its own that has no model (the offline builder builds): a
 * request it cannot do is answered in the chat, charges nothing and offers no Accept or
 * Reject for a Piece that did not change; an edit it can do is built and offered as usual.
 */
test.describe('the offline builder', () => {
  test.describe.configure({ mode: 'serial' })
  let database: TestDatabase
  let product: OwnProduct | undefined

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    // The database server the main instance uses, with a database of this file's own (its workers run its generations).
    process.env.DATABASE_URL ??= readFileSync(e2eDatabaseFile(E2E_PORT), 'utf8')
    database = await createTestDatabase('offline')
    product = await startOwnProduct({
      label: `offline-${test.info().project.name}`,
      databaseUrl: database.url,
      inherits: (name) => !/^(OPENAI_|GOOGLE_|BILLING_PROVIDER|APP_ORIGIN|STRIPE_)/.test(name),
      // Its browser checks are what the test waits for: at background priority they starve behind the tests' own browsers (decision 0035).
      env: { BROWSER_NICE: '0' },
    })
  })
  test.afterAll(async () => {
    await product?.stop()
    await database?.drop()
  })

  const jsOn = () => test.info().project.use.javaScriptEnabled !== false
  // A bound, not a wait: each build is checked in the instance's browser, slow on a busy machine.
  const BUILD_BOUND = 60_000

  async function send(page: Page, message: string) {
    await page.getByLabel('Message').fill(message)
    await page.getByRole('button', { name: 'Send' }).click()
  }

  test('answers what it cannot do in the chat, charging nothing and offering no Accept for nothing; builds what it can', async ({ page }) => {
    test.setTimeout(240_000)
    const origin = product!.base
    await signIn(page, { origin })
    const name = `offline_${Math.random().toString(36).slice(2, 9)}`
    expect((await page.request.post(`${origin}/api/private/pieces`, { data: { name } })).status()).toBe(201)
    await page.goto(`${origin}/pieces/${name}`)
    if (jsOn()) await hydrated(page)
    const status = page.getByTestId('chat-status')
    const history = page.getByRole('list', { name: 'Chat history' })
    const accept = page.getByRole('button', { name: 'Accept' })
    const tokens = async () => ((await (await page.request.get(`${origin}/api/private/user-usage`)).json()) as { dailyTokenCount: number }).dailyTokenCount

    // A first prompt about a subject it has no questions for: answered, nothing built.
    await send(page, 'a quiz about dinosaurs, 5 questions')
    await expect(history.getByTestId('assistant-answer')).toContainText('not “dinosaurs”', { timeout: BUILD_BOUND })
    await expect(status).toHaveText('Answered in the chat: the Piece was not changed')
    await expect(accept).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0)
    expect(await tokens()).toBe(0)

    // A counter it can build, offered for Accept as usual.
    await send(page, 'a counter')
    await expect(status).toHaveText('Generation complete', { timeout: BUILD_BOUND })
    await expect(accept).toBeVisible()
    const spent = await tokens()
    expect(spent).toBeGreaterThan(0)

    // A button it cannot write: the answer, the build before it still waiting for Accept, nothing charged.
    await send(page, 'add a button that sends an email')
    await expect(history.getByTestId('assistant-answer').last()).toContainText('“sends an email” button', { timeout: BUILD_BOUND })
    await expect(status).toHaveText('Answered in the chat: the Piece was not changed')
    expect(await tokens()).toBe(spent)
    await accept.click()
    if (jsOn()) await page.getByRole('dialog', { name: 'Accept Generation' }).getByRole('button', { name: 'Accept' }).click()
    await expect(accept).toHaveCount(0)

    // With the counter accepted, an answer alone offers nothing to accept or reject.
    await send(page, 'connect it to my Google calendar')
    await expect(history.getByTestId('assistant-answer').last()).toContainText('Google calendar', { timeout: BUILD_BOUND })
    await expect(status).toHaveText('Answered in the chat: the Piece was not changed')
    await expect(accept).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0)
    await page.reload()
    await expect(status).toHaveText('Answered in the chat: the Piece was not changed')
    await expect(accept).toHaveCount(0)

    // A button with a named action of the counter is built, and it works in the preview.
    await send(page, 'add a button that doubles the number')
    await expect(status).toHaveText('Generation complete', { timeout: BUILD_BOUND })
    await expect(accept).toBeVisible()
    const frame = page.frameLocator(`iframe[title="${name} preview"]`)
    const piece = jsOn() ? frame.frameLocator('#piece') : frame
    await expect(piece.getByRole('button', { name: 'Double' })).toBeVisible()
    if (jsOn()) {
      await piece.getByRole('button', { name: 'Increase' }).click()
      await piece.getByRole('button', { name: 'Increase' }).click()
      await piece.getByRole('button', { name: 'Double' }).click()
      await expect(piece.locator('#count')).toHaveText('4')
    }
  })

  test('the first edits people try (issue 37.8): a shared build says what it shares; an element it cannot change points to Edit visually', async ({ page }) => {
    test.setTimeout(240_000)
    const origin = product!.base
    await signIn(page, { origin })
    const name = `offline_${Math.random().toString(36).slice(2, 9)}`
    expect((await page.request.post(`${origin}/api/private/pieces`, { data: { name } })).status()).toBe(201)
    await page.goto(`${origin}/pieces/${name}`)
    if (jsOn()) await hydrated(page)
    const status = page.getByTestId('chat-status')
    const history = page.getByRole('list', { name: 'Chat history' })

    // Issue 39.6: built as a shared splitter, and the chat says what everyone shares beside the build.
    await send(page, 'a shared grocery budget where each roommate pays their share')
    await expect(status).toHaveText('Generation complete', { timeout: BUILD_BOUND })
    await expect(history.getByTestId('assistant-answer')).toHaveText(SHARED_ANSWERS['expense-splitter']!)
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()

    // The title it can size; a look it cannot give points to Edit visually for the title.
    await send(page, 'make the title bigger')
    await expect(status).toHaveText('Generation complete', { timeout: BUILD_BOUND })
    const frame = page.frameLocator(`iframe[title="${name} preview"]`)
    const piece = jsOn() ? frame.frameLocator('#piece') : frame
    await expect(piece.getByRole('heading', { name: 'Grocery expenses, shared' })).toHaveCSS('font-size', '40px')
    await send(page, 'make the title spin')
    await expect(history.getByTestId('assistant-answer').last()).toContainText('Try Edit visually: pick the title in the preview', { timeout: BUILD_BOUND })
    await expect(status).toHaveText('Answered in the chat: the Piece was not changed')
  })
})
