import { ChatViewWords } from '../../app/chat/builder/view-switch'
import { ownPiece } from './checks'
import { expect, test } from './fixtures'

/** Issue 37.5: without JavaScript a phone shows the chat or the preview by the same switch (the page's CSS), and the chat's form works. */
test('without JavaScript on a phone: Chat and Preview switch, the preview has the screen, and a message is sent', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { name } = await ownPiece(page, 'phonenojs', '<!doctype html><html lang="en"><body><h1>Hello there</h1></body></html>')
  await page.goto(`/pieces/${name}`)
  const chat = page.getByRole('radio', { name: ChatViewWords.chat })
  const preview = page.getByRole('radio', { name: ChatViewWords.preview })
  const frame = page.locator(`iframe[title="${name} preview"]`)
  await expect(chat).toBeChecked()
  await expect(frame).toBeHidden()

  await preview.check()
  await expect(page.getByLabel('Message')).toBeHidden()
  const box = (await frame.boundingBox())!
  expect(box.height).toBeGreaterThanOrEqual(0.6 * 844)
  await expect(page.frameLocator(`iframe[title="${name} preview"]`).getByRole('heading', { name: 'Hello there' })).toBeInViewport()

  await chat.check()
  await page.getByLabel('Message').fill('a greeting card')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText('a greeting card')).toBeInViewport({ timeout: 15_000 })
})
