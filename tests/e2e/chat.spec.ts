import type { Page } from '@playwright/test'
import { FREE_DAILY_TOKEN_LIMIT } from '../../app/lib/constants'
import { PROGRESS_CLEAR_AFTER_STOP_MS, PROGRESS_LABEL } from '../../app/chat/progress'
import { spendTokens } from './database'
import { expect, hydrated, signIn, test } from './fixtures'

/** The OpenAI fake that serve.ts starts next to the product (port + 2). */
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 2}`
const steerings: string[] = []

/** Steers the fake's answers to this test's own requests (those whose messages hold every `match` text). */
async function steer(page: Page, steering: { match: string[]; hold?: string; usage?: object }) {
  const { id } = (await (await page.request.post(`${FAKE}/__fake/steer`, { data: steering })).json()) as { id: string }
  steerings.push(id)
  return {
    held: async () => expect((await page.request.get(`${FAKE}/__fake/steer/${id}/held`, { timeout: 35_000 })).ok()).toBe(true),
    release: () => page.request.post(`${FAKE}/__fake/steer/${id}/release`),
  }
}

/**
 * Holds the model's answer to the first step of a build of `message` after its first chunk.
 * The message must be this test's own (see `ownMessage`), or a copy of the test running
 * beside it would be held instead.
 */
const holdFirstStep = (page: Page, message: string) => steer(page, { match: [`Request: ${message}`, 'Step 1 of'], hold: 'first-chunk' })

/** A message no other test, nor another run of this one, sends. */
const ownMessage = (text: string) => `${text} ${Math.random().toString(36).slice(2, 8)}`

test.afterEach(async ({ page }) => {
  for (const id of steerings.splice(0)) await page.request.delete(`${FAKE}/__fake/steer/${id}`)
})

async function newPiece(page: Page) {
  const { email } = await signIn(page)
  const name = `chatjs_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  return { name, email }
}

test('Stop mid-generation restores the message and leaves history as it was', async ({ page }) => {
  await newPiece(page)
  const message = ownMessage('a slow timer')
  const step = await holdFirstStep(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByLabel('Message').press('Enter')
  await step.held()
  const status = page.getByTestId('chat-status')
  await expect(status).toContainText('Lay out the page')
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(status).toHaveText('Generation stopped')
  await expect(page.getByLabel('Message')).toHaveValue(message)
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText(message)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(status).toHaveText('Ready to build your Piece')
})

test('on Stop the progress bar stays 350 ms after "Generation stopped", then clears (spec 2 §4)', async ({ page }) => {
  await page.clock.install()
  await newPiece(page)
  const message = ownMessage('a slow stopwatch')
  const step = await holdFirstStep(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByLabel('Message').press('Enter')
  await step.held()
  const status = page.getByTestId('chat-status')
  await expect(status).toContainText('Lay out the page')
  const bar = page.getByRole('progressbar', { name: PROGRESS_LABEL })
  await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/)
  // From here the page's timers move only when the test moves them.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(status).toHaveText('Generation stopped')
  await expect(bar).toBeVisible()
  await expect(bar).not.toHaveAttribute('aria-valuenow', '0')
  await page.clock.runFor(PROGRESS_CLEAR_AFTER_STOP_MS - 1)
  await expect(bar).toBeVisible()
  await page.clock.runFor(1)
  await expect(bar).toHaveCount(0)
  await expect(status).toHaveText('Generation stopped')
})

test('a reload mid-generation picks the stream up again and shows the result', async ({ page }) => {
  await newPiece(page)
  const message = ownMessage('a weather card')
  const step = await holdFirstStep(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await step.held()
  await expect(page.getByTestId('chat-status')).toContainText('Lay out the page')
  await page.reload()
  await expect(page.getByTestId('chat-status')).toContainText('Lay out the page')
  // The message being built is in the history after the reload too; Accept says it is built.
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText(message)).toBeVisible()
  await step.release()
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete')
})

test('over the daily limit a send opens the upgrade overlay over the input', async ({ page }) => {
  const { email } = await newPiece(page)
  await spendTokens(email, FREE_DAILY_TOKEN_LIMIT)
  await page.getByLabel('Message').fill('one more change')
  await page.getByRole('button', { name: 'Send' }).click()
  const overlay = page.getByRole('dialog', { name: "You've reached your daily token limit" })
  await expect(overlay).toContainText('Unlock premium quality, higher limits, and more.')
  await expect(page.getByLabel('Message')).toHaveValue('one more change')
  await overlay.getByRole('link', { name: 'Upgrade to PLUS' }).click()
  await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
})

test('a PLUS model opens the payment dialog for a free user; images attach up to three', async ({ page }) => {
  await newPiece(page)
  const picker = page.getByLabel('Model', { exact: true })
  await expect(picker).toHaveValue('gpt-4.1-mini')
  await picker.selectOption('gpt-5')
  await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(picker).toHaveValue('gpt-4.1-mini')

  const chooser = page.locator('input[type=file][multiple]')
  await chooser.setInputFiles(['tests/e2e/files/icon.png', 'tests/e2e/files/icon.png'])
  const attachments = page.getByRole('list', { name: 'Attachments' })
  await expect(attachments.getByRole('img')).toHaveCount(2)
  // A batch that would pass three is ignored entirely.
  await chooser.setInputFiles(['tests/e2e/files/icon.png', 'tests/e2e/files/icon.png'])
  await expect(attachments.getByRole('img')).toHaveCount(2)
  await page.getByRole('button', { name: 'Remove attachment 2' }).click()
  await expect(attachments.getByRole('img')).toHaveCount(1)
  await page.getByLabel('Message').fill('use this picture')
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByText('use this picture')).toBeVisible({ timeout: 15_000 })
  // The one picture sent with the message (the built page's screenshot may join it once the turn is built).
  await expect(history.getByRole('img', { name: /^Attachment \d/ })).toHaveCount(1)
})

