import type { Page } from '@playwright/test'
import { STARTER_TEXT } from '../../app/pieces/starter-document'
import { PreviewMessages } from '../../app/pieces/preview-frame'
import { CHROMIUM, E2E_PORT } from '../../playwright.config'
import { expect, signIn, test, uniqueUsername } from './fixtures'

/**
 * Issue 14.1: with APP_ORIGIN unset, the app and its previews work at whichever loopback or
 * local-network address it is opened at; at any other address the frame says where to open
 * Pieces instead of showing a refused frame.
 */
const LOOPBACK = `http://127.0.0.1:${E2E_PORT}`
// The browser reaches this machine by a local-network name and by a public-looking one; both are this server.
const LAN = `http://devbox.local:${E2E_PORT}`
const FOREIGN = `http://pieces.example.com:${E2E_PORT}`
test.use({
  launchOptions: {
    ...CHROMIUM.launchOptions,
    args: [...CHROMIUM.launchOptions.args, '--host-resolver-rules=MAP devbox.local 127.0.0.1, MAP pieces.example.com 127.0.0.1'],
  },
})

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

/** A public Piece made through the API at the default address; the session cookie is then also given to `origin`. */
async function publicPiece(page: Page, origin: string) {
  await signIn(page)
  const name = uniqueUsername('lan')
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  const cookies = await page.context().cookies()
  await page.context().addCookies(cookies.map(({ name: cookie, value }) => ({ name: cookie, value, url: origin })))
  return name
}

test('opened at a local-network address, the editor, the public page and Copy link use that address', async ({ page }) => {
  const name = await publicPiece(page, LAN)
  await page.goto(`${LAN}/pieces/${name}`)
  const runner = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  await expect(runner.locator('body')).toContainText(STARTER_TEXT.owner)
  await expect(page.locator(`iframe[title="${name} preview"]`)).toHaveAttribute('src', `http://devbox.local:${E2E_PORT + 1}/runner`)

  await page.goto(`${LAN}/${name}`)
  await expect(page.frameLocator(`iframe[title="${name} preview"]`).locator('body')).toContainText(STARTER_TEXT.visitor)
  // The link Copy link copies (the field is there for copying by hand without JavaScript).
  await expect(page.getByTestId('piece-menu').locator('input[readonly]')).toHaveValue(`${LAN}/${name}`)
})

test('opened at an address previews cannot be framed from, the frame says where to open Pieces', async ({ page }) => {
  const name = await publicPiece(page, FOREIGN)
  await page.context().clearCookies()
  await page.goto(`${FOREIGN}/${name}`)
  await expect(page.getByRole('status').filter({ hasText: PreviewMessages.elsewhere })).toBeVisible()
  const open = page.getByRole('link', { name: PreviewMessages.openAt(`http://localhost:${E2E_PORT}`) })
  await expect(open).toHaveAttribute('href', `http://localhost:${E2E_PORT}/${name}`)
  await expect(page.locator('iframe')).toHaveCount(0)
  await open.click()
  await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/${name}`)
  await expect(page.frameLocator(`iframe[title="${name} preview"]`).locator('body')).toContainText(STARTER_TEXT.visitor)
})
