import { expect, signIn, test } from './fixtures'
import { googleAccount, googleBlock, linkFromSettings } from './google'

/** The unlink dialog's busy state exists only with JavaScript. */
test('the unlink dialog cannot be dismissed while it is unlinking', async ({ page, request }) => {
  await signIn(page)
  await linkFromSettings(page, await googleAccount(request))
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/auth/google/unlink*', async (route) => {
    await held
    await route.continue()
  })
  await googleBlock(page).getByRole('button', { name: 'Unlink Google' }).click()
  const dialog = page.getByRole('dialog', { name: 'Unlink Google Account' })
  await dialog.getByRole('button', { name: 'Unlink Google' }).click()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  release()
  await expect(page.getByText('Google account unlinked')).toBeVisible()
  await expect(dialog).toHaveCount(0)
})
