import type { Page } from '@playwright/test'
import { addCheck } from './checks'
import { expect, test } from './fixtures'
import { endSteerings, ownMessage } from './model'
import { cafePiece, cafeWith, followUp, savedDraft, steerFourChanges } from './review'

/** Issue 40 with JavaScript: a turn's changes switched off one by one in the browser, outlined in the preview, applied, checked, and one redone. */

test.afterEach(({ page }) => endSteerings(page))
// A turn is built, checked in a browser and read again before the review starts: on a busy machine that takes a while.
test.beforeEach(() => test.setTimeout(240_000))

async function reviewedTurn(page: Page, { phone = false } = {}) {
  if (phone) await page.setViewportSize({ width: 390, height: 844 })
  const piece = await cafePiece(page)
  await page.goto(`/pieces/${piece.name}`)
  await expect(page.getByRole('button', { name: 'Edit visually', includeHidden: true })).toBeEnabled({ timeout: 30_000 })
  const message = followUp()
  await steerFourChanges(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByTestId('receipt')).toHaveCount(1, { timeout: 120_000 })
  const review = history.getByTestId('review-changes')
  // The turn has ended, so its review is the one to choose from.
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete', { timeout: 120_000 })
  await review.getByText('Review changes').click()
  await expect(review.getByTestId('review-change')).toHaveCount(4)
  const frame = page.frameLocator(`iframe[title="${piece.name} preview"]`).frameLocator('#piece')
  if (phone) await page.getByRole('radio', { name: 'Preview' }).check()
  await expect(frame.locator('#hours')).toBeVisible()
  if (phone) await page.getByRole('radio', { name: 'Chat' }).check()
  return { ...piece, review, frame, history }
}

const change = (review: ReturnType<Page['locator']>, index: number) => review.getByTestId('review-change').nth(index)

/** The turn's changes as the list words them, in order. */
const WORDS = [
  /^Changed the colour of the title ‘Cafe Corner’$/,
  /^Added the section ‘Opening hours/,
  /^Changed the text of the days$/,
  /^Removed the footer ‘Made with care’$/,
]

test('turn a change off and the preview shows the page without it; a change that needs it goes with it; apply keeps exactly the others; undo steps back', async ({
  page,
}) => {
  const { name, review, frame, history } = await reviewedTurn(page)
  await expect(frame.locator('footer')).toHaveCount(0)
  const apply = review.getByRole('button', { name: 'Apply these changes' })
  await expect(apply).toBeDisabled()
  for (const [index, words] of WORDS.entries()) await expect(change(review, index).getByTestId('review-words')).toHaveText(words)
  // Each change's share of the turn's output tokens.
  await expect(review.getByTestId('review-tokens').first()).toHaveText(/^≈ \d+ tokens$/)

  // The footer's removal off: the footer is back, at once, with no call.
  await review.getByRole('switch', { name: 'Removed the footer ‘Made with care’' }).uncheck()
  await expect(frame.locator('footer')).toHaveText('Made with care')
  await expect(frame.locator('#days')).toHaveText('Mon to Sat')

  // The section off: the patch inside it goes with it, and says so.
  await change(review, 1).getByRole('switch').uncheck()
  await expect(change(review, 2).getByRole('switch')).not.toBeChecked()
  await expect(change(review, 2).getByTestId('review-needs')).toHaveText(/^needs “Added the section ‘Opening hours/)
  await expect(frame.locator('#hours')).toHaveCount(0)
  // Back on: the one that needed it is back too.
  await change(review, 1).getByRole('switch').check()
  await expect(change(review, 2).getByRole('switch')).toBeChecked()
  await expect(frame.locator('#days')).toHaveText('Mon to Sat')

  await apply.click()
  await expect(history.getByTestId('history-note')).toHaveCount(1)
  const draft = await savedDraft(page, name)
  expect(draft?.exchangeHistory.at(-1)?.assistantMessage.content).toBe(cafeWith([0, 1, 2]))
  await expect(frame.locator('footer')).toHaveText('Made with care')

  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(frame.locator('footer')).toHaveCount(0)
  await expect(frame.locator('#days')).toHaveText('Mon to Sat')
})

