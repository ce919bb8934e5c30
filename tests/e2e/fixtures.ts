import { test as base, expect, type Page } from '@playwright/test'

export const uniqueEmail = (label = 'user') => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
export const uniqueUsername = (label = 'user') => `${label}_${Math.random().toString(36).slice(2, 10)}`

type Fixtures = { consoleErrors: string[] }

/** Every test fails on an unexpected console error or uncaught page error. */
export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * A new signed-in user with a username, made over HTTP in the browser's own cookie jar
 * (the sign-up action and call 14), then on /explore: the cheap way in for every test
 * that is not about signing up. `origin` signs in at another address of the app (cookies belong to a host).
 */
export async function signIn(page: Page, { email = uniqueEmail(), password = 'correct horse battery', username = uniqueUsername(), origin = '' } = {}) {
  const signedUp = await page.request.post(`${origin}/signup`, { form: { email, password }, maxRedirects: 0 })
  expect(signedUp.status(), await signedUp.text()).toBe(302)
  const named = await page.request.patch(`${origin}/api/private/users/username`, { data: { username } })
  expect(named.status(), await named.text()).toBe(200)
  await page.goto(`${origin}/explore`)
  return { email, password, username }
}

/** Saves code for one of the signed-in user's Pieces over the API (call 24): the gallery shows only Pieces with something to see (issue 32.4). */
export async function saveCode(page: Page, name: string, code = `<!doctype html><html><body><h1>${name}</h1></body></html>`) {
  const found = await page.request.get(`/api/private/pieces/by-name?name=${name}`)
  expect(found.status(), await found.text()).toBe(200)
  const saved = await page.request.patch(`/api/private/pieces?id=${(await found.json()).id}`, { data: { code } })
  expect(saved.status(), await saved.text()).toBe(200)
}

/** Signs up a new user through the real form and picks a username (for tests about signing up). */
export async function signUpAndOnboard(page: Page, { email = uniqueEmail(), password = 'correct horse battery', username = uniqueUsername() } = {}) {
  await page.goto('/signup')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/explore$/)
  return { email, password, username }
}

/** Hydration is part of loading a page: on a busy machine it is bounded like a page load, not like an assertion. */
const HYDRATION_BOUND_MS = 30_000

/**
 * Waits until the app shell has hydrated: its collapse button is rendered only then, one
 * render after the effects that listen for window events (the payment dialog's) have run.
 */
export async function hydrated(page: Page) {
  await expect(page.getByRole('button', { name: /(Collapse|Expand) sidebar/ })).toBeAttached({ timeout: HYDRATION_BOUND_MS })
}

/**
 * In a browser with JavaScript, waits until the app shell has hydrated; without it, there is
 * nothing to wait for. For tests of both kinds that are not about acting before hydration
 * (early-clicks.spec.ts is).
 */
export async function settled(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return
  await hydrated(page)
}
