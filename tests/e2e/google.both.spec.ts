import type { APIRequestContext, Page } from '@playwright/test'
import { expect, signUpAndOnboard, test, uniqueEmail, uniqueUsername } from './fixtures'

/**
 * The whole OAuth dance against the Google fake that tests/e2e/serve.ts starts: the
 * account chooser is the fake's page, driven like a user would, with JavaScript on and off.
 */

type GoogleAccount = { sub: string; email: string; name: string }

let fakeOrigin: string | null = null

/** The fake's address, read off the redirect that starts a sign-in. */
async function googleFake(request: APIRequestContext) {
  if (fakeOrigin) return fakeOrigin
  const response = await request.post('/auth/google', { form: { redirect: '/explore' }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  fakeOrigin = new URL(response.headers().location ?? '').origin
  return fakeOrigin
}

/** Creates (or, with the same sub, changes) an account at the fake Google. */
async function googleAccount(request: APIRequestContext, account: Partial<GoogleAccount> = {}): Promise<GoogleAccount> {
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const user = { sub: `1042${id}`, email: uniqueEmail('google'), name: `Googler ${id}`, ...account }
  const response = await request.post(`${await googleFake(request)}/__fake/users`, { data: user })
  expect(response.ok()).toBe(true)
  return user
}

async function chooseAccount(page: Page, account: GoogleAccount) {
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
  await page.getByRole('button', { name: `${account.name} <${account.email}>` }).click()
}

async function continueWithGoogle(page: Page, account: GoogleAccount, path = '/signin') {
  await page.goto(path)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await chooseAccount(page, account)
}

async function signUpWithGoogle(page: Page, account: GoogleAccount) {
  await continueWithGoogle(page, account, '/signup')
  await expect(page).toHaveURL(/\/onboarding$/)
  const username = uniqueUsername('g')
  await page.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/explore$/)
  return username
}

async function expectSignedInAs(page: Page, username: string) {
  await page.locator('summary').filter({ hasText: 'Open user menu' }).click()
  await expect(page.getByText(username, { exact: true })).toBeVisible()
}

const googleBlock = (page: Page) => page.getByRole('region', { name: 'Google Account' })

async function linkFromSettings(page: Page, account: GoogleAccount) {
  await page.goto('/settings')
  await googleBlock(page).getByRole('button', { name: 'Link Google' }).click()
  await chooseAccount(page, account)
  await expect(page).toHaveURL(/\/settings/)
}

test.describe('Google sign-in', () => {
  test('a new user signs up with Google, picks a username and lands on /explore', async ({ page, request }) => {
    const account = await googleAccount(request)
    const username = await signUpWithGoogle(page, account)
    await expectSignedInAs(page, username)
  })

  test('signing in again finds the same account by Google subject, even after the email changed at Google', async ({ page, request }) => {
    const account = await googleAccount(request)
    const username = await signUpWithGoogle(page, account)
    await page.context().clearCookies()

    const changed = await googleAccount(request, { sub: account.sub, name: account.name, email: uniqueEmail('renamed') })
    await continueWithGoogle(page, changed, '/signin?redirect=%2Fsettings')
    await expect(page).toHaveURL(/\/settings$/)
    await expect(googleBlock(page).getByTestId('google-email')).toHaveText(changed.email)
    await expectSignedInAs(page, username)
  })

  test('cancelling at Google says so and signs nobody in', async ({ page }) => {
    await page.goto('/signin')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/signin$/)
    await expect(page.getByText('Google sign-in was cancelled')).toBeVisible()
    await page.goto('/explore')
    await expect(page).toHaveURL(/\/signin/)
  })

  test('a tampered state at the callback is refused', async ({ page, request }) => {
    const account = await googleAccount(request)
    await page.goto('/signin')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
    const forged = new URL(page.url())
    expect(forged.searchParams.get('state')).toBeTruthy()
    forged.searchParams.set('state', 'forged-by-someone-else')
    await page.goto(forged.toString())
    await chooseAccount(page, account)
    await expect(page).toHaveURL(/\/signin$/)
    await expect(page.getByText('Failed to sign in with Google')).toBeVisible()
    await page.goto('/explore')
    await expect(page).toHaveURL(/\/signin/)
  })

  test('a Google email that belongs to a password account is not merged into it', async ({ page, request }) => {
    const { email } = await signUpAndOnboard(page)
    await page.context().clearCookies()
    const account = await googleAccount(request, { email })
    await continueWithGoogle(page, account)
    await expect(page).toHaveURL(/\/signin$/)
    await expect(page.getByText('This email is already registered. Please try signing in instead')).toBeVisible()
  })
})

