import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { subscribe } from './billing'
import { addInvoices } from './database'
import { expect, signIn, test } from './fixtures'

/** axe-core runs inside the page; the page's strict CSP would refuse the injected script. */
test.use({ bypassCSP: true })

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

async function seriousViolations(page: Page) {
  // Contrast is judged on the settled page, not halfway through a fade-in.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  await page.evaluate(axeSource)
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> }
      }
    ).axe
    return axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('the chat page, settings and explore have no serious accessibility violations', async ({ page }) => {
  await signIn(page)
  const name = `a11y_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  expect(await seriousViolations(page)).toEqual([])
  for (const path of ['/settings', '/explore', '/landing']) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
})

test('the public pages a visitor reads signed out have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/landing', '/signin', '/signup', '/about', '/blog', '/faq', '/privacy', '/terms', '/contact']) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
})

test('the chat page works from the keyboard alone', async ({ page }) => {
  await signIn(page)
  const name = `keys_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/pieces/${name}`)
  await page.getByLabel('Message').focus()
  await page.keyboard.type('a counter')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('list', { name: 'Chat history' }).getByText('a counter')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Accept' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Accept Generation' })
  await expect(dialog).toBeVisible()
  // Focus is trapped in the dialog and comes back when it closes.
  await expect(dialog.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Accept' })).toBeFocused()
})

test('menus are named buttons, dialogs hold and return the focus, and a finished build, both dialogs and the phone drawer pass axe', async ({ page }) => {
  await signIn(page)
  const name = `axe_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/pieces/${name}`)
  await page.getByLabel('Message').fill('a counter')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Accept' })).toBeEnabled()
  expect(await seriousViolations(page), 'chat with a finished build').toEqual([])

  // The three disclosures are buttons with a name, and say whether they are open.
  const userMenu = page.getByRole('button', { name: 'Open user menu' })
  const pieceMenu = page.getByRole('button', { name: /Open Piece menu/ })
  await expect(userMenu).toBeVisible()
  await expect(pieceMenu).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'New Piece' })).toBeVisible()

  // The delete dialog: focus inside, Tab never leaves it, Escape returns focus to its opener.
  await pieceMenu.click()
  const deleteLink = page.getByRole('group', { name: 'Piece menu' }).getByRole('link', { name: 'Delete Piece' })
  await deleteLink.focus()
  await page.keyboard.press('Enter')
  const deleteDialog = page.getByRole('dialog', { name: 'Delete Piece' })
  await expect(deleteDialog).toBeVisible()
  for (let press = 0; press < 6; press++) {
    await expect(deleteDialog.locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Tab')
  }
  expect(await seriousViolations(page), 'delete dialog').toEqual([])
  await page.keyboard.press('Escape')
  await expect(deleteDialog).toHaveCount(0)
  await expect(deleteLink).toBeFocused()

  // The upgrade dialog, opened from the user menu.
  await userMenu.click()
  await page.getByRole('link', { name: 'Upgrade to PLUS' }).click()
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to PLUS' })
  await expect(upgrade).toBeVisible()
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await expect(upgrade.locator(':focus')).toHaveCount(1)
    await page.keyboard.press(key)
  }
  expect(await seriousViolations(page), 'upgrade dialog').toEqual([])
  await page.keyboard.press('Escape')
  await expect(upgrade).toHaveCount(0)

  // The drawer on a phone.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeInViewport()
  expect(await seriousViolations(page), 'phone drawer').toEqual([])
})

test('settings for a subscriber (usage-based pricing, billing history, the cancel dialog) have no serious accessibility violations', async ({ page }) => {
  const { email } = await signIn(page)
  await subscribe(page)
  await addInvoices(email, 4, { pending: 1 })
  expect((await page.request.post('/api/private/users/metered-sub')).status()).toBe(200)
  for (const theme of [true, false]) {
    expect((await page.request.patch('/api/private/users/dark-mode', { data: { darkMode: theme } })).status()).toBe(200)
    await page.goto('/settings')
    expect(await seriousViolations(page), `settings, dark ${theme}`).toEqual([])
    await page.getByRole('main').getByRole('button', { name: 'Cancel Subscription' }).click()
    await expect(page.getByRole('dialog', { name: 'Cancel Subscription' })).toBeVisible()
    expect(await seriousViolations(page), `cancel dialog, dark ${theme}`).toEqual([])
  }
  expect((await page.request.patch('/api/private/users/sub-cancel', { data: {} })).status()).toBe(200)
  await page.goto('/settings')
  expect(await seriousViolations(page), 'canceling').toEqual([])
})
