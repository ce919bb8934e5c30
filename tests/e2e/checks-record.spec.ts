import type { Page } from '@playwright/test'
import { CheckWords, proposedName, stepWords, type CheckStep } from '../../app/checks/schema'
import { expect, saveCode, signIn, test } from './fixtures'

/** Issue 31.1: recording a check from the preview (JavaScript only: without it the button is not there). */

const COUNTER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Counter</title></head>
<body>
  <h1>Counter</h1>
  <p>Count: <output aria-label="Count">0</output></p>
  <button type="button">−</button>
  <button type="button">+</button>
  <script>
    let count = 0
    const shown = document.querySelector('output')
    const [minus, plus] = document.querySelectorAll('button')
    plus.addEventListener('click', () => { shown.textContent = String(++count) })
    minus.addEventListener('click', () => { shown.textContent = String(--count) })
  </script>
</body>
</html>`

const SHOPPING = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shopping</title></head><body>
  <h1>Shopping</h1>
  <label>Item <input></label>
  <select aria-label="Shop"><option>Market</option><option>Bakery</option></select>
  <ul></ul>
  <script>
    const item = document.querySelector('input')
    item.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !item.value) return
      const li = document.createElement('li')
      li.textContent = item.value
      document.querySelector('ul').appendChild(li)
      item.value = ''
    })
  </script></body></html>`

/** Names that come from elsewhere (a reference, an image inside), and a section without a name (no landmark for getByRole). */
const NAMED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tools</title></head><body>
  <h1>Tools</h1>
  <span id="more-label">Read more</span>
  <a href="#more" aria-labelledby="more-label">→</a>
  <button type="button"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Add one" width="16" height="16"></button>
  <section><p>Total: <b id="total">0</b></p></section>
  <script>
    let total = 0
    document.querySelector('button').addEventListener('click', () => { document.getElementById('total').textContent = String(++total) })
    document.querySelector('a').addEventListener('click', (event) => event.preventDefault())
  </script></body></html>`

/** A signed-in owner on the chat page of a new Piece with `code`, its preview shown. */
async function openPiece(page: Page, code: string) {
  await signIn(page)
  const name = `checks_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await saveCode(page, name, code)
  await page.goto(`/pieces/${name}`)
  await expect(page.getByRole('button', { name: CheckWords.record })).toBeEnabled({ timeout: 30_000 })
  const preview = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  await expect(preview.getByRole('heading')).toBeVisible()
  return { id, preview }
}

test('record a check: use the Piece, pick the count (one click adds what it reads), name it and save it', async ({ page }) => {
  const { id, preview } = await openPiece(page, COUNTER)
  const record = page.getByRole('button', { name: CheckWords.record })
  await record.click()
  await expect(record).toHaveAttribute('aria-pressed', 'true')
  const panel = page.getByRole('region', { name: CheckWords.record })
  // The recorder says it listens before anything done in the preview counts.
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.using)
  await expect(panel.getByRole('button', { name: CheckWords.recording.save })).toBeDisabled()

  // Using: the Piece works as normal, and each click is a step in words.
  await preview.getByRole('button', { name: '+' }).click()
  await preview.getByRole('button', { name: '+' }).click()
  await expect(preview.getByRole('status', { name: 'Count' })).toHaveText('2')
  const steps = panel.getByTestId('record-step')
  const plus: CheckStep = { action: 'click', target: { by: 'role', role: 'button', name: '+' } }
  const reads: CheckStep = { action: 'expect-text', target: { by: 'role', role: 'status', name: 'Count' }, text: '2' }
  await expect(steps).toHaveText([stepWords(plus), stepWords(plus)])

  // Picking: the click is the recorder's (the Piece does not count it), and adds what must be true at once (issue 37.9).
  await panel.getByRole('button', { name: CheckWords.recording.pick }).click()
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.picking)
  await preview.getByRole('status', { name: 'Count' }).click()
  await expect(preview.getByRole('status', { name: 'Count' })).toHaveText('2')
  await expect(steps).toHaveText([stepWords(plus), stepWords(plus), stepWords(reads)])
  // In words a person uses (the output labelled Count is the count); nothing else was offered.
  await expect(steps.last()).toHaveText('Check that the count reads ‘2’')
  await expect(panel.getByTestId('record-options')).toHaveCount(0)
  await expect(panel.getByRole('button', { name: CheckWords.recording.save })).toBeEnabled()
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.using)

  const name = panel.getByLabel(CheckWords.recording.name)
  await expect(name).toHaveValue(proposedName([plus, plus, reads]))
  await expect(name).toBeFocused()
  await name.fill('plus raises the count')
  await panel.getByRole('button', { name: CheckWords.recording.save }).click()
  await expect(page.getByText(CheckWords.saved)).toBeVisible()
  await expect(panel).toHaveCount(0)
  await expect(record).toHaveAttribute('aria-pressed', 'false')
  // The normal preview is back: the Piece from its start.
  await expect(preview.getByRole('status', { name: 'Count' })).toHaveText('0')

  const listed = await page.request.get(`/api/private/pieces/${id}/checks`)
  expect(listed.status(), await listed.text()).toBe(200)
  const { data } = (await listed.json()) as { data: { name: string; steps: unknown[] }[] }
  expect(data).toHaveLength(1)
  expect(data[0]!.name).toBe('plus raises the count')
  expect(data[0]!.steps).toEqual([
    { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
    { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
    { action: 'expect-text', target: { by: 'role', role: 'status', name: 'Count' }, text: '2' },
  ])
})

