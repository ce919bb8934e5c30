import { expect, signIn, test } from './fixtures'

test('the settings usage card links to the last 30 days as a chart by Piece, drawn without JavaScript (issue 29.2)', async ({ page }) => {
  await signIn(page)
  await page.goto('/settings')
  await page.getByRole('link', { name: 'Last 30 days' }).click()
  await expect(page).toHaveURL('/settings/usage')
  await expect(page.getByText('No tokens used in the last 30 days.', { exact: false })).toBeVisible()

  const name = `usage_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  await page.getByLabel('Message').fill('a tally counter')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('list', { name: 'Chat history' }).getByTestId('receipt')).toHaveCount(1, { timeout: 20_000 })

  await page.goto('/settings/usage')
  await expect(page.getByRole('heading', { name: 'Token usage, last 30 days' })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Tokens per day over the last 30 days: [\d,]+ in all$/ })).toBeVisible()
  await expect(page.getByRole('figure').getByText(new RegExp(`^${name} · `))).toBeVisible()
  await page.getByText('Each day in numbers').click()
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1)
})
