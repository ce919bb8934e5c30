import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Makes the signed-in user PLUS the way a buyer does with the local billing provider: a
 * checkout (call 3), then Confirm on the local test checkout page, which comes back to
 * /settings with the subscription and its first, paid invoice.
 */
export async function subscribe(page: Page) {
  const started = await page.request.post('/api/private/users/sub?returnURL=settings')
  expect(started.status(), await started.text()).toBe(200)
  await page.goto((await started.json()).url)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL('/settings')
  await expect(page.getByRole('main').getByRole('heading', { name: 'Subscription', exact: true })).toBeVisible()
}
