import type { APIRequestContext, Page } from '@playwright/test'
import { expect, uniqueEmail, uniqueUsername } from './fixtures'

/** Driving the Google fake that tests/e2e/serve.ts starts, as a user at its account chooser would. */

export type GoogleAccount = { sub: string; email: string; name: string }

let fakeOrigin: string | null = null

/** The fake's address, read off the redirect that starts a sign-in. */
export async function googleFake(request: APIRequestContext) {
  if (fakeOrigin) return fakeOrigin
  const response = await request.post('/auth/google', { form: { redirect: '/explore' }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  fakeOrigin = new URL(response.headers().location ?? '').origin
  return fakeOrigin
}

/** Creates (or, with the same sub, changes) an account at the fake Google. */
export async function googleAccount(request: APIRequestContext, account: Partial<GoogleAccount> = {}): Promise<GoogleAccount> {
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const user = { sub: `1042${id}`, email: uniqueEmail('google'), name: `Googler ${id}`, ...account }
  const response = await request.post(`${await googleFake(request)}/__fake/users`, { data: user })
  expect(response.ok()).toBe(true)
  return user
}

export async function chooseAccount(page: Page, account: GoogleAccount) {
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
  await page.getByRole('button', { name: `${account.name} <${account.email}>` }).click()
}

export async function continueWithGoogle(page: Page, account: GoogleAccount, path = '/signin') {
  await page.goto(path)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await chooseAccount(page, account)
}

export async function signUpWithGoogle(page: Page, account: GoogleAccount) {
  await continueWithGoogle(page, account, '/signup')
  await expect(page).toHaveURL(/\/onboarding$/)
  const username = uniqueUsername('g')
  await page.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/explore$/)
  return username
}

export async function expectSignedInAs(page: Page, username: string) {
  await page.locator('summary').filter({ hasText: 'Open user menu' }).click()
  await expect(page.getByText(username, { exact: true })).toBeVisible()
}

export const googleBlock = (page: Page) => page.getByRole('region', { name: 'Google Account' })

export async function linkFromSettings(page: Page, account: GoogleAccount) {
  await page.goto('/settings')
  await googleBlock(page).getByRole('button', { name: 'Link Google' }).click()
  await chooseAccount(page, account)
  await expect(page).toHaveURL(/\/settings/)
}
