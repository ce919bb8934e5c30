import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/** Nothing on the page is wider than the screen, so nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }))
  expect(widths.page, `${where} is wider than the screen`).toBeLessThanOrEqual(widths.screen)
}

test('signed out, the public screens fit a 390 px screen', async ({ page }) => {
  for (const path of ['/landing', '/signin', '/signup', '/contact', '/about']) {
    await page.goto(path)
    await expectNoSidewaysScroll(page, path)
  }
})

test('the waitlist field keeps its full height when it stacks above its button', async ({ page }) => {
  await page.goto('/landing')
  const field = await page.getByRole('textbox', { name: 'Email address' }).boundingBox()
  const button = await page.getByRole('button', { name: 'Join the waitlist' }).boundingBox()
  expect(field!.height).toBe(48)
  expect(field!.width).toBe(button!.width)
  expect(field!.y + field!.height).toBeLessThanOrEqual(button!.y)
})

test('signed in, every main screen and menu fits a 390 px screen', async ({ page }) => {
  await signIn(page)
  for (const path of ['/explore', '/pieces', '/settings']) {
    await page.goto(path)
    await expectNoSidewaysScroll(page, path)
  }
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expectNoSidewaysScroll(page, 'the drawer')
  await page.goto('/explore')
  await page.locator('summary').filter({ hasText: 'Open user menu' }).click()
  await expectNoSidewaysScroll(page, 'the user menu')

  const name = `m_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  await expectNoSidewaysScroll(page, 'the editor')
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 })
  await page.locator('summary').filter({ hasText: 'Open Piece menu' }).click()
  await expectNoSidewaysScroll(page, 'the Piece menu')
  await page.goto(`/${name}`)
  await expectNoSidewaysScroll(page, 'the public page')
})
