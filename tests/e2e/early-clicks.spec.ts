import type { Page, Route } from '@playwright/test'
import { expect, hydrated, signIn, test } from './fixtures'

/** Holds the page's scripts until released, so a test can act before hydration. */
async function holdScripts(page: Page) {
  const held: Route[] = []
  let release = false
  await page.route(/\.js(\?|$)/, async (route) => {
    if (release) return route.continue()
    held.push(route)
  })
  return async () => {
    release = true
    for (const route of held.splice(0)) await route.continue()
  }
}

test('a click on New Piece before the page has hydrated is kept', async ({ page }) => {
  await signIn(page)
  const release = await holdScripts(page)
  // The page is shown while its scripts are held (a module script holds back the load event).
  await page.goto('/explore', { waitUntil: 'commit' })
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await sidebar.getByText('New Piece', { exact: true }).click()
  await expect(sidebar.getByLabel('New Piece name')).toBeVisible()
  await release()
  await hydrated(page)
  await expect(sidebar.getByLabel('New Piece name')).toBeVisible()
})
