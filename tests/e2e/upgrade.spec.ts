import type { Page } from '@playwright/test'
import { PLUS_DAILY_TOKEN_LIMIT } from '../../app/lib/constants'
import { enableUsagePricing, subscribeLocally } from './billing'
import { spendBillableTokens } from './database'
import { expect, hydrated, signIn, test } from './fixtures'

/** The budget input's rules (spec 1 §5, spec 2 §5), the dialog's busy state, and the chat's price cap overlay (spec 2 §2, §8). */

test('the budget box: a drawn $, digits only, no lone 0, nothing above 500, and Update needs $5', async ({ page }) => {
  await signIn(page)
  await subscribeLocally(page)
  await page.goto('/explore?upgrade=budget')
  const dialog = page.getByRole('dialog', { name: 'Update your monthly budget' })
  const box = dialog.getByLabel('Custom amount in dollars')
  const update = dialog.getByRole('button', { name: 'Update' })
  await expect(dialog.getByText('$', { exact: true })).toBeVisible()
  await expect(dialog.getByRole('radio', { name: '$5' })).toBeChecked()

  await box.pressSequentially('0')
  await expect(box).toHaveValue('')
  await expect(dialog.getByRole('radio', { name: '$5' })).toBeChecked()
  await box.pressSequentially('ab$')
  await expect(box).toHaveValue('')
  await box.pressSequentially('501')
  await expect(box).toHaveValue('50')
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0)
  await expect(update).toBeEnabled()

  // Emptying the box clears the choice; under $5 cannot be confirmed.
  await box.fill('')
  await expect(update).toBeDisabled()
  await box.pressSequentially('4')
  await expect(update).toBeDisabled()
  await box.pressSequentially('2')
  await expect(box).toHaveValue('42')
  await expect(update).toBeEnabled()
  await dialog.getByText('$20', { exact: true }).click()
  await expect(box).toHaveValue('')
  await expect(dialog.getByRole('radio', { name: '$20' })).toBeChecked()
})

test('while the budget is saved the dialog cannot be dismissed; then it closes', async ({ page }) => {
  await signIn(page)
  await subscribeLocally(page)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/resources/upgrade*', async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  await page.goto('/explore')
  await hydrated(page)
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('payment dialog open', { detail: { mode: 'enable-usage-based-pricing', open: true, source: 'test' } })),
  )
  const dialog = page.getByRole('dialog', { name: 'Enable usage-based pricing' })
  await dialog.getByRole('button', { name: 'Set Up' }).click()
  await expect(dialog.getByRole('button', { name: 'Set Up' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  await dialog.getByRole('link', { name: 'Close dialog' }).click()
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL('/explore')
  release()
  await expect(dialog).toHaveCount(0)
})

async function newPiece(page: Page) {
  const name = `capjs_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
}

/** Issue 14.3: the overlay hides the whole prompt form, its buttons are on screen, and nothing scrolled. */
async function expectOverlayCoversInput(page: Page) {
  const overlay = page.getByRole('dialog', { name: "You've reached your monthly spending limit" })
  const form = await page.getByLabel('Message').locator('xpath=ancestor::form').boundingBox()
  const box = await overlay.boundingBox()
  expect(box!.x).toBeLessThanOrEqual(form!.x)
  expect(box!.y).toBeLessThanOrEqual(form!.y + 1)
  expect(box!.x + box!.width).toBeGreaterThanOrEqual(form!.x + form!.width)
  expect(box!.y + box!.height).toBeGreaterThanOrEqual(form!.y + form!.height - 1)
  const background = await overlay.evaluate((element) => getComputedStyle(element).backgroundColor)
  expect(background).toMatch(/^rgb\(/)
  const viewport = page.viewportSize()!
  for (const button of [overlay.getByRole('link', { name: 'Update spending limit' }), overlay.getByRole('button', { name: 'Not now' })]) {
    const rect = (await button.boundingBox())!
    expect(rect.y).toBeGreaterThanOrEqual(0)
    expect(rect.y + rect.height).toBeLessThanOrEqual(viewport.height)
    expect(rect.x + rect.width).toBeLessThanOrEqual(viewport.width)
  }
  await overlay.getByRole('heading').click()
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0)
}

test('at the price cap a send opens the spending-limit overlay; a higher budget lets the next send through', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const { email } = await signIn(page)
  await subscribeLocally(page)
  await enableUsagePricing(page, 5)
  // $5 at $0.50 per million tokens: 10 million billable tokens reach the cap.
  await spendBillableTokens(email, PLUS_DAILY_TOKEN_LIMIT, 10_000_000)
  await newPiece(page)
  await page.getByLabel('Message').fill('a tiny counter')
  await page.getByRole('button', { name: 'Send' }).click()
  const overlay = page.getByRole('dialog', { name: "You've reached your monthly spending limit" })
  await expect(overlay).toContainText('Set your monthly spending limit to continue creating.')
  await expectOverlayCoversInput(page)
  await page.setViewportSize({ width: 390, height: 800 })
  await expectOverlayCoversInput(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  await overlay.getByRole('link', { name: 'Update spending limit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update your monthly budget' })
  await expect(dialog.getByRole('radio', { name: '$5' })).toBeChecked()
  await expect(dialog).toContainText('Billed this month: $5.00 of your $5 budget.')
  await dialog.getByText('$20', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(overlay).toHaveCount(0)
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0)

  await expect(page.getByLabel('Message')).toHaveValue('a tiny counter')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible({ timeout: 20_000 })
})
