import type { Page } from '@playwright/test'
import { AGENTIC_PROCEED_DELAY_MS } from '../../app/lib/constants'
import { expect, signIn, test } from './fixtures'

const PIECE_CODE = `<!doctype html><html><body>
<button id="go">Run</button><pre id="out">idle</pre>
<script>
  addEventListener('message', (event) => {
    if (event.data && (event.data.type === 'agentic:result' || event.data.type === 'agentic:error')) {
      document.getElementById('out').textContent = JSON.stringify(event.data)
    }
  })
  document.getElementById('go').onclick = () =>
    parent.postMessage({ type: 'agentic:execute', id: 7, instruction: 'Count the rows', input: [1, 2, 3], name: 'Row counter' }, '*')
</script></body></html>`

async function pieceWithCode(page: Page) {
  await signIn(page)
  const name = `agentic_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  const { id } = await created.json()
  expect((await page.request.patch(`/api/private/pieces?id=${id}`, { data: { code: PIECE_CODE } })).status()).toBe(200)
  return name
}

test('a Piece on its public page runs an agentic action after confirmation, and a cancel answers "cancelled"', async ({ page }) => {
  const name = await pieceWithCode(page)
  await page.goto(`/${name}`)
  const piece = page.frameLocator(`iframe[title="${name} preview"]`)

  await piece.getByRole('button', { name: 'Run' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Agentic Action' })
  await expect(dialog).toContainText('This will consume tokens. Proceed?')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(piece.locator('#out')).toContainText('"error":"cancelled"')

  await piece.getByRole('button', { name: 'Run' }).click()
  await dialog.getByRole('button', { name: 'Proceed' }).click()
  await expect(piece.locator('#out')).toContainText('"type":"agentic:result"')
  await expect(piece.locator('#out')).toContainText('"id":7')
  await expect(piece.locator('#out')).toContainText('Count the rows')
})

test('a message from any other window is ignored', async ({ page }) => {
  const name = await pieceWithCode(page)
  await page.goto(`/${name}`)
  // Resolves once every listener has seen the message and the next frame has been drawn,
  // so a bridge that accepted it would already show its dialog.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener('message', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true })
        window.postMessage({ type: 'agentic:execute', instruction: 'x', name: 'Not from the Piece' }, '*')
      }),
  )
  const dialog = page.getByRole('dialog', { name: 'Confirm Agentic Action' })
  await expect(dialog).toHaveCount(0)
  // The bridge is listening: the Piece's own request right after opens the dialog, with its own name.
  await page.frameLocator(`iframe[title="${name} preview"]`).getByRole('button', { name: 'Run' }).click()
  await expect(dialog).toContainText('Row counter')
  await expect(dialog).not.toContainText('Not from the Piece')
})

test('the editor relays agentic actions from the draft runner too', async ({ page }) => {
  const name = await pieceWithCode(page)
  await page.goto(`/pieces/${name}`)
  const piece = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  await piece.getByRole('button', { name: 'Run' }).click()
  await page.getByRole('dialog', { name: 'Confirm Agentic Action' }).getByRole('button', { name: 'Proceed' }).click()
  await expect(piece.locator('#out')).toContainText('"type":"agentic:result"')
})

test('Proceed ignores clicks for a moment after the dialog opens, so a click meant for the Piece spends nothing', async ({ page }) => {
  await page.clock.install()
  const name = await pieceWithCode(page)
  await page.goto(`/${name}`)
  const piece = page.frameLocator(`iframe[title="${name} preview"]`)
  await expect(piece.getByRole('button', { name: 'Run' })).toBeVisible()
  // From here the page's timers move only when the test moves them.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await piece.getByRole('button', { name: 'Run' }).click()
  const proceed = page.getByRole('dialog', { name: 'Confirm Agentic Action' }).getByRole('button', { name: 'Proceed' })
  await expect(proceed).toBeDisabled()
  await page.clock.runFor(AGENTIC_PROCEED_DELAY_MS - 100)
  await expect(proceed).toBeDisabled()
  await page.clock.runFor(100)
  await expect(proceed).toBeEnabled()
})
