import { expect, signIn, test } from './fixtures'

const PAGES = [
  { path: '/about', heading: 'About Us' },
  { path: '/blog', heading: 'Blog' },
  { path: '/faq', heading: 'FAQ' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/contact', heading: 'Contact Us' },
]

test.describe('public pages', () => {
  for (const { path, heading } of PAGES) {
    test(`${path} renders in the public shell`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Pieces home' })).toHaveAttribute('href', '/landing')
      const footer = page.getByRole('contentinfo')
      for (const name of ['About Us', 'Contact Us', 'Terms of Service', 'Privacy Policy']) {
        await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
      }
      for (const name of ['Instagram', 'TikTok', 'X', 'YouTube', 'E-mail']) {
        await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
      }
    })
  }

  test('every public page describes itself in words of its own (issue 26.8)', async ({ page }) => {
    await signIn(page)
    const name = `described_${Math.random().toString(36).slice(2, 9)}`
    const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
    expect(created.status(), await created.text()).toBe(201)
    await page.context().clearCookies()
    const descriptions = new Map<string, string>()
    for (const path of ['/landing', '/signin', '/signup', ...PAGES.map((listed) => listed.path), `/${name}`]) {
      expect((await page.goto(path))?.status(), path).toBe(200)
      const description = page.locator('head meta[name="description"]')
      await expect(description, path).toHaveCount(1)
      const content = (await description.getAttribute('content'))?.trim() ?? ''
      expect(content.length, path).toBeGreaterThan(20)
      descriptions.set(path, content)
    }
    expect(new Set(descriptions.values()).size, [...descriptions.entries()].join('\n')).toBe(descriptions.size)
  })

  test('the privacy policy carries its facts', async ({ page }) => {
    await page.goto('/privacy')
    await expect(page.getByText('Last updated February 15, 2025')).toBeVisible()
    const text = await page.locator('article').innerText()
    expect(text).toMatch(/under (the age of )?13/i)
    expect(text).toMatch(/30 days/)
    expect(text).toMatch(/72 hours/)
  })

  test('the FAQ has seven questions that open and a Contact us link', async ({ page }) => {
    await page.goto('/faq')
    const questions = page.locator('article details')
    await expect(questions).toHaveCount(7)
    await questions.first().locator('summary').click()
    await expect(questions.first()).toHaveAttribute('open', '')
    await expect(page.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute('href', '/contact')
  })

  test('signed out, every page is dark with no theme toggle, whatever an old theme cookie says (issue 12.6)', async ({ page, baseURL }) => {
    // A visitor who chose light with the toggle this product used to have.
    await page.context().addCookies([{ name: 'pieces_theme', value: 'light', url: baseURL! }])
    for (const path of ['/', '/landing', '/signin', '/signup', '/about', '/contact']) {
      await page.goto(path)
      await expect(page.locator('html'), path).toHaveClass(/dark/)
      await expect(page.getByRole('button', { name: /Switch to (light|dark) theme/ })).toHaveCount(0)
    }
  })

  test('signed in with the light theme, pages follow it except the forced-dark ones', async ({ page }) => {
    await signIn(page)
    const saved = await page.request.patch('/api/private/users/dark-mode', { data: { darkMode: false } })
    expect(saved.status()).toBe(200)
    for (const path of ['/explore', '/about', '/settings']) {
      await page.goto(path)
      await expect(page.locator('html'), path).not.toHaveClass(/dark/)
    }
    await page.goto('/landing')
    await expect(page.locator('html')).toHaveClass(/dark/)
  })

  test('the landing page pitches funding and collects the waitlist', async ({ page }) => {
    await page.goto('/landing')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(page.getByText(/Launching Fall 2025/)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'How funding works' })).toBeVisible()
    await expect(page.getByText(/refunded in full, plus the bonus/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Join the waitlist' })).toBeVisible()
  })
})
