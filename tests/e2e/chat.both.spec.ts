import type { Page } from '@playwright/test'
import { STARTER_TEXT } from '../../app/pieces/starter-document'
import { BROKEN_ON_PURPOSE } from '../fakes/openai'
import { expect, signIn, test } from './fixtures'

const uniquePiece = (label = 'chat') => `${label}_${Math.random().toString(36).slice(2, 9)}`
const jsOn = () => test.info().project.use.javaScriptEnabled !== false

async function newPiece(page: Page) {
  await signIn(page)
  const name = uniquePiece()
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  return name
}

/** The editor's preview: the runner's inner frame with JavaScript, the draft page without. */
function preview(page: Page, name: string) {
  const frame = page.frameLocator(`iframe[title="${name} preview"]`)
  return jsOn() ? frame.frameLocator('#piece') : frame
}

test('send a prompt, watch it build, accept it, and the public page shows it', async ({ page }) => {
  const name = await newPiece(page)
  await expect(page.getByTestId('chat-status')).toHaveText('Ready to build your Piece')
  await page.getByLabel('Message').fill('a counter app')
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByText('a counter app')).toBeVisible({ timeout: 15_000 })
  // With JavaScript the message shows at once, while it is built: the status says when it is done.
  if (jsOn()) await expect(page.getByTestId('chat-status')).toHaveText(/Generation complete|Ready to build your Piece/, { timeout: 15_000 })
  await expect(preview(page, name).locator('body')).not.toContainText(STARTER_TEXT.owner)

  await page.getByRole('button', { name: 'Accept' }).click()
  if (jsOn()) {
    const dialog = page.getByRole('dialog', { name: 'Accept Generation' })
    await dialog.getByRole('button', { name: 'Accept' }).click()
    await expect(dialog).toHaveCount(0)
  }
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0)
  await expect(history.getByText('a counter app')).toHaveCount(0)

  await page.goto(`/${name}`)
  await expect(page.frameLocator(`iframe[title="${name} preview"]`).locator('body')).not.toContainText(STARTER_TEXT.visitor)
})

test('a build is checked in a real browser and the chat says so, with a screenshot (issue 13.1)', async ({ page }) => {
  await newPiece(page)
  await page.getByLabel('Message').fill('a verified greeting card')
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByText('Verified in a browser')).toBeVisible({ timeout: 20_000 })
  await expect(history.getByRole('img', { name: 'The built page as the browser showed it' })).toHaveAttribute('src', /^data:image\/webp;base64,/)
  // A reload reads it from the saved exchange.
  await page.reload()
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText('Verified in a browser')).toBeVisible()
})

test('every turn has a receipt of its calls and total; a page that still fails after its repair is charged nothing (issue 29)', async ({
  page,
  consoleErrors,
}) => {
  await newPiece(page)
  await page.getByLabel('Message').fill('a verified price list')
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByText('Verified in a browser')).toBeVisible({ timeout: 20_000 })
  const receipt = history.getByTestId('receipt').last()
  // "Show token usage" is off for a new account: the closed receipt says no count (issue 37.10), opened it shows them.
  await expect(receipt.locator('summary')).toHaveText('Receipt')
  await receipt.locator('summary').click()
  // Plan, the two steps and the browser check, each with its tokens, and the total.
  const rows = receipt.getByRole('table', { name: 'What this turn cost' }).locator('tbody tr')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0)).toContainText('Plan')
  await expect(rows.nth(1)).toContainText('Step: Lay out the page')
  await expect(rows.nth(3)).toContainText('Browser check: passed')
  await expect(receipt).toContainText(/Used [\d,]+ tokens; charged [\d,]+\./)

  // The OpenAI fake answers a page that throws, and throws again from the repair.
  await page.getByLabel('Message').fill(`a price list, ${BROKEN_ON_PURPOSE}`)
  await page.getByRole('button', { name: 'Send' }).click()
  const refunded = history.getByTestId('receipt').nth(1)
  await expect(refunded.locator('summary')).toHaveText('Refunded: the page did not work', { timeout: 20_000 })
  await refunded.locator('summary').click()
  await expect(refunded.getByRole('table', { name: 'What this turn cost' }).locator('tbody tr').filter({ hasText: 'Repair' })).toHaveCount(1)
  await expect(refunded).toContainText(/charged 0\./)
  await expect(refunded).toContainText('missingFunction is not defined')
  // The broken page throws in the preview too, as it was asked to: that error is the Piece's, not the app's.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('missingFunction is not defined')))
})

test('an estimate of the turn shows before Send and follows the message (issue 29.1)', async ({ page }) => {
  await newPiece(page)
  const estimate = page.getByTestId('cost-estimate')
  const ask = async (message: string) => {
    await page.getByLabel('Message').fill(message)
    // Without JavaScript the page estimates the message it is given back.
    if (!jsOn()) await page.getByRole('button', { name: 'Estimate' }).click()
  }
  await ask('a counter')
  await expect(estimate).toHaveText(/^This turn: about [\d.]+K?–[\d.]+K? tokens/)
  const short = await estimate.textContent()
  await ask(`a counter. ${'Make every part of it exactly as described, with care. '.repeat(120)}`)
  await expect(estimate).not.toHaveText(short!)
  await expect(page.getByLabel('Message')).toHaveValue(/^a counter\. Make every part/)
})

test('undo and redo move through history; reject restores the saved Piece', async ({ page }) => {
  const name = await newPiece(page)
  for (const message of ['a notes app', 'make the title Shopping']) {
    await page.getByLabel('Message').fill(message)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('list', { name: 'Chat history' }).getByText(message)).toBeVisible({ timeout: 15_000 })
    if (jsOn()) await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()
  }
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByLabel('Message')).toHaveValue('make the title Shopping')
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled()
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled()

  await page.getByRole('button', { name: 'Reject' }).click()
  if (jsOn()) await page.getByRole('dialog', { name: 'Reject Generation' }).getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0)
  await expect(preview(page, name).getByRole('heading', { name })).toBeVisible()
})

test('"Show token usage" off hides each turn’s tokens in the chat; on shows them; today’s tokens are named (issue 37.10)', async ({ page }) => {
  await newPiece(page)
  await page.getByLabel('Message').fill('a counted greeting')
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByTestId('receipt')).toHaveCount(1, { timeout: 20_000 })
  const turn = history.getByRole('listitem').filter({ hasText: 'a counted greeting' })
  // No count shows (the closed receipt's table is not shown).
  await expect(turn.getByText(/\d tokens/).filter({ visible: true })).toHaveCount(0)
  await expect(turn.getByTestId('receipt').locator('summary')).toHaveText('Receipt')
  await expect(page.getByTestId('chat-token-usage')).toHaveText(/^[\d.]+K? \/ [\d.]+K tokens today$/)

  expect((await page.request.patch('/api/private/users/token-usage', { data: { showTokenUsage: true } })).status()).toBe(200)
  await page.reload()
  await expect(turn.getByText(/^Built · [\d,]+ tokens$/)).toBeVisible()
  await expect(turn.getByTestId('receipt').locator('summary')).toHaveText(/^Receipt · [\d,]+ tokens charged$/)
})
