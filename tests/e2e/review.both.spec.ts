import { expect, test } from './fixtures'
import { endSteerings } from './model'
import { cafePiece, cafeWith, followUp, savedDraft, steerFourChanges } from './review'

/** Issue 40.5: a turn's changes are a form of checkboxes with "Apply these changes", with JavaScript and without it. */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false

test.afterEach(({ page }) => endSteerings(page))
test.beforeEach(() => test.setTimeout(240_000))

test('keep some of a turn’s changes: the page after applying shows the chosen version, and what needed a dropped change is left out with it', async ({
  page,
}) => {
  const { name } = await cafePiece(page)
  await page.goto(`/pieces/${name}`)
  const message = followUp()
  await steerFourChanges(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  const review = history.getByTestId('review-changes')
  await expect(review).toBeVisible({ timeout: 120_000 })
  // The turn has ended (without JavaScript, the page that first shows the review may still refresh once and close it).
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete', { timeout: 120_000 })
  await review.getByText('Review changes').click()
  await expect(review.getByRole('switch')).toHaveCount(4)
  for (const toggle of await review.getByRole('switch').all()) await expect(toggle).toBeChecked()
  // Without JavaScript the page says what it cannot do.
  await expect(review.getByText('The outlines and the live preview need JavaScript.')).toHaveCount(jsOn() ? 0 : 1)

  await review.getByRole('switch', { name: /^Added the section ‘Opening hours/ }).uncheck()
  await review.getByRole('switch', { name: 'Removed the footer ‘Made with care’' }).uncheck()
  await review.getByRole('button', { name: 'Apply these changes' }).click()

  // Only the title's colour is kept: the days' change needed the section.
  await expect(history.getByTestId('history-note')).toHaveCount(1)
  if (!jsOn()) await expect(page.getByText(/Also left out: “Changed the text of the days” \(it needs “Added the section ‘Opening hours/)).toBeVisible()
  const draft = await savedDraft(page, name)
  expect(draft?.exchangeHistory.at(-1)?.assistantMessage.content).toBe(cafeWith([0]))
  const frame = page.frameLocator(`iframe[title="${name} preview"]`)
  const preview = jsOn() ? frame.frameLocator('#piece') : frame
  await expect(preview.locator('footer')).toHaveText('Made with care')
  await expect(preview.locator('#hours')).toHaveCount(0)
  await expect(preview.locator('h1')).toHaveCSS('color', 'rgb(0, 128, 0)')
})
