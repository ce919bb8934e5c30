import { PREFERENCES } from '../../app/settings/preferences'
import { expect, signIn, test } from './fixtures'

test.describe('settings', () => {
  test('shows the four cards with usage, the free plan and the links', async ({ page }) => {
    await signIn(page)
    await page.goto('/settings')
    await expect(page.getByTestId('top-bar-title')).toHaveText('Settings')
    for (const card of ['Account', 'Preferences', 'Resources', 'Legal & Support']) {
      await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible()
    }
    const main = page.getByRole('main')
    await expect(main.getByTestId('token-usage')).toHaveText('0 / 200,000 today')
    await expect(main.getByRole('heading', { name: 'Upgrade Your Account' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Upgrade to PLUS' })).toBeVisible()
    await expect(main.getByText('No invoices yet.')).toBeVisible()
    await main.getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveURL('/settings/faq')
  })

  test('the Preferences toggles save and survive a reload', async ({ page }) => {
    await signIn(page)
    await page.goto('/settings')
    const html = page.locator('html')
    const dark = page.getByRole('switch', { name: 'Dark theme' })
    const usage = page.getByRole('switch', { name: 'Show token usage' })
    await expect(html).toHaveClass(/dark/)
    await expect(dark).toHaveAttribute('aria-checked', 'true')
    await expect(usage).toHaveAttribute('aria-checked', 'false')
    // What the preference hides, in words (issue 37.10).
    await expect(usage).toHaveAccessibleDescription(PREFERENCES.find((preference) => preference.field === 'showTokenUsage')!.description)

    await dark.click()
    await expect(dark).toHaveAttribute('aria-checked', 'false')
    await expect(html).not.toHaveClass(/dark/)
    await usage.click()
    await expect(usage).toHaveAttribute('aria-checked', 'true')
    // The switches flip at once; the reload waits for both saves, or it could read the old values.
    for (const toggle of [dark, usage]) await expect(toggle).not.toHaveAttribute('aria-busy')

    await page.reload()
    await expect(html).not.toHaveClass(/dark/)
    await expect(page.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'false')
    await expect(page.getByRole('switch', { name: 'Show token usage' })).toHaveAttribute('aria-checked', 'true')

    await page.getByRole('switch', { name: 'Dark theme' }).click()
    await expect(html).toHaveClass(/dark/)
    await expect(page.getByRole('switch', { name: 'Dark theme' })).not.toHaveAttribute('aria-busy')
    await page.goto('/explore')
    await expect(html).toHaveClass(/dark/)
  })

  test('Upgrade to PLUS opens the upgrade dialog from the user menu and from settings', async ({ page }) => {
    await signIn(page)
    await page.goto('/settings')
    await page.getByRole('main').getByRole('link', { name: 'Upgrade to PLUS' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upgrade to PLUS' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('link', { name: 'View terms and limits' }).click()
    await expect(page).toHaveURL('/settings/terms')
    await expect(dialog).toHaveCount(0)

    await page.locator('summary').filter({ hasText: 'Open user menu' }).click()
    await page.getByRole('link', { name: 'Upgrade to PLUS' }).click()
    await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
  })
})