test('sending from an earlier point asks to overwrite and drops the later steps', async ({ page }) => {
  await newPiece(page)
  const history = page.getByRole('list', { name: 'Chat history' })
  for (const message of ['a counter', 'make the buttons green']) {
    await page.getByLabel('Message').fill(message)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(history.getByText(message)).toBeVisible({ timeout: 15_000 })
    // The message shows at once; Undo comes back when it is built.
    await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled({ timeout: 15_000 })
  }
  await page.getByRole('button', { name: 'Undo' }).click()
  await page.getByLabel('Message').fill('make the buttons blue')
  await page.getByRole('button', { name: 'Send' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Overwrite' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Overwrite' }).click()
  await expect(history.getByText('make the buttons blue')).toBeVisible({ timeout: 15_000 })
  await expect(history.getByText('make the buttons green')).toHaveCount(0)
  await expect(history.locator('li')).toHaveCount(2)
})

test('a ?prompt= link into an existing Piece fills the input and sends nothing', async ({ page }) => {
  const { name } = await newPiece(page)
  await page.goto(`/pieces?${new URLSearchParams({ prompt: 'delete everything' })}`)
  await expect(page).toHaveURL(`/pieces/${name}`)
  await expect(page.getByLabel('Message')).toHaveValue('delete everything')
  await expect(page.getByTestId('chat-status')).toHaveText('Ready to build your Piece')
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText('delete everything')).toHaveCount(0)
})

test('a send refused because another generation runs says so until that run ends', async ({ page, context }) => {
  const { name } = await newPiece(page)
  // This page's event stream is held back, so the send meets the other run before the page hears of it.
  let openStream = () => {}
  let streamUrl = ''
  const streamHeld = new Promise<void>((resolve) => (openStream = resolve))
  await page.route('**/api/private/chat/subscribe?*', async (route) => {
    streamUrl = route.request().url()
    await streamHeld
    await route.continue()
  })
  await page.reload()
  await expect(page.getByTestId('chat-status')).toHaveText('Ready to build your Piece')

  const other = await context.newPage()
  await other.goto(`/pieces/${name}`)
  const theirs = ownMessage('a build from another tab')
  const step = await holdFirstStep(page, theirs)
  await other.getByLabel('Message').fill(theirs)
  await other.getByRole('button', { name: 'Send' }).click()
  await step.held()

  const status = page.getByTestId('chat-status')
  await page.getByLabel('Message').fill('my own change')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(status).toHaveText('Another generation in progress')
  await expect(page.getByLabel('Message')).toHaveValue('my own change')
  // Everything the status line says from here on is recorded.
  await status.evaluate((element) => {
    const said: string[] = []
    ;(window as unknown as { said: string[] }).said = said
    new MutationObserver(() => said.push(element.textContent ?? '')).observe(element, { subtree: true, childList: true, characterData: true })
  })
  const streamed = page.waitForResponse('**/api/private/chat/subscribe?*')
  openStream()
  await streamed
  // The stream has told this page where the other run is (a second listener, opened later, hears it too) before that run goes on.
  await page.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const source = new EventSource(url)
        source.onmessage = (message) => {
          if ((JSON.parse(message.data) as { type: string }).type === 'ready') return
          source.close()
          resolve()
        }
      }),
    streamUrl,
  )
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  await step.release()
  await expect(status).toHaveText('Generation complete', { timeout: 20_000 })
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said)
  expect(said.filter((text) => text !== 'Another generation in progress' && text !== 'Generation complete')).toEqual([])
  await other.close()
})

