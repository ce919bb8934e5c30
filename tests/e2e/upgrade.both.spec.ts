import { subscribeLocally, openUserMenu } from './billing'
import { grantPlus } from './database'
import { expect, signIn, test } from './fixtures'

/** Spec 1 §2.5 and §4: the payment dialog's three modes and the checkout's return page, with and without JavaScript. */

test('Upgrade to PLUS goes through the local test checkout and comes back to the page, now PLUS', async ({ page }) => {
  await signIn(page)
  await openUserMenu(page)
  await page.getByRole('link', { name: 'Upgrade to PLUS' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upgrade to PLUS' })
  await expect(dialog).toContainText('Unlock premium quality, higher limits, and more.')
  await dialog.getByRole('button', { name: 'Upgrade to PLUS' }).click()

  await expect(page.getByRole('heading', { name: 'Subscribe to Pieces PLUS' })).toBeVisible()
  await expect(page).toHaveURL(/\/billing\/local-checkout\/lcs_/)
  await page.getByRole('button', { name: 'Confirm' }).click()

  await expect(page).toHaveURL('/explore')
  await expect(page.getByText('PLUS is active. Enjoy!')).toBeVisible()
  await openUserMenu(page)
  await expect(page.getByText('Logged in as')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Upgrade to PLUS' })).toHaveCount(0)
})

test('the return page does not trust the redirect: Activating PLUS… until the subscription is active, then back', async ({ page }) => {
  const { email } = await signIn(page)
  await page.goto('/billing/return?to=%2Fsettings')
  await expect(page.getByRole('heading', { name: 'Activating PLUS…' })).toBeVisible()
  await grantPlus(email)
  await expect(page).toHaveURL('/settings', { timeout: 10_000 })
  await expect(page.getByText('PLUS is active. Enjoy!')).toBeVisible()
})

test('usage-based pricing is turned on with a preset budget, and the budget is updated to a custom amount', async ({ page, javaScriptEnabled }) => {
  await signIn(page)
  await subscribeLocally(page)
  await page.goto('/explore?upgrade=usage')
  const enable = page.getByRole('dialog', { name: 'Enable usage-based pricing' })
  await expect(enable).toContainText('Set a monthly budget to continue using tokens today.')
  // No cap yet: $5 is chosen.
  await expect(enable.getByRole('radio', { name: '$5' })).toBeChecked()
  await enable.getByText('$10', { exact: true }).click()
  await expect(enable.getByRole('radio', { name: '$10' })).toBeChecked()
  await enable.getByRole('button', { name: 'Set Up' }).click()
  await expect(enable).toHaveCount(0)
  await openUserMenu(page)
  await expect(page.getByText('Usage Cost')).toBeVisible()

  await page.goto('/explore?upgrade=budget')
  const update = page.getByRole('dialog', { name: 'Update your monthly budget' })
  await expect(update.getByRole('radio', { name: '$10' })).toBeChecked()
  await update.getByLabel('Custom amount in dollars').fill('42')
  await update.getByRole('button', { name: 'Update' }).click()
  await expect(update).toHaveCount(0)

  await page.goto('/explore?upgrade=budget')
  // A custom cap goes into the box (without JavaScript it is offered as a choice of its own).
  if (javaScriptEnabled) {
    await expect(update.getByLabel('Custom amount in dollars')).toHaveValue('42')
    await expect(update.getByRole('radio', { checked: true })).toHaveCount(0)
  } else {
    await expect(update.getByRole('radio', { name: '$42' })).toBeChecked()
  }
})

test('a budget needs PLUS: the failure toast, then the upgrade dialog', async ({ page }) => {
  await signIn(page)
  await page.goto('/explore?upgrade=budget')
  const update = page.getByRole('dialog', { name: 'Update your monthly budget' })
  await update.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update price cap' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
})

test('View terms and limits goes to the terms and closes the dialog', async ({ page }) => {
  await signIn(page)
  await page.goto('/explore?upgrade=usage')
  const dialog = page.getByRole('dialog', { name: 'Enable usage-based pricing' })
  await dialog.getByRole('link', { name: 'View terms and limits' }).click()
  await expect(page).toHaveURL('/settings/terms')
  await expect(dialog).toHaveCount(0)
})
