import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { offlineGenerate } from '../../app/generation/offline'
import { expect, saveCode, signIn, test } from '../e2e/fixtures'
import { endSteerings, ownMessage, steer } from '../e2e/model'
import { cafePiece, followUp, steerFourChanges } from '../e2e/review'

/**
 * The main screens, photographed for a person to look at (issue 14): `npm run screenshots`
 * writes them to test-results/screens/{project}/{screen}.png. Each screen is reached the
 * way a user reaches it; the only assertions are that it loaded.
 */
const shot = async (page: Page, project: string, screen: string) => {
  mkdirSync(`test-results/screens/${project}`, { recursive: true })
  // A long page is photographed in a window as tall as the page (a full-page capture
  // stretches the window mid-transition), with every animation and transition taken to its
  // end state by Playwright (a page without JavaScript may never run the frame that ends one).
  const size = page.viewportSize()!
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  if (height > size.height) await page.setViewportSize({ width: size.width, height })
  await page.screenshot({ path: `test-results/screens/${project}/${screen}.png`, animations: 'disabled' })
  await page.setViewportSize(size)
}

test('signed out', async ({ page, browser }, info) => {
  const theme = info.project.metadata.theme as string
  // A visitor's choice of theme is a cookie (the public toggle).
  await page.context().addCookies([{ name: 'pieces_theme', value: theme, url: info.project.use.baseURL ?? 'http://localhost:3210' }])
  const owner = await browser.newPage()
  await signIn(owner)
  const name = `screens_${Math.random().toString(36).slice(2, 8)}`
  expect((await owner.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await owner.close()

  for (const [screen, path] of [
    ['landing', '/landing'],
    ['signin', '/signin'],
    ['signup', '/signup'],
    ['contact', '/contact'],
    ['terms', '/terms'],
    ['public-piece', `/${name}`],
    ['not-found', '/no_such_piece_here'],
  ] as const) {
    await page.goto(path)
    await expect(page.locator('body')).toBeVisible()
    await shot(page, info.project.name, `out-${screen}`)
  }
})

test('signed in', async ({ page }, info) => {
  const theme = info.project.metadata.theme as string
  const js = info.project.use.javaScriptEnabled !== false
  await signIn(page)
  if (theme === 'light') {
    // Signed-in users follow their saved preference (dark by default).
    await page.goto('/settings')
    await page.getByRole('switch', { name: 'Dark theme' }).click()
    await expect(page.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'false')
  }
  await page.goto('/explore')
  await shot(page, info.project.name, 'in-explore-empty')

  const name = `screens_${Math.random().toString(36).slice(2, 8)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)
  await shot(page, info.project.name, 'in-chat-empty')
  await page.getByLabel('Message').fill('a counter with a reset button')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible({ timeout: 30_000 })
  await shot(page, info.project.name, 'in-chat-built')

  await page.goto(`/pieces/${name}?upgrade=plus`)
  await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
  await shot(page, info.project.name, 'in-upgrade-dialog')

  await page.goto(`/${name}`)
  await page.getByTestId('piece-menu').locator('summary').click()
  await shot(page, info.project.name, 'in-piece-menu')
  if (js) {
    await page.getByRole('button', { name: 'Open user menu' }).click()
    await shot(page, info.project.name, 'in-user-menu')
  }

  for (const [screen, path] of [
    ['explore', '/explore'],
    ['settings', '/settings'],
    ['not-found', '/settings/no-such-page'],
  ] as const) {
    await page.goto(path)
    await shot(page, info.project.name, `in-${screen}`)
  }
})

test('subscriber', async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false
  await signIn(page)
  if (info.project.metadata.theme === 'light')
    expect((await page.request.patch('/api/private/users/dark-mode', { data: { darkMode: false } })).status()).toBe(200)
  await page.goto('/settings?upgrade=plus')
  await shot(page, info.project.name, 'plus-upgrade-dialog')
  await page.getByRole('dialog', { name: 'Upgrade to PLUS' }).getByRole('button', { name: 'Upgrade to PLUS' }).click()
  await expect(page).toHaveURL(/\/billing\/local-checkout\//)
  await shot(page, info.project.name, 'plus-local-checkout')
  await page.getByRole('button', { name: /Confirm/ }).click()
  await expect(page.getByRole('main').getByRole('heading', { name: 'Subscription', exact: true })).toBeVisible()
  expect((await page.request.post('/api/private/users/metered-sub')).status()).toBe(200)
  expect((await page.request.patch('/api/private/user-usage', { data: { priceCap: 20 } })).status()).toBe(200)
  await page.goto('/settings')
  await shot(page, info.project.name, 'plus-settings')
  await page.goto(`/settings?upgrade=budget`)
  await expect(page.getByRole('dialog')).toBeVisible()
  await shot(page, info.project.name, 'plus-budget-dialog')
  await page.goto('/settings')
  await page.getByRole('main').getByRole('button', { name: 'Cancel Subscription' }).click()
  await expect(page.getByRole('dialog', { name: 'Cancel Subscription' })).toBeVisible()
  await shot(page, info.project.name, 'plus-cancel-dialog')
  if (js) {
    await page.getByRole('dialog', { name: 'Cancel Subscription' }).getByRole('button', { name: 'Confirm Cancellation' }).click()
    await expect(page.getByRole('button', { name: 'Resubscribe' })).toBeVisible()
    await shot(page, info.project.name, 'plus-canceling')
  }
})

test('review of a turn (issue 40)', async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false
  const { name } = await cafePiece(page)
  if (info.project.metadata.theme === 'light')
    expect((await page.request.patch('/api/private/users/dark-mode', { data: { darkMode: false } })).status()).toBe(200)
  await page.goto(`/pieces/${name}`)
  // A conversation of two turns: a small one, then one of four changes.
  const first = ownMessage('say every day')
  await steer(page, { match: ['You plan', first], content: '```json\n{"steps": ["Change the lead"]}\n```' })
  const lead = [{ type: 'replace', target: 'Fresh coffee daily.', content: 'Fresh coffee, every day.' }]
  await steer(page, { match: [`Request: ${first}`, 'Step 1 of'], content: `\`\`\`json\n${JSON.stringify({ patches: lead })}\n\`\`\`` })
  await page.getByLabel('Message').fill(first)
  await page.getByRole('button', { name: 'Send' }).click()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByTestId('review-changes')).toHaveCount(1, { timeout: 120_000 })
  const message = followUp()
  await steerFourChanges(page, message)
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(history.getByTestId('review-changes')).toHaveCount(2, { timeout: 120_000 })
  const review = history.getByTestId('review-changes').last()
  await review.getByText('Review changes').click()
  await review.getByRole('switch', { name: /^Removed the footer/ }).uncheck()
  if (js) await review.getByRole('switch', { name: /^Changed the colour/ }).hover()
  await shot(page, info.project.name, 'in-chat-review')
  await endSteerings(page)
})

