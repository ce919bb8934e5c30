import { grantPlus } from './database'
import { expect, signIn, test } from './fixtures'

test('a PLUS user picks a premium model (saved), and a failed save rolls back with a toast', async ({ page }) => {
  const { email } = await signIn(page)
  await grantPlus(email)
  const name = `plus_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)

  const picker = page.getByLabel('Model', { exact: true })
  await picker.selectOption('gpt-5')
  await expect(picker).toHaveValue('gpt-5')
  await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toHaveCount(0)
  // The choice shows at once; the reload waits for the save, or it could read the old value.
  await expect(picker).not.toHaveAttribute('aria-busy')
  await page.reload()
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('gpt-5')

  await page.context().clearCookies()
  await page.getByLabel('Model', { exact: true }).selectOption('gpt-4.1')
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update settings' })).toBeVisible()
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('gpt-5')
})

test('a PLUS user makes a Piece private; visitors and other users then get Page Not Found', async ({ page, browser }) => {
  const { email } = await signIn(page)
  await grantPlus(email)
  const name = `secret_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  await page.getByTestId('piece-menu').locator('summary').click()
  const menu = page.getByRole('group', { name: 'Piece menu' })
  await expect(menu.getByText('PLUS', { exact: true })).toHaveCount(0)
  await menu.getByRole('radio', { name: /Private/ }).click()
  await expect(menu.getByRole('radio', { name: /Private/ })).toHaveAttribute('aria-checked', 'true')
  // The choice shows at once; the reload waits for the save, or it could read the old value.
  await expect(menu.getByRole('radiogroup', { name: 'Visibility' })).not.toHaveAttribute('aria-busy')
  await page.reload()
  await page.getByTestId('piece-menu').locator('summary').click()
  await expect(page.getByRole('group', { name: 'Piece menu' }).getByRole('radio', { name: /Private/ })).toHaveAttribute('aria-checked', 'true')

  const visitor = await browser.newPage()
  expect((await visitor.goto(`/${name}`))?.status()).toBe(404)
  await signIn(visitor)
  expect((await visitor.goto(`/${name}`))?.status()).toBe(404)
  await visitor.close()
  expect((await page.goto(`/${name}`))?.status()).toBe(200)
})