test('a second ?prompt= into a Piece that is still building stays in the input', async ({ page }) => {
  const { name } = await newPiece(page)
  const first = ownMessage('a shopping list')
  const step = await holdFirstStep(page, first)
  await page.getByLabel('Message').fill(first)
  await page.getByRole('button', { name: 'Send' }).click()
  await step.held()
  const second = ownMessage('now add prices')
  await page.goto(`/pieces?${new URLSearchParams({ prompt: second })}`)
  // The page takes ?prompt= out of the address once it has hydrated, which a busy machine can take longer than an assertion's bound for.
  await hydrated(page)
  await expect(page).toHaveURL(`/pieces/${name}`)
  await expect(page.getByLabel('Message')).toHaveValue(second)
  await step.release()
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete', { timeout: 20_000 })
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText(first)).toBeVisible()
  await expect(page.getByLabel('Message')).toHaveValue(second)
})

test('the newest exchange scrolls into view as the chat grows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 })
  await newPiece(page)
  const items = page.getByRole('list', { name: 'Chat history' }).getByRole('listitem')
  for (const [index, message] of ['a counter', 'make the buttons green', 'make the title bigger'].entries()) {
    await page.getByLabel('Message').fill(message)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(items.nth(index).getByText(message)).toBeVisible({ timeout: 15_000 })
    // Built, and checked in the browser: the exchange has its full height now.
    await expect(items.nth(index).getByText('Verified in a browser')).toBeVisible({ timeout: 15_000 })
    await expect(items).toHaveCount(index + 1)
    await expect(items.last()).toBeInViewport({ ratio: 1 })
  }
  await expect(items.first()).not.toBeInViewport({ ratio: 1 })
})

test('on complete the page updates from the event stream alone: history, Accept and token usage, without re-reading its data (issue 28)', async ({ page }) => {
  await newPiece(page)
  const message = ownMessage('a tally counter')
  const step = await holdFirstStep(page, message)
  const isDataRead = (request: { method: () => string; url: () => string }) => request.method() === 'GET' && new URL(request.url()).pathname.endsWith('.data')
  // The send's own reload of the page's data (after its action) is done before the build is held.
  const sendReload = page.waitForResponse((response) => isDataRead(response.request()))
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await sendReload
  await step.held()
  const reads: string[] = []
  page.on('request', (request) => {
    if (isDataRead(request)) reads.push(request.url())
  })
  const chatUsage = page.getByRole('progressbar', { name: 'Tokens used today' })
  await expect(chatUsage).toHaveAttribute('aria-valuenow', '0')

  await step.release()
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete', { timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText(message)).toBeVisible()
  await expect(chatUsage).not.toHaveAttribute('aria-valuenow', '0')
  const spent = await chatUsage.getAttribute('aria-valuenow')
  // The user menu's usage follows too.
  await page.locator('summary').filter({ hasText: 'Open user menu' }).click()
  await expect(page.getByRole('progressbar', { name: 'Token Usage' })).toHaveAttribute('aria-valuenow', spent!)
  await page.keyboard.press('Escape')
  expect(reads).toEqual([])

  // An Undo reads the page's data as before, and that data takes over from the event's.
  const undoReload = page.waitForResponse((response) => isDataRead(response.request()))
  await page.getByRole('button', { name: 'Undo' }).click()
  await undoReload
  await expect(page.getByLabel('Message')).toHaveValue(message)
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled()
  expect(reads).toHaveLength(1)
})

test('a completed generation moves its Piece to the top of the sidebar without reloading the page', async ({ page }) => {
  const { name } = await newPiece(page)
  const other = `chatjs_${Math.random().toString(36).slice(2, 9)}`
  expect((await page.request.post('/api/private/pieces', { data: { name: other } })).status()).toBe(201)
  await page.reload()
  const sidebar = page.getByTestId('sidebar-pieces').getByRole('link')
  await expect(sidebar.first()).toContainText(other)
  const message = ownMessage('a coin flipper')
  const step = await holdFirstStep(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await step.held()
  await expect(sidebar.first()).toContainText(other)
  await step.release()
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete', { timeout: 20_000 })
  await expect(sidebar.first()).toContainText(name)
  await expect(sidebar.nth(1)).toContainText(other)
})