test('typing, choosing and keys are steps; a step can be removed; Escape in the page cancels and keeps nothing', async ({ page }) => {
  const { id, preview } = await openPiece(page, SHOPPING)
  await page.getByRole('button', { name: CheckWords.record }).click()
  const panel = page.getByRole('region', { name: CheckWords.record })
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.using)

  await preview.getByLabel('Item').fill('milk')
  await preview.getByLabel('Item').press('Enter')
  await preview.getByLabel('Item').fill('eggs')
  await preview.getByLabel('Item').press('Enter')
  await preview.getByRole('combobox', { name: 'Shop' }).selectOption('Bakery')
  const steps = panel.getByTestId('record-step')
  const item = { by: 'role', role: 'textbox', name: 'Item' } as const
  const recorded: CheckStep[] = [
    { action: 'fill', target: item, value: 'milk' },
    { action: 'press', target: item, key: 'Enter' },
    { action: 'fill', target: item, value: 'eggs' },
    { action: 'press', target: item, key: 'Enter' },
    { action: 'select', target: { by: 'role', role: 'combobox', name: 'Shop' }, value: 'Bakery' },
  ]
  await expect(steps).toHaveText(recorded.map(stepWords))

  // A list item adds how many there are at once, and offers that its text shows instead.
  await panel.getByRole('button', { name: CheckWords.recording.pick }).click()
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.picking)
  await preview.getByText('eggs', { exact: true }).click()
  const count = stepWords({ action: 'expect-count', target: { by: 'role', role: 'listitem' }, count: 2 })
  const shown = stepWords({ action: 'expect-shown', text: 'eggs' })
  await expect(steps).toHaveCount(6)
  await expect(steps.last()).toHaveText(count)
  const options = panel.getByTestId('record-options')
  await expect(options).toContainText(CheckWords.recording.instead)
  await expect(options.getByRole('button')).toHaveText([shown])
  // Choosing the other puts it in the pick's place; choosing again is not offered.
  await options.getByRole('button').click()
  await expect(steps).toHaveCount(6)
  await expect(steps.last()).toHaveText(shown)
  await expect(options).toHaveCount(0)
  await panel.getByRole('button', { name: CheckWords.recording.pick }).click()
  await preview.getByText('eggs', { exact: true }).click()
  await expect(steps).toHaveCount(7)
  await expect(steps.last()).toHaveText(count)
  await panel.getByRole('button', { name: CheckWords.recording.removeStep(6) }).click()
  await expect(steps).toHaveCount(6)

  await panel.getByRole('button', { name: CheckWords.recording.removeStep(5) }).click()
  await expect(steps).toHaveCount(5)
  await expect(steps.last()).toHaveText(count)

  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  const listed = await page.request.get(`/api/private/pieces/${id}/checks`)
  expect(((await listed.json()) as { data: unknown[] }).data).toEqual([])
})

test('the keyboard path: Pick, Tab through the preview, Enter picks and adds what must be true, and the name is next', async ({ page }) => {
  const { preview } = await openPiece(page, COUNTER)
  await page.getByRole('button', { name: CheckWords.record }).click()
  const panel = page.getByRole('region', { name: CheckWords.record })
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.using)
  await panel.getByRole('button', { name: CheckWords.recording.pick }).press('Enter')
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.picking)
  // The preview has the keys while picking: the heading, the paragraph, then the count.
  for (let press = 0; press < 3; press++) await preview.locator('body').press('Tab')
  await preview.locator('body').press('Enter')
  await expect(panel.getByTestId('record-step')).toHaveText([
    stepWords({ action: 'expect-text', target: { by: 'role', role: 'status', name: 'Count' }, text: '0' }),
  ])
  await expect(panel.getByLabel(CheckWords.recording.name)).toBeFocused()
  await expect(panel.getByRole('button', { name: CheckWords.recording.save })).toBeEnabled()
})

test('steps find elements by the accessible names a browser computes, and never by a landmark Playwright would not see', async ({ page }) => {
  const { preview } = await openPiece(page, NAMED)
  await page.getByRole('button', { name: CheckWords.record }).click()
  const panel = page.getByRole('region', { name: CheckWords.record })
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.using)

  await preview.getByRole('button', { name: 'Add one' }).click()
  await preview.getByRole('link', { name: 'Read more' }).click()
  const steps = panel.getByTestId('record-step')
  const clicks: CheckStep[] = [
    { action: 'click', target: { by: 'role', role: 'button', name: 'Add one' } },
    { action: 'click', target: { by: 'role', role: 'link', name: 'Read more' } },
  ]
  await expect(steps).toHaveText(clicks.map(stepWords))

  // The paragraph and its unnamed section have no role a step could find them by: what shows is checked instead.
  await panel.getByRole('button', { name: CheckWords.recording.pick }).click()
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.picking)
  await preview.getByText('Total: 1').click({ position: { x: 4, y: 4 } })
  await expect(steps).toHaveText([...clicks, { action: 'expect-shown', text: 'Total: 1' } as const].map(stepWords))
})
