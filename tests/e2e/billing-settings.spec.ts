import { subscribe } from './billing'
import { addInvoices, deleteInvoices, revokePlus } from './database'
import { expect, signIn, test } from './fixtures'

/** Issue 11.8 with JavaScript: changes shown at once, refusals rolled back in place with the spec's toasts. */
test.describe('billing in settings, in place', () => {
  test('the usage-based pricing switch rolls back with its toast when a change is refused', async ({ page }) => {
    await signIn(page)
    await subscribe(page)
    const usagePricing = page.getByRole('main').getByRole('switch', { name: 'Usage-based pricing' })
    await usagePricing.click()
    await expect(usagePricing).toHaveAttribute('aria-checked', 'true')
    await expect(usagePricing).not.toHaveAttribute('aria-busy')

    // The session ends behind the page's back, so the change is refused (401) and the page keeps its data.
    await page.context().clearCookies()
    await usagePricing.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to disable usage-based pricing' })).toBeVisible()
    await expect(usagePricing).toHaveAttribute('aria-checked', 'true')
  })

  test('Save of the monthly limit needs at least $5, and a refused limit opens the upgrade dialog', async ({ page }) => {
    const { email } = await signIn(page)
    await subscribe(page)
    const main = page.getByRole('main')
    const usagePricing = main.getByRole('switch', { name: 'Usage-based pricing' })
    await usagePricing.click()
    // Saved and the page's data read again, before the subscription is taken away below (a later read would remove the form).
    await expect(usagePricing).toBeChecked()
    await expect(usagePricing).not.toHaveAttribute('aria-busy', 'true')
    const limit = main.getByRole('group', { name: 'Monthly limit' }).getByLabel('Custom amount in dollars')
    const save = main.getByRole('button', { name: 'Save' })
    await expect(save).toBeEnabled()
    await limit.fill('4')
    await expect(save).toBeDisabled()
    await limit.fill('')
    await expect(save).toBeDisabled()
    await limit.fill('40')
    await expect(save).toBeEnabled()
    // Beyond $500 the box refuses the change.
    await limit.fill('900')
    await expect(limit).toHaveValue('40')

    await revokePlus(email)
    await save.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to update price cap' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
  })

  test('a refused cancel keeps the dialog open with its toast; Escape closes it; a refused Resubscribe has its toast', async ({ page }) => {
    await signIn(page)
    await subscribe(page)
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Cancel Subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' })
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)

    const cookies = await page.context().cookies()
    await main.getByRole('button', { name: 'Cancel Subscription' }).click()
    await page.context().clearCookies()
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to cancel subscription' })).toBeVisible()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Confirm Cancellation' })).toBeEnabled()

    await page.context().addCookies(cookies)
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click()
    await expect(main.getByRole('button', { name: 'Resubscribe' })).toBeVisible()
    await page.context().clearCookies()
    await main.getByRole('button', { name: 'Resubscribe' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to reactivate subscription' })).toBeVisible()
    await expect(main.getByRole('button', { name: 'Resubscribe' })).toBeEnabled()
  })

  test('Load more says so when the next invoices cannot be read, and keeps what is shown', async ({ page }) => {
    const { email } = await signIn(page)
    await subscribe(page)
    await addInvoices(email, 4)
    await page.reload()
    const history = page.getByTestId('billing-history')
    await expect(history.getByTestId('invoice')).toHaveCount(3)
    // The invoice the next page starts after is gone: the provider refuses the page.
    await deleteInvoices(email)
    await history.getByRole('button', { name: 'Load more' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load more invoices' })).toBeVisible()
    await expect(history.getByTestId('invoice')).toHaveCount(3)
    await expect(history.getByRole('button', { name: 'Load more' })).toBeEnabled()
  })
})