test.describe('Google linking in settings', () => {
  test('a password user links Google, sees the email, then signs in with Google', async ({ page, request }) => {
    const { username } = await signUpAndOnboard(page)
    const account = await googleAccount(request)
    await linkFromSettings(page, account)
    await expect(page.getByText('Google account linked')).toBeVisible()
    await expect(googleBlock(page).getByTestId('google-email')).toHaveText(account.email)
    await expect(googleBlock(page).getByRole('button', { name: 'Unlink Google' })).toBeEnabled()

    await page.context().clearCookies()
    await continueWithGoogle(page, account)
    await expect(page).toHaveURL(/\/explore$/)
    await expectSignedInAs(page, username)
  })

  test('a Google account linked to another user cannot be linked again', async ({ page, request }) => {
    const account = await googleAccount(request)
    await signUpWithGoogle(page, account)
    await page.context().clearCookies()

    await signUpAndOnboard(page)
    await linkFromSettings(page, account)
    await expect(page.getByText('This Google account is already linked to another account')).toBeVisible()
    await expect(googleBlock(page).getByRole('button', { name: 'Link Google' })).toBeVisible()
  })

  test('unlinking goes through the dialog, and Cancel keeps the link', async ({ page, request }) => {
    await signUpAndOnboard(page)
    const account = await googleAccount(request)
    await linkFromSettings(page, account)

    await googleBlock(page).getByRole('button', { name: 'Unlink Google' }).click()
    let dialog = page.getByRole('dialog', { name: 'Unlink Google Account' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('sign in with your email and password')
    await dialog.getByRole('button', { name: 'Cancel' }).or(dialog.getByRole('link', { name: 'Cancel' })).click()
    await expect(dialog).toHaveCount(0)
    await expect(googleBlock(page).getByTestId('google-email')).toHaveText(account.email)

    await googleBlock(page).getByRole('button', { name: 'Unlink Google' }).click()
    dialog = page.getByRole('dialog', { name: 'Unlink Google Account' })
    await dialog.getByRole('button', { name: 'Unlink Google' }).click()
    await expect(page.getByText('Google account unlinked')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(googleBlock(page).getByRole('button', { name: 'Link Google' })).toBeVisible()
    await expect(googleBlock(page).getByTestId('google-email')).toHaveCount(0)
  })

  test('the unlink dialog cannot be dismissed while it is unlinking', async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the busy state exists only with JavaScript')
    await signUpAndOnboard(page)
    await linkFromSettings(page, await googleAccount(request))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/auth/google/unlink*', async (route) => {
      await held
      await route.continue()
    })
    await googleBlock(page).getByRole('button', { name: 'Unlink Google' }).click()
    const dialog = page.getByRole('dialog', { name: 'Unlink Google Account' })
    await dialog.getByRole('button', { name: 'Unlink Google' }).click()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await page.keyboard.press('Escape')
    await page.mouse.click(5, 5)
    await expect(dialog).toBeVisible()
    release()
    await expect(page.getByText('Google account unlinked')).toBeVisible()
    await expect(dialog).toHaveCount(0)
  })

  test('a Google-only user cannot unlink their only sign-in method', async ({ page, request }) => {
    const account = await googleAccount(request)
    await signUpWithGoogle(page, account)
    await page.goto('/settings')
    await expect(googleBlock(page).getByTestId('google-email')).toHaveText(account.email)
    await expect(googleBlock(page).getByRole('button', { name: 'Unlink Google' })).toBeDisabled()

    // A hand-made request is refused too.
    const response = await page.request.post('/auth/google/unlink', { form: {}, maxRedirects: 0 })
    expect(response.status()).toBe(302)
    await page.goto('/settings')
    await expect(page.getByText('Cannot unlink your only authentication method')).toBeVisible()
    await expect(googleBlock(page).getByTestId('google-email')).toHaveText(account.email)
  })

  test('unlinking and linking need a signed-in user', async ({ page }) => {
    await page.request.post('/auth/google/unlink', { form: {}, maxRedirects: 0 })
    await page.goto('/signin')
    await expect(page.getByText('You must be logged in to unlink accounts')).toBeVisible()
    await page.request.post('/auth/google/link', { form: {}, maxRedirects: 0 })
    await page.goto('/signin')
    await expect(page.getByText('You must be logged in with an email to link accounts')).toBeVisible()
  })
})
