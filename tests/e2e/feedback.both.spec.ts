import { FeedbackMessages } from '../../app/feedback/schema'
import { expect, hydrated, signIn, test } from './fixtures'

/** Issue 12.5: the sidebar's Share Feedback popover (spec 2 §2, §4), with and without JavaScript. */
test('feedback is sent from the sidebar popover and thanked; Cancel closes it', async ({ page, javaScriptEnabled }) => {
  await signIn(page)
  if (javaScriptEnabled) await hydrated(page)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  const panel = sidebar.getByRole('group', { name: FeedbackMessages.trigger })
  await sidebar.getByRole('button', { name: FeedbackMessages.trigger }).click()
  const text = panel.getByPlaceholder(FeedbackMessages.placeholder)
  await expect(text).toBeVisible()
  await expect(panel.getByRole('link', { name: FeedbackMessages.contact })).toHaveAttribute('href', '/contact')
  expect((await panel.boundingBox())?.height).toBe(230)
  if (javaScriptEnabled) {
    await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled()
    await text.fill('   ')
    await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled()
    await panel.getByRole('button', { name: 'Cancel' }).click()
  } else {
    await panel.getByRole('link', { name: 'Cancel' }).click()
  }
  await expect(panel).toBeHidden()

  await sidebar.getByRole('button', { name: FeedbackMessages.trigger }).click()
  await text.fill('The chat is lovely')
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(panel.getByRole('status')).toContainText(FeedbackMessages.thanks)
  await expect(page).toHaveURL(javaScriptEnabled ? /\/explore$/ : /\/explore\?feedback=sent$/)
  await panel.getByRole(javaScriptEnabled ? 'button' : 'link', { name: 'Close' }).click()
  await expect(panel).toBeHidden()
  await expect(page).toHaveURL(/\/explore$/)
})

test('feedback that cannot be sent says so and keeps the text', async ({ page, javaScriptEnabled }) => {
  await signIn(page)
  if (javaScriptEnabled) await hydrated(page)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  const panel = sidebar.getByRole('group', { name: FeedbackMessages.trigger })
  await sidebar.getByRole('button', { name: FeedbackMessages.trigger }).click()
  if (javaScriptEnabled) {
    // The session ends behind the page's back: the send is refused (401).
    await page.context().clearCookies()
    await panel.getByPlaceholder(FeedbackMessages.placeholder).fill('Please add folders')
    await panel.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert').filter({ hasText: FeedbackMessages.failed })).toBeVisible()
    await expect(panel.getByPlaceholder(FeedbackMessages.placeholder)).toHaveValue('Please add folders')
    // Escape closes it.
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
  } else {
    // Whitespace passes the browser's `required`; the server refuses it with the failure toast.
    await panel.getByPlaceholder(FeedbackMessages.placeholder).fill('   ')
    await panel.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert').filter({ hasText: FeedbackMessages.failed })).toContainText(FeedbackMessages.blank)
  }
})
