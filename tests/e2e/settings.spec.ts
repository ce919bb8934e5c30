import { expect, signIn, test } from './fixtures'

test('a preference that fails to save is rolled back with the spec toast', async ({ page }) => {
  await signIn(page)
  await page.goto('/settings')
  const html = page.locator('html')
  const dark = page.getByRole('switch', { name: 'Dark theme' })
  await expect(dark).toHaveAttribute('aria-checked', 'true')
  // The session ends behind the page's back, so the save is refused (401).
  await page.context().clearCookies()
  await dark.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update theme preference' })).toBeVisible()
  await expect(dark).toHaveAttribute('aria-checked', 'true')
  await expect(html).toHaveClass(/dark/)

  const usage = page.getByRole('switch', { name: 'Show token usage' })
  await usage.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update token usage preference' })).toBeVisible()
  await expect(usage).toHaveAttribute('aria-checked', 'false')
})
