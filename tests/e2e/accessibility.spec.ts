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
