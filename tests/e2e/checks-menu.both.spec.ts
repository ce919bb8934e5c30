import type { Locator, Page } from '@playwright/test'
import { CheckWords, type CheckStep } from '../../app/checks/schema'
import { expect, hydrated, saveCode, signIn, test } from './fixtures'

/** Issue 31.4: the Checks section of the Piece menu, with and without JavaScript. */

const COUNTER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Counter</title></head><body>
  <h1>Counter</h1><p>Count: <span id="count">0</span></p><button type="button">+</button>
  <script>let n = 0; document.querySelector('button').onclick = () => { document.getElementById('count').textContent = String(++n) }</script>
</body></html>`

const PLUS_COUNTS: CheckStep[] = [
  { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
  { action: 'expect-text', target: { by: 'id', id: 'count' }, text: '1' },
]

/** A signed-in owner's Piece with a page and one check, made over the API; answers the Piece's name. */
async function pieceWithCheck(page: Page, checkName: string) {
  await signIn(page)
  const name = `checkmenu_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name } })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await saveCode(page, name, COUNTER)
  const check = await page.request.post(`/api/private/pieces/${id}/checks`, { data: { name: checkName, steps: PLUS_COUNTS } })
  expect(check.status(), await check.text()).toBe(201)
  return name
}

/** The Checks section of the open Piece menu (without JavaScript each post comes back with the menu closed). */
async function checksSection(page: Page) {
  const menu = page.getByTestId('piece-menu')
  if ((await menu.getAttribute('open')) === null) await menu.locator(':scope > summary').click()
  return page.getByRole('group', { name: 'Piece menu' }).locator('section', { has: page.getByRole('heading', { name: CheckWords.menu }) })
}

const checkNamed = (section: Locator, name: string) => section.getByTestId('check').filter({ has: section.page().getByText(name, { exact: true }) })

test('the owner sees a check with its steps and result in the Piece menu, renames it and deletes it', async ({ page, javaScriptEnabled }) => {
  const piece = await pieceWithCheck(page, 'plus counts up')
  await page.goto(`/pieces/${piece}`)
  if (javaScriptEnabled) await hydrated(page)

  let section = await checksSection(page)
  // The only check (with JavaScript its name turns into a field on Rename).
  let check = section.getByTestId('check')
  await expect(check.getByText('plus counts up', { exact: true })).toBeVisible()
  await expect(check.getByRole('list', { name: CheckWords.recording.steps }).getByRole('listitem')).toHaveText([
    'Click the ‘+’ button',
    'Check that the count reads ‘1’',
  ])
  // Saving a check runs it; the result may have arrived already.
  await expect(check.getByTestId('check-result')).toHaveText(new RegExp(`^(${CheckWords.neverRun}|Passes)$`))
  await expect(section.getByText(CheckWords.recordHint)).toBeVisible()
  // Recording needs JavaScript, and the section says so without it.
  await expect(section.getByText(CheckWords.needsJavaScript)).toHaveCount(javaScriptEnabled ? 0 : 1)
  // Run all is there from two checks on.
  await expect(section.getByRole('button', { name: CheckWords.runAll })).toHaveCount(0)

  // Rename: with JavaScript the name turns into a field; without, Rename opens the form.
  if (javaScriptEnabled) await check.getByRole('button', { name: CheckWords.rename }).click()
  else await check.locator('summary', { hasText: CheckWords.rename }).click()
  await check.getByLabel(CheckWords.nameLabel).fill('the plus button adds one')
  await check.getByRole('button', { name: CheckWords.save }).click()
  await expect(page.getByText(CheckWords.renamed)).toBeVisible()
  section = await checksSection(page)
  check = section.getByTestId('check')
  await expect(check.getByText('the plus button adds one', { exact: true })).toBeVisible()
  await expect(section.getByText('plus counts up', { exact: true })).toHaveCount(0)

  // An empty name is refused and nothing changes.
  if (javaScriptEnabled) await check.getByRole('button', { name: CheckWords.rename }).click()
  else await check.locator('summary', { hasText: CheckWords.rename }).click()
  await check.getByLabel(CheckWords.nameLabel).fill('   ')
  await check.getByRole('button', { name: CheckWords.save }).click()
  await expect(page.getByText('Give the check a name.')).toBeVisible()
  if (javaScriptEnabled) await check.getByLabel(CheckWords.nameLabel).press('Escape')
  section = await checksSection(page)
  check = section.getByTestId('check')
  await expect(check.getByText('the plus button adds one', { exact: true })).toBeVisible()

  await check.getByRole('button', { name: CheckWords.delete }).click()
  await expect(page.getByText(CheckWords.deleted)).toBeVisible()
  section = await checksSection(page)
  await expect(section.getByText(CheckWords.none)).toBeVisible()
  await expect(section.getByTestId('check')).toHaveCount(0)
})

test('Run now shows the check running until its result arrives; Run all runs every check', async ({ page, javaScriptEnabled }) => {
  const piece = await pieceWithCheck(page, 'plus counts up')
  const found = await page.request.get(`/api/private/pieces/by-name?name=${piece}`)
  const { id } = (await found.json()) as { id: number }
  const second = await page.request.post(`/api/private/pieces/${id}/checks`, {
    data: { name: 'plus shows two', steps: [...PLUS_COUNTS.slice(0, 1), ...PLUS_COUNTS.slice(0, 1), { ...PLUS_COUNTS[1], text: '2' }] },
  })
  expect(second.status(), await second.text()).toBe(201)
  await page.goto(`/pieces/${piece}`)
  if (javaScriptEnabled) await hydrated(page)

  let section = await checksSection(page)
  const check = checkNamed(section, 'plus counts up')
  await check.getByRole('button', { name: CheckWords.runNow }).click()
  if (javaScriptEnabled) {
    await expect(check.getByTestId('check-result')).toHaveText(CheckWords.running)
    // The page asks again until the run's result is there.
    await expect(check.getByTestId('check-result')).toHaveText('Passes', { timeout: 30_000 })
  } else {
    await expect(page.getByText(CheckWords.runStarted)).toBeVisible()
  }

  section = await checksSection(page)
  await section.getByRole('button', { name: CheckWords.runAll }).click()
  if (javaScriptEnabled) {
    await expect(section.getByTestId('check-result')).toHaveText(['Passes', 'Passes'], { timeout: 30_000 })
  } else {
    await expect(page.getByText(CheckWords.runStarted)).toBeVisible()
    // Without JavaScript the results are there once the page is loaded again.
    await expect(async () => {
      await page.reload()
      await expect((await checksSection(page)).getByTestId('check-result')).toHaveText(['Passes', 'Passes'], { timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
  }
})