test('hovering or focusing a change outlines in the preview the element it changed', async ({ page }) => {
  const { review, frame } = await reviewedTurn(page)
  await change(review, 0).hover()
  await expect(frame.getByText('the title ‘Cafe Corner’', { exact: true })).toBeVisible()
  // Focus outlines too (the keyboard's way); the outline follows the change focused.
  await review.getByRole('switch', { name: /^Added the section/ }).focus()
  await expect(frame.getByText(/^the section/)).toBeVisible()
  await expect(frame.getByText('the title ‘Cafe Corner’', { exact: true })).toBeHidden()
})

test('at 390 px: the review is in the chat view, and “Show in preview” shows the preview with the change outlined', async ({ page }) => {
  const { review, frame } = await reviewedTurn(page, { phone: true })
  await review.getByRole('switch', { name: 'Removed the footer ‘Made with care’' }).uncheck()
  await change(review, 0).getByRole('button', { name: 'Show in preview' }).click()
  await expect(page.getByRole('radio', { name: 'Preview' })).toBeChecked()
  await expect(frame.getByText('the title ‘Cafe Corner’', { exact: true })).toBeVisible()
  // The preview shows the choice: the footer is back.
  await expect(frame.locator('footer')).toHaveText('Made with care')
})

test('a choice that breaks a recorded check says so before it is applied', async ({ page }) => {
  test.setTimeout(420_000)
  const { id, review } = await reviewedTurn(page)
  await addCheck(page, id, 'Days shown', [{ action: 'expect-text', target: { by: 'id', id: 'days' }, text: 'Mon to Sat' }])
  await review.getByRole('switch', { name: /^Added the section/ }).uncheck()
  const line = review.getByTestId('review-checks')
  await expect(line).toContainText(/^With “Added the section ‘Opening hours.*” and “Changed the text of the days” off: checking…/)
  await expect(line).toContainText(/off: 0 of 1 checks pass/, { timeout: 240_000 })
  await expect(line).toContainText('“Days shown” fails')
  // A choice that keeps what the check needs passes it.
  await review.getByRole('switch', { name: /^Added the section/ }).check()
  await expect(line).toHaveCount(0)
  await review.getByRole('switch', { name: 'Removed the footer ‘Made with care’' }).uncheck()
  await expect(line).toHaveText('With “Removed the footer ‘Made with care’” off: 1 of 1 checks pass', { timeout: 240_000 })
})

test('“Redo this change” sends the user’s words aimed at the element that change touched, and changes only that element', async ({ page }) => {
  const { review, frame, history } = await reviewedTurn(page)
  const words = ownMessage('make it blue, not green')
  await change(review, 0).getByRole('button', { name: 'Redo this change' }).click()
  await review.getByLabel('What to do instead of “Changed the colour of the title ‘Cafe Corner’”').fill(words)
  await change(review, 0).getByRole('button', { name: 'Send' }).click()
  await expect(history.getByTestId('receipt')).toHaveCount(2, { timeout: 60_000 })
  await expect(frame.locator('h1')).toHaveText(`Aimed: ${words}`)
  // Nothing else changed: the rest of the turn stays as it was.
  await expect(frame.locator('#days')).toHaveText('Mon to Sat')
  await expect(frame.locator('footer')).toHaveCount(0)
  await expect(frame.locator('p.lead')).toHaveText('Fresh coffee daily.')
  // Its receipt charges one call, for the element, and no plan.
  const receipt = history.getByTestId('receipt').last()
  await receipt.locator('summary').click()
  await expect(receipt.getByRole('row', { name: /^Step/ })).toHaveCount(1)
  await expect(receipt.getByRole('row', { name: /^Plan/ })).toHaveCount(0)
})
