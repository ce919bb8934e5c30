import type { Page } from '@playwright/test'
import { ChatViewWords } from '../../app/chat/builder/view-switch'
import { CheckWords } from '../../app/checks/schema'
import { VisualEditWords } from '../../app/generation/visual/edits'
import { ownPiece } from './checks'
import { expect, test } from './fixtures'

/**
 * Issue 37.5: on a 390 px phone the chat and the preview each take the screen below the top
 * bar, switched by Chat / Preview; the preview keeps its height however long the chat grows,
 * and pointing (Edit visually) and recording a check work there.
 */

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Greeting</title></head>
<body>
  <h1>Hello there</h1>
  <p>Count: <output aria-label="Count">0</output></p>
  <button type="button">+</button>
  <script>
    const made = document.createElement('p')
    made.textContent = 'Made by the script'
    document.body.appendChild(made)
    let count = 0
    const shown = document.querySelector('output')
    document.querySelector('button').addEventListener('click', () => { shown.textContent = String(++count) })
  </script>
</body>
</html>`

/** The chat page of `name` once it has hydrated (the preview's buttons are rendered only then, shown or not). */
async function openChat(page: Page, name: string) {
  await page.goto(`/pieces/${name}`)
  await expect(page.getByRole('button', { name: VisualEditWords.toggle, includeHidden: true })).toBeAttached({ timeout: 30_000 })
  return {
    chat: page.getByRole('radio', { name: ChatViewWords.chat }),
    preview: page.getByRole('radio', { name: ChatViewWords.preview }),
    frame: page.locator(`iframe[title="${name} preview"]`),
    piece: page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece'),
  }
}

/** The frame takes most of the screen, below the top bar. */
async function expectUsablePreview(page: Page, frame: ReturnType<Page['locator']>) {
  const box = (await frame.boundingBox())!
  const screen = page.viewportSize()!
  const topBar = (await page.getByRole('banner').boundingBox())!
  expect(box.height).toBeGreaterThanOrEqual(0.6 * screen.height)
  expect(box.y).toBeGreaterThanOrEqual(topBar.y + topBar.height)
  expect(box.y + box.height).toBeLessThanOrEqual(screen.height)
}

test('ten turns on a phone: Chat and Preview each take the screen, a new version marks Preview, and the preview keeps its height', async ({ page }) => {
  // Ten real turns through the OpenAI fake, each built and checked in the worker's browser.
  test.setTimeout(300_000)
  const { name } = await ownPiece(page, 'phone')
  const views = await openChat(page, name)
  await expect(views.chat).toBeChecked()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(views.frame).toBeHidden()
  for (let turn = 1; turn <= 10; turn += 1) {
    await page.getByLabel('Message').fill(`a notebook, version ${turn} ${name}`)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(history.getByTestId('receipt')).toHaveCount(turn, { timeout: 40_000 })
    await expect(page.getByTestId('preview-fresh')).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 })
  await expect(history.getByText(`a notebook, version 10 ${name}`)).toBeInViewport()

  await views.preview.check()
  await expect(history).toBeHidden()
  await expect(page.getByTestId('preview-fresh')).toHaveCount(0)
  await expect(views.piece.getByRole('heading', { name: `a notebook, version 10 ${name}` })).toBeInViewport()
  await expectUsablePreview(page, views.frame)

  await views.chat.check()
  await expect(views.frame).toBeHidden()
  await expect(history.getByText(`a notebook, version 10 ${name}`)).toBeInViewport()
  await expect(page.getByLabel('Message')).toBeInViewport()
})

test('pointing on a phone: Edit visually in the preview view, its instructions in sight, pick, apply; an aimed message from the chat view', async ({
  page,
}) => {
  const { name } = await ownPiece(page, 'phonevis', PAGE)
  const views = await openChat(page, name)
  await views.preview.check()
  await expectUsablePreview(page, views.frame)
  const toggle = page.getByRole('button', { name: VisualEditWords.toggle })
  await toggle.click()
  const panel = page.getByRole('region', { name: 'Visual editor' })
  const hint = panel.getByTestId('visual-hint')
  await expect(hint).toBeInViewport({ ratio: 1 })
  const topBar = (await page.getByRole('banner').boundingBox())!
  expect((await hint.boundingBox())!.y).toBeGreaterThanOrEqual(topBar.y + topBar.height)

  await views.piece.getByRole('heading', { name: 'Hello there' }).click()
  await expect(panel.getByTestId('visual-picked')).toBeVisible()
  await panel.getByLabel('Text').fill('Welcome aboard')
  await expect(views.piece.locator('h1')).toHaveText('Welcome aboard')
  const apply = panel.getByRole('button', { name: 'Apply' })
  await apply.scrollIntoViewIfNeeded()
  await expect(apply).toBeInViewport()
  await apply.click()
  await views.chat.check()
  await expect(page.getByRole('list', { name: 'Chat history' }).getByTestId('history-note')).toHaveCount(1)
  await views.preview.check()
  await expect(views.piece.locator('h1')).toHaveText('Welcome aboard')

  // Aimed: picked in the preview, asked in the chat.
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  await views.piece.getByRole('heading', { name: 'Welcome aboard' }).click()
  await expect(panel.getByTestId('visual-picked')).toBeVisible()
  await views.chat.check()
  const message = page.getByLabel('Message')
  await expect(message).toHaveAttribute('placeholder', VisualEditWords.askPlaceholder)
  await message.fill('shout it')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('list', { name: 'Chat history' }).getByTestId('receipt')).toHaveCount(1, { timeout: 30_000 })
  await views.preview.check()
  await expect(views.piece.locator('h1')).toHaveText('Aimed: shout it')
  await expect(views.piece.getByRole('button', { name: '+' })).toBeInViewport()
})

test('on a phone "Ask the assistant instead" goes to the chat view, the element described in the message', async ({ page }) => {
  const { name } = await ownPiece(page, 'phoneask', PAGE)
  const views = await openChat(page, name)
  await views.preview.check()
  await page.getByRole('button', { name: VisualEditWords.toggle }).click()
  const panel = page.getByRole('region', { name: 'Visual editor' })
  await expect(panel.getByTestId('visual-hint')).toBeVisible()
  await views.piece.getByText('Made by the script').click()
  await panel.getByRole('button', { name: VisualEditWords.askInstead }).click()
  await expect(views.chat).toBeChecked()
  await expect(page.getByLabel('Message')).toHaveValue(/Made by the script/)
  await expect(page.getByLabel('Message')).toBeInViewport()
})

test('recording a check on a phone: the recorder and the Piece share the preview view, and the check is saved', async ({ page }) => {
  const { name, id } = await ownPiece(page, 'phonerec', PAGE)
  const views = await openChat(page, name)
  await views.preview.check()
  const record = page.getByRole('button', { name: CheckWords.record })
  await record.click()
  const panel = page.getByRole('region', { name: CheckWords.record })
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.using)
  await expect(panel).toBeInViewport({ ratio: 1 })
  await expect(views.piece.getByRole('button', { name: '+' })).toBeInViewport()

  await views.piece.getByRole('button', { name: '+' }).click()
  await expect(views.piece.getByRole('status', { name: 'Count' })).toHaveText('1')
  await expect(panel.getByTestId('record-step')).toHaveCount(1)
  await panel.getByRole('button', { name: CheckWords.recording.pick }).click()
  await views.piece.getByRole('status', { name: 'Count' }).click()
  // What the pick can check is offered, or (once picking is one click) already added.
  const name_ = panel.getByLabel(CheckWords.recording.name)
  const offered = panel.getByTestId('record-options').getByRole('button')
  await expect(offered.first().or(name_)).toBeVisible()
  if (await offered.count()) await offered.first().click()
  await name_.fill('plus counts on a phone')
  const save = panel.getByRole('button', { name: CheckWords.recording.save })
  await expect(save).toBeInViewport()
  await save.click()
  await expect(page.getByText(CheckWords.saved)).toBeVisible()
  await expect(panel).toHaveCount(0)
  const listed = (await (await page.request.get(`/api/private/pieces/${id}/checks`)).json()) as { data: { name: string }[] }
  expect(listed.data.map((check) => check.name)).toEqual(['plus counts on a phone'])
})
