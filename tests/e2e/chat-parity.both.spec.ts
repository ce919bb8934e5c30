import type { Page } from '@playwright/test'
import { grantPlus } from './database'
import { expect, signIn, test } from './fixtures'
import { endSteerings, holdFirstStep, ownMessage, steer } from './model'

/**
 * Issue 14.2: the chat without JavaScript follows the same rules and says the same words
 * as with it. Every test here runs in both projects.
 */
const jsOn = () => test.info().project.use.javaScriptEnabled !== false

test.afterEach(async ({ page }) => endSteerings(page))

async function newPiece(page: Page) {
  const { email } = await signIn(page)
  const name = `parity_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  return { name, email }
}

const status = (page: Page) => page.getByTestId('chat-status')
const history = (page: Page) => page.getByRole('list', { name: 'Chat history' })

/** Sends a message and waits until it is built (without JavaScript the page refreshes itself meanwhile). */
async function build(page: Page, message: string) {
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toHaveText('Generation complete', { timeout: 20_000 })
  await expect(history(page).getByText(message)).toBeVisible()
}

test('after a build the status says Generation complete, also after a reload', async ({ page }) => {
  await newPiece(page)
  await expect(status(page)).toHaveText('Ready to build your Piece')
  await build(page, ownMessage('a counter'))
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()
  await page.reload()
  await expect(status(page)).toHaveText('Generation complete')
})

test('Stop keeps the message in the input and offers Retry and Dismiss; Dismiss lasts', async ({ page }) => {
  await newPiece(page)
  const message = ownMessage('a slow timer')
  const step = await holdFirstStep(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await step.held()
  // While it is built the page says which step it is on and shows the message (without JavaScript too).
  await expect(status(page)).toContainText('Lay out the page')
  await expect(history(page).getByText(message)).toBeVisible()
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(status(page)).toHaveText('Generation stopped')
  await expect(page.getByLabel('Message')).toHaveValue(message)
  await expect(history(page).getByText(message)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled()
  const dismissed = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(status(page)).toHaveText('Ready to build your Piece')
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await dismissed
  await page.reload()
  await expect(status(page)).toHaveText('Ready to build your Piece')
  await expect(page.getByLabel('Message')).toHaveValue(message)
})

test('Retry after a stop sends the kept message again', async ({ page }) => {
  await newPiece(page)
  const message = ownMessage('a dice roller')
  const step = await holdFirstStep(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await step.held()
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(status(page)).toHaveText('Generation stopped')
  await step.release()
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(status(page)).toHaveText('Generation complete', { timeout: 20_000 })
  await expect(history(page).getByText(message)).toBeVisible()
})

test('a failed generation says what went wrong, with Retry and Dismiss', async ({ page }) => {
  await newPiece(page)
  const message = ownMessage('a broken build')
  await steer(page, { match: [`Request: ${message}`], status: 400, error: 'bad request' })
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toHaveText('Something went wrong while building. No tokens were charged; please try again.', { timeout: 20_000 })
  await expect(page.getByLabel('Message')).toHaveValue(message)
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Dismiss' })).toBeVisible()
})

test('sending from an earlier point asks Confirm Overwrite, which keeps the message', async ({ page }) => {
  await newPiece(page)
  await build(page, 'a counter')
  await build(page, 'make the buttons green')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByLabel('Message')).toHaveValue('make the buttons green')
  await page.getByLabel('Message').fill('make the buttons blue')
  await page.getByRole('button', { name: 'Send' }).click()
  let dialog = page.getByRole('dialog', { name: 'Confirm Overwrite' })
  await expect(dialog).toBeVisible()
  await dialog
    .getByRole('button', { name: 'Cancel' })
    .or(dialog.getByRole('link', { name: 'Cancel' }))
    .click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByLabel('Message')).toHaveValue('make the buttons blue')
  await expect(history(page).locator('li')).toHaveCount(2)

  await page.getByRole('button', { name: 'Send' }).click()
  dialog = page.getByRole('dialog', { name: 'Confirm Overwrite' })
  await dialog.getByRole('button', { name: 'Overwrite' }).click()
  await expect(status(page)).toHaveText('Generation complete', { timeout: 20_000 })
  await expect(history(page).getByText('make the buttons blue')).toBeVisible()
  await expect(history(page).getByText('make the buttons green')).toHaveCount(0)
  await expect(history(page).locator('li')).toHaveCount(2)
})

test('the model picker: free users keep the free model, PLUS users choose any', async ({ page }) => {
  const { email } = await newPiece(page)
  const picker = page.getByLabel('Model', { exact: true })
  await expect(picker).toHaveValue('gpt-4.1-mini')
  await expect(picker.locator('option')).toHaveText(['Premium results (PLUS)', 'Good results (PLUS)', 'Basic results'])
  if (!jsOn()) await expect(picker.locator('option[disabled]')).toHaveCount(2)

  await grantPlus(email)
  await page.reload()
  await expect(picker.locator('option')).toHaveText(['Premium results', 'Good results', 'Basic results'])
  // With JavaScript the choice is posted at once; without it, by its own button, and the
  // browser then follows the answer to a new page, which must have loaded before the reload
  // (reloading while that navigation is under way fails with "Not attached to an active page").
  const saved = jsOn() ? page.waitForResponse((response) => response.request().method() === 'POST') : page.waitForEvent('load')
  await picker.selectOption('gpt-4.1')
  const save = page.getByRole('button', { name: 'Save model' })
  if (jsOn()) await expect(save).toHaveCount(0)
  else await save.click()
  await saved
  await page.reload()
  await expect(picker).toHaveValue('gpt-4.1')
})

test('images attach to a message and travel with it', async ({ page }) => {
  await newPiece(page)
  await page.getByLabel('Attach', { exact: true }).setInputFiles(['tests/e2e/files/icon.png'])
  if (jsOn()) await expect(page.getByRole('list', { name: 'Attachments' }).getByRole('img')).toHaveCount(1)
  await build(page, ownMessage('use this picture'))
  // The message's own image (the browser check's screenshot is the other picture there).
  await expect(history(page).getByRole('img', { name: 'Attachment 1' })).toHaveCount(1)
})
