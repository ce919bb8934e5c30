import { grantPlus } from './database'
import { expect, signIn, test } from './fixtures'

test.describe('signed-out routing', () => {
  test('/ goes to /landing', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/landing$/)
  })

  for (const path of ['/explore', '/settings', '/settings/about', '/pieces', '/pieces/something', '/onboarding']) {
    test(`${path} asks to sign in and remembers the page`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(`/signin?redirect=${encodeURIComponent(path)}`)
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    })
  }

  test('an unknown multi-segment path asks to sign in', async ({ page }) => {
    await page.goto('/no/such/page?x=1')
    await expect(page).toHaveURL(`/signin?redirect=${encodeURIComponent('/no/such/page?x=1')}`)
  })

  test('signed in, an unknown multi-segment path is Page Not Found inside the app frame', async ({ page }) => {
    await signIn(page)
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByTestId('top-bar-title')).toHaveText('Page Not Found')
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeAttached()
  })

  test("signed in, an unknown name, an @handle and another user's private Piece are Page Not Found inside the app frame", async ({ page, browser }) => {
    const owner = await browser.newPage()
    const { email } = await signIn(owner)
    await grantPlus(email)
    const hidden = `hidden_${Math.random().toString(36).slice(2, 9)}`
    expect((await owner.request.post('/api/private/pieces', { data: { name: hidden, visibility: 'private' } })).status()).toBe(201)
    await owner.close()

    await signIn(page)
    for (const path of ['/no_such_piece', '/@foo', `/${hidden}`]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
      await expect(page.getByTestId('top-bar-title')).toHaveText('Page Not Found')
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeAttached()
      // Not the visitors' shell: no 'Open Pieces' and no footer.
      await expect(page.getByRole('link', { name: 'Open Pieces' })).toHaveCount(0)
      await expect(page.locator('footer')).toHaveCount(0)
    }
  })

  test('a path starting with @ is not found', async ({ page }) => {
    const response = await page.goto('/@someone')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  test('an unknown Piece name is not found', async ({ page }) => {
    const response = await page.goto('/no_such_piece')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible()
  })

  test('switching between sign-in and sign-up keeps the redirect', async ({ page }) => {
    await page.goto('/signin?redirect=%2Fexplore')
    await page.getByRole('link', { name: 'Sign up' }).click()
    await expect(page).toHaveURL('/signup?redirect=%2Fexplore')
    await page.getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL('/signin?redirect=%2Fexplore')
  })
})
