import { STARTER_TEXT } from '../../app/pieces/starter-document'
import { E2E_PORT } from '../../playwright.config'
import { expect, signIn, test } from './fixtures'

/** Issue 14.1: with APP_ORIGIN unset, the app works at any loopback address, previews included. */
const LOOPBACK = `http://127.0.0.1:${E2E_PORT}`

test('opened at 127.0.0.1, the editor and the public page show their previews', async ({ page }) => {
  await signIn(page, { origin: LOOPBACK })
  const name = `loop_${Math.random().toString(36).slice(2, 9)}`
  await page.goto(`${LOOPBACK}/pieces`)
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`${LOOPBACK}/pieces/${name}`)
  const runner = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  await expect(runner.locator('body')).toContainText(STARTER_TEXT.owner)

  await page.goto(`${LOOPBACK}/${name}`)
  await expect(page.frameLocator(`iframe[title="${name} preview"]`).locator('body')).toContainText(STARTER_TEXT.visitor)
})
