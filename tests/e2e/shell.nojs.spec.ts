import { expect, signIn, test } from './fixtures'

test('without JavaScript the phone drawer still opens from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 })
  await signIn(page)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await expect(sidebar).not.toBeInViewport()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(sidebar).toBeInViewport()
  await sidebar.getByRole('link', { name: 'Explore' }).click()
  await expect(page).toHaveURL('/explore')
})
