import { subscribe } from './billing'
import { addInvoices, cancellationFeedback, revokePlus } from './database'
import { expect, signIn, test } from './fixtures'

/** Issue 11.8: the Account card's billing, with JavaScript and without (the same forms). */
test.describe('billing in settings', () => {
  test('a subscriber cancels with a reason and feedback, sees when PLUS ends, and resubscribes', async ({ page }) => {
    const { email } = await signIn(page)
    await subscribe(page)
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Cancel Subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('radio')).toHaveCount(6)
    await expect(dialog.getByRole('radio', { name: 'Other reason' })).toBeChecked()
    await dialog.getByRole('radio', { name: 'Too complicated to use' }).check()
    await dialog.getByLabel('Anything else you want to tell us? (optional)').fill('  Too many buttons for me.  ')
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click()

    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/settings')
    await expect(main.getByRole('heading', { name: 'Subscription', exact: true })).toBeVisible()
    await expect(main.getByTestId('subscription-expiry')).toHaveText(/^\d{1,2} [A-Z][a-z]{2}$/)
    expect(await cancellationFeedback(email)).toEqual([{ category: 'too_complex', text: 'Too many buttons for me.' }])
    // Still PLUS until then: usage-based pricing stays available.
    await expect(main.getByRole('switch', { name: 'Usage-based pricing' })).toBeVisible()

    await main.getByRole('button', { name: 'Resubscribe' }).click()
    await expect(main.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible()
    await expect(main.getByTestId('subscription-expiry')).toHaveCount(0)
  })

  test('the cancel dialog keeps the subscription when dismissed, and cancels with the default reason and no feedback', async ({ page }) => {
    const { email } = await signIn(page)
    await subscribe(page)
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Cancel Subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' })
    await dialog
      .getByRole('button', { name: 'Keep Subscription' })
      .or(dialog.getByRole('link', { name: 'Keep Subscription' }))
      .click()
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/settings')

    await main.getByRole('button', { name: 'Cancel Subscription' }).click()
    await page.getByRole('dialog', { name: 'Cancel Subscription' }).getByRole('button', { name: 'Confirm Cancellation' }).click()
    await expect(main.getByRole('button', { name: 'Resubscribe' })).toBeVisible()
    expect(await cancellationFeedback(email)).toEqual([{ category: 'other', text: null }])
  })

  test('usage-based pricing turns on with a $5 limit, takes a new monthly limit and turns off', async ({ page }) => {
    await signIn(page)
    await subscribe(page)
    const main = page.getByRole('main')
    const usagePricing = main.getByRole('switch', { name: 'Usage-based pricing' })
    const limit = main.getByRole('group', { name: 'Monthly limit' })
    await expect(usagePricing).toHaveAttribute('aria-checked', 'false')
    await expect(limit).toHaveCount(0)

    await usagePricing.click()
    await expect(usagePricing).toHaveAttribute('aria-checked', 'true')
    await expect(main.getByTestId('billed-amount')).toHaveText('$0.00')
    await expect(main.getByTestId('price-cap')).toHaveText('$5')
    await expect(limit.getByRole('radio', { name: '$5' })).toBeChecked()

    await limit.getByLabel('Custom amount in dollars').fill('25')
    await main.getByRole('button', { name: 'Save' }).click()
    await expect(main.getByTestId('price-cap')).toHaveText('$25')
    expect(await (await page.request.get('/api/private/user-usage')).json()).toMatchObject({ usageBasedPricing: true, priceCap: 25 })

    await limit.getByText('$10', { exact: true }).click()
    await main.getByRole('button', { name: 'Save' }).click()
    await expect(main.getByTestId('price-cap')).toHaveText('$10')

    await page.reload()
    await expect(main.getByRole('group', { name: 'Monthly limit' }).getByRole('radio', { name: '$10' })).toBeChecked()
    await main.getByRole('switch', { name: 'Usage-based pricing' }).click()
    await expect(main.getByRole('switch', { name: 'Usage-based pricing' })).toHaveAttribute('aria-checked', 'false')
    await expect(main.getByRole('group', { name: 'Monthly limit' })).toHaveCount(0)
    // The switch shows the change at once; the saved state follows when the post is done.
    await expect.poll(async () => (await (await page.request.get('/api/private/user-usage')).json()).usageBasedPricing).toBe(false)
    expect(await (await page.request.get('/api/private/user-usage')).json()).toMatchObject({ usageBasedPricing: false, priceCap: 10 })
  })

  test('when PLUS has ended behind the page, usage-based pricing is refused with its toast and the upgrade dialog', async ({ page }) => {
    const { email } = await signIn(page)
    await subscribe(page)
    await revokePlus(email)
    await page.getByRole('main').getByRole('switch', { name: 'Usage-based pricing' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to enable usage-based pricing' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
  })

  test('billing history shows the first 3 invoices, then 5 more per Load more, each once', async ({ page }) => {
    const { email } = await signIn(page)
    await subscribe(page)
    await addInvoices(email, 9, { pending: 1 })
    await page.reload()
    const history = page.getByTestId('billing-history')
    const rows = history.getByTestId('invoice')
    await expect(rows).toHaveCount(3)
    // The checkout's invoice, then the newest of the earlier ones (still open).
    await expect(rows.nth(0)).toContainText('Subscription payment')
    await expect(rows.nth(0)).toContainText('$20.00')
    await expect(rows.nth(0)).toContainText('Paid')
    await expect(rows.nth(1)).toContainText('$20.09')
    await expect(rows.nth(1)).toContainText('Pending')
    await expect(rows.nth(2)).toContainText('$20.08')

    await history.getByRole('button', { name: 'Load more' }).click()
    await expect(rows).toHaveCount(8)
    await history.getByRole('button', { name: 'Load more' }).click()
    await expect(rows).toHaveCount(10)
    await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0)
    const amounts = await rows.evaluateAll((items) => items.map((item) => item.textContent?.match(/\$\d+\.\d\d/)?.[0]))
    expect(amounts).toEqual(['$20.00', '$20.09', '$20.08', '$20.07', '$20.06', '$20.05', '$20.04', '$20.03', '$20.02', '$20.01'])
  })
})
