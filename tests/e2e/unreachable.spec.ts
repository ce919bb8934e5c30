import { UNREACHABLE_MESSAGE } from '../../app/lib/unreachable'
import { expect, signIn, test } from './fixtures'

/**
 * A post that never reaches the server (offline, a restart) fails like a refusal: the
 * form's own toast in place and the page still usable, never the error page.
 */
test('a Piece menu change that never reaches the server shows its toast and leaves the page usable', async ({ page, consoleErrors }) => {
  await signIn(page)
  const name = `offline_${Math.random().toString(36).slice(2, 9)}`
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await sidebar.getByRole('button', { name: 'New Piece' }).click()
  await sidebar.getByLabel('New Piece name').fill(name)
  await sidebar.getByLabel('New Piece name').press('Enter')
  await expect(page).toHaveURL(`/pieces/${name}`)

  await page.route('**/resources/pieces**', (route) => route.abort('internetdisconnected'))
  await page.getByTestId('piece-menu').locator('summary').click()
  const menu = page.getByRole('group', { name: 'Piece menu' })
  await menu.getByRole('button', { name: 'Add description' }).click()
  await menu.getByLabel('Piece description').fill('Written on a train')
  await menu.getByLabel('Piece description').press('Control+Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update description' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /error|went wrong/i })).toHaveCount(0)

  // The browser reports the cut request itself; that one is expected, nothing else.
  const cut = consoleErrors.filter((error) => error.includes('net::ERR_INTERNET_DISCONNECTED'))
  expect(cut.length).toBeGreaterThan(0)
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !cut.includes(error)))

  // Back online, the same form saves.
  await page.unroute('**/resources/pieces**')
  await menu.getByLabel('Piece description').press('Control+Enter')
  await expect(menu.getByText('Written on a train')).toBeVisible()
})

test('a Preferences switch that never reaches the server rolls back with its toast', async ({ page, consoleErrors }) => {
  await signIn(page)
  await page.goto('/settings')
  const usageSwitch = page.getByRole('switch', { name: 'Show token usage' })
  const before = await usageSwitch.getAttribute('aria-checked')
  await page.route('**/settings.data**', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()))
  await usageSwitch.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update token usage preference' })).toBeVisible()
  await expect(usageSwitch).toHaveAttribute('aria-checked', before!)
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED')))
})

test('a chat message that never reaches the server says so and stays in the input', async ({ page, consoleErrors }) => {
  await signIn(page)
  const name = `offline_${Math.random().toString(36).slice(2, 9)}`
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await page.goto(`/pieces/${name}`)
  await page.route(`**/pieces/${name}.data**`, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()))
  await page.getByLabel('Message').fill('a tip calculator')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText(UNREACHABLE_MESSAGE)).toBeVisible()
  await expect(page.getByLabel('Message')).toHaveValue('a tip calculator')
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED')))

  await page.unroute(`**/pieces/${name}.data**`)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()
})