test('a game with a shared top 10 (issue 39)', async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false
  await signIn(page)
  if (info.project.metadata.theme === 'light')
    expect((await page.request.patch('/api/private/users/dark-mode', { data: { darkMode: false } })).status()).toBe(200)
  const name = `screens_game_${Math.random().toString(36).slice(2, 8)}`
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await saveCode(page, name, offlineGenerate('guess the number between 1 and 20 with a leaderboard', '').code)
  await page.goto(`/${name}`)
  const piece = page.frameLocator('iframe[title]').first()
  if (js) {
    // One game played to the end, so the board holds a result.
    await expect(piece.locator('body[data-ready="yes"]')).toBeAttached()
    let [low, high] = [1, 20]
    for (let tries = 1; ; tries++) {
      const guess = Math.floor((low + high) / 2)
      await piece.getByLabel('Your guess').fill(String(guess))
      await piece.getByRole('button', { name: 'Guess' }).click()
      await expect(piece.getByText(`Tries: ${tries}`)).toBeVisible()
      const said = (await piece.locator('#hint').textContent()) ?? ''
      if (said.startsWith('Yes!')) break
      if (said.startsWith('Higher')) low = guess + 1
      else high = guess - 1
    }
    await expect(piece.getByRole('list', { name: 'Top 10' }).getByRole('listitem')).toHaveCount(1)
  }
  await shot(page, info.project.name, 'piece-game-top-10')
})
