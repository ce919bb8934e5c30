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

test('a toast swiped right springs back short of 50 px and is dismissed past it (spec 1 §9)', async ({ page }) => {
  await signIn(page)
  await page.goto('/settings')
  await page.context().clearCookies()
  await page.getByRole('switch', { name: 'Dark theme' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Failed to update theme preference' })
  await expect(toast).toBeVisible()
  const swipe = async (dx: number) => {
    const box = (await toast.boundingBox())!
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + 40, y)
    await page.mouse.down()
    for (let step = 1; step <= 5; step += 1) await page.mouse.move(box.x + 40 + (dx * step) / 5, y)
    await page.mouse.up()
  }
  await swipe(45)
  await expect(toast).toBeVisible()
  await expect(toast.locator('xpath=..')).not.toHaveAttribute('style', /translateX/)
  await swipe(60)
  await expect(toast).toHaveCount(0)
})
