import { expect, settled, signIn, test, uniqueEmail } from './fixtures'
import { chooseAccount, continueWithGoogle, expectSignedInAs, googleAccount, googleBlock, linkFromSettings, signUpWithGoogle } from './google'

/** The whole OAuth dance against the Google fake, with JavaScript on and off. */

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

  test('cancelling sign-in at Google is silent and signs nobody in', async ({ page }) => {
    await page.goto('/signin')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    const callback = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/google/callback')
    await page.getByRole('button', { name: 'Cancel' }).click()
    // No toast travels with the way back (a flash cookie would carry it).
    expect((await (await callback).allHeaders())['set-cookie'] ?? '').not.toContain('pieces_toast')
    await expect(page).toHaveURL(/\/signin$/)
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByText('Google sign-in was cancelled')).toHaveCount(0)
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
    const { email } = await signIn(page)
    await page.context().clearCookies()
    const account = await googleAccount(request, { email })
    await continueWithGoogle(page, account)
    await expect(page).toHaveURL(/\/signin$/)
    await expect(page.getByText('This email is already registered. Please try signing in instead')).toBeVisible()
  })
})

test.describe('Google linking in settings', () => {
  test('a password user links Google, sees the email, then signs in with Google', async ({ page, request }) => {
    const { username } = await signIn(page)
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

    await signIn(page)
    await linkFromSettings(page, account)
    await expect(page.getByText('This Google account is already linked to another account')).toBeVisible()
    await expect(googleBlock(page).getByRole('button', { name: 'Link Google' })).toBeVisible()
  })

  test('unlinking goes through the dialog, and Cancel keeps the link', async ({ page, request }) => {
    await signIn(page)
    const account = await googleAccount(request)
    await linkFromSettings(page, account)
    await settled(page)

    await googleBlock(page).getByRole('button', { name: 'Unlink Google' }).click()
    let dialog = page.getByRole('dialog', { name: 'Unlink Google Account' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('sign in with your email and password')
    await dialog
      .getByRole('button', { name: 'Cancel' })
      .or(dialog.getByRole('link', { name: 'Cancel' }))
      .click()
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
