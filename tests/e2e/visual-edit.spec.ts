import type { Page } from '@playwright/test'
import { expect, saveCode, signIn, test } from './fixtures'

/** Issue 30: editing by pointing at the preview (JavaScript only: without it the mode is not offered). */

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Greeting</title></head>
<body>
  <h1>Hello there</h1>
  <p class="lead">A page to point at.</p>
  <button id="count" onclick="this.textContent = 'Clicked'">Press me</button>
  <script>
    const made = document.createElement('p')
    made.id = 'made'
    made.textContent = 'Made by the script'
    document.body.appendChild(made)
  </script>
</body>
</html>`

async function openEditor(page: Page, { phone = false } = {}) {
  await signIn(page)
  const name = `visual_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  await saveCode(page, name, PAGE)
  await page.goto(`/pieces/${name}`)
  // The toggle is there once the page has hydrated (on a phone the sidebar's collapse button never is).
  await expect(page.getByRole('button', { name: 'Edit visually', includeHidden: true })).toBeEnabled({ timeout: 30_000 })
  // On a phone the preview and its buttons are a view of their own (issue 37.5).
  if (phone) await page.getByRole('radio', { name: 'Preview' }).check()
  const preview = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  await expect(preview.getByRole('heading', { name: 'Hello there' })).toBeVisible()
  return { name, preview }
}

for (const width of [1280, 390]) {
  test(`at ${width} px: pick a heading, change its text and colour, apply, undo, redo, accept, and the public page shows it`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    const { name, preview } = await openEditor(page, { phone: width === 390 })
    // On a phone the chat and the preview are views of their own (issue 37.5); side by side from 768 px.
    const show = async (view: 'Chat' | 'Preview') => {
      if (width === 390) await page.getByRole('radio', { name: view }).check()
    }
    const toggle = page.getByRole('button', { name: 'Edit visually' })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const panel = page.getByRole('region', { name: 'Visual editor' })
    await expect(panel.getByTestId('visual-hint')).toBeVisible()

    // While the mode is on, the Piece's own script does not see the click.
    await preview.getByRole('button', { name: 'Press me' }).click()
    await expect(panel.getByTestId('visual-picked')).toHaveText('the ‘Press me’ button')
    await expect(preview.locator('#count')).toHaveText('Press me')

    await preview.getByRole('heading', { name: 'Hello there' }).click()
    await expect(panel.getByTestId('visual-picked')).toHaveText('the title ‘Hello there’')
    await panel.getByLabel('Text').fill('Welcome aboard')
    await panel.getByLabel('Colour', { exact: true }).fill('#c81e1e')
    // The preview shows the change at once.
    await expect(preview.locator('h1')).toHaveText('Welcome aboard')
    await panel.getByRole('button', { name: 'Apply' }).click()
    await show('Chat')

    const history = page.getByRole('list', { name: 'Chat history' })
    const note = history.getByTestId('history-note').last()
    await expect(note).toContainText('Edited visually: changed the text of the title ‘Hello there’ to “Welcome aboard”, set its colour to #c81e1e')
    await expect(note).toContainText('0 tokens')
    await expect(preview.locator('h1')).toHaveText('Welcome aboard')
    await expect(preview.locator('h1')).toHaveCSS('color', 'rgb(200, 30, 30)')

    await show('Preview')
    await page.getByRole('button', { name: 'Edit visually' }).click()
    await show('Chat')
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(preview.locator('h1')).toHaveText('Hello there')
    await page.getByRole('button', { name: 'Redo' }).click()
    await expect(preview.locator('h1')).toHaveText('Welcome aboard')
    await page.getByRole('button', { name: 'Accept' }).click()
    await page.getByRole('dialog', { name: 'Accept Generation' }).getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0)

    await page.goto(`/${name}`)
    const shown = page.frameLocator(`iframe[title="${name} preview"]`)
    await expect(shown.getByRole('heading', { name: 'Welcome aboard' })).toHaveCSS('color', 'rgb(200, 30, 30)')
  })
}

test('an element made by the Piece’s script is refused with the reason, and the chat offers to ask the assistant', async ({ page }) => {
  const { preview } = await openEditor(page)
  await page.getByRole('button', { name: 'Edit visually' }).click()
  // The instructions show once the picker in the preview listens.
  await expect(page.getByTestId('visual-hint')).toBeVisible()
  await preview.getByText('Made by the script').click()
  const panel = page.getByRole('region', { name: 'Visual editor' })
  await expect(panel.getByTestId('visual-picked')).toHaveText('the paragraph ‘Made by the script’')
  await expect(panel.getByRole('alert')).toContainText('made by the Piece’s script or by the browser’s corrections')
  await panel.getByRole('button', { name: 'Ask the assistant instead' }).click()
  await expect(page.getByRole('button', { name: 'Edit visually' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByLabel('Message')).toHaveValue(/^The selected element \(the paragraph ‘Made by the script’\): /)
  await expect(page.getByLabel('Message')).toBeFocused()
})

test('the keyboard path: Tab through the elements, Enter picks one, Escape leaves', async ({ page }) => {
  const { preview } = await openEditor(page)
  const toggle = page.getByRole('button', { name: 'Edit visually' })
  await toggle.click()
  const panel = page.getByRole('region', { name: 'Visual editor' })
  await expect(panel.getByTestId('visual-hint')).toBeVisible()
  // The preview has the keys once the mode is on: the first Tab reaches the heading, the first element shown.
  await preview.locator('body').press('Tab')
  await preview.locator('body').press('Enter')
  await expect(panel.getByTestId('visual-picked')).toHaveText('the title ‘Hello there’')
  await preview.locator('body').press('Tab')
  await preview.locator('body').press('Enter')
  await expect(panel.getByTestId('visual-picked')).toHaveText('the paragraph ‘A page to point at.’')
  await preview.locator('body').press('Escape')
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(panel).toHaveCount(0)
})

test('a message sent with an element picked is about that element: the assistant changes it and nothing else', async ({ page }) => {
  const { preview } = await openEditor(page)
  await page.getByRole('button', { name: 'Edit visually' }).click()
  await expect(page.getByTestId('visual-hint')).toBeVisible()
  await preview.getByRole('heading', { name: 'Hello there' }).click()
  const message = page.getByLabel('Message')
  await expect(message).toHaveAttribute('placeholder', 'Ask about the selected element')
  await message.fill('shout it')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('list', { name: 'Chat history' }).getByTestId('receipt')).toHaveCount(1, { timeout: 20_000 })
  await expect(preview.locator('h1')).toHaveText('Aimed: shout it')
  await expect(preview.locator('p.lead')).toHaveText('A page to point at.')
  await expect(preview.getByRole('button', { name: 'Press me' })).toBeVisible()
  // With nothing picked, the message box asks as before.
  await expect(message).toHaveAttribute('placeholder', 'Describe what to build or change…')
})
