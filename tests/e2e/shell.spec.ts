import { expect, signIn, test } from './fixtures'

test.describe('signed-in shell', () => {
  test('Ctrl+B collapses and expands the sidebar, but not while typing', async ({ page }) => {
    await signIn(page)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await expect(sidebar).toHaveCSS('width', '260px')
    await page.keyboard.press('Control+b')
    await expect(sidebar).toHaveCSS('width', '48px')
    await page.keyboard.press('Control+b')
    await expect(sidebar).toHaveCSS('width', '260px')

    await page.goto('/settings/contact')
    await page.getByLabel('Message').click()
    await page.keyboard.press('Control+b')
    await expect(sidebar).toHaveCSS('width', '260px')
  })

  test('the collapsed state survives a reload', async ({ page }) => {
    await signIn(page)
    await page.getByRole('button', { name: /Collapse sidebar/ }).click()
    await page.reload()
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCSS('width', '48px')
  })

  test('on a phone the sidebar is a 75% drawer that a swipe left closes', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 })
    await signIn(page)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await expect(sidebar).not.toBeInViewport()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(sidebar).toBeInViewport()
    await expect(sidebar).toHaveCSS('width', '300px')

    const swipe = async (dx: number, ms: number) =>
      sidebar.evaluate(
        (element, [distance, duration]) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: 300 })
          const start = performance.now()
          element.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(250)], changedTouches: [touch(250)] }))
          while (performance.now() - start < duration) {
            // hold the finger down for the swipe's duration
          }
          element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(250 + distance)] }))
        },
        [dx, ms] as const,
      )

    await swipe(-60, 600)
    await expect(sidebar).toBeInViewport()
    await swipe(-60, 50)
    await expect(sidebar).not.toBeInViewport()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await swipe(-130, 900)
    await expect(sidebar).not.toBeInViewport()
  })

  test('the top bar is titled by path', async ({ page }) => {
    await signIn(page)
    for (const [path, title] of [
      ['/settings', 'Settings'],
      ['/settings/about', 'About Us'],
      ['/settings/blog', 'Blog'],
      ['/settings/contact', 'Contact Us'],
      ['/settings/privacy', 'Privacy Policy'],
      ['/settings/terms', 'Terms'],
    ]) {
      await page.goto(path!)
      await expect(page.getByTestId('top-bar-title')).toHaveText(title!)
    }
  })
})

test.describe('Typeahead', () => {
  test('letters typed in the sidebar list move the focus to the Piece they start, and the search starts afresh after 1 s', async ({ page }) => {
    await page.clock.install()
    await signIn(page)
    const tag = Math.random().toString(36).slice(2, 7)
    for (const name of [`alpha_${tag}`, `banana_${tag}`, `beta_${tag}`]) {
      const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
      expect(created.status(), await created.text()).toBe(201)
    }
    await page.goto('/explore')
    const list = page.getByTestId('sidebar-pieces')
    const link = (name: string) => list.getByRole('link', { name: `${name}_${tag}` })
    // Newest first: beta, banana, alpha. Time stands still, so only runFor ends a search.
    await expect(list.getByRole('link').first()).toHaveAccessibleName(`beta_${tag}`)
    await page.clock.pauseAt(Date.now() + 60_000)
    await link('beta').focus()
    await page.keyboard.press('b')
    await expect(link('banana')).toBeFocused()
    await page.keyboard.press('e')
    await expect(link('beta')).toBeFocused()
    await page.keyboard.press('a')
    // 'bea' starts nothing: the focus stays.
    await expect(link('beta')).toBeFocused()
    await page.clock.runFor(1000)
    await page.keyboard.press('a')
    await expect(link('alpha')).toBeFocused()
  })
})
