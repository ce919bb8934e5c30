import { expect, signIn, test, uniqueEmail, uniqueUsername } from './fixtures'

/**
 * Issue 14.5: a `?prompt=` always ends in the input or sent, never dropped: through sign-up
 * and onboarding, and into the first Piece named on the empty /pieces. With JavaScript a
 * Piece made for the prompt sends it; without, the prompt waits in its input.
 */
const jsOn = () => test.info().project.use.javaScriptEnabled !== false
const ownPrompt = (text: string) => `${text} ${Math.random().toString(36).slice(2, 8)}`

test('/signup?prompt= goes through onboarding into a new piece_ Piece with the prompt', async ({ page }) => {
  const prompt = ownPrompt('a tip jar')
  await page.goto(`/signup?${new URLSearchParams({ prompt })}`)
  await page.getByLabel('Email').fill(uniqueEmail('signup-prompt'))
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(`/onboarding?${new URLSearchParams({ prompt })}`)
  await page.getByLabel('Username').fill(uniqueUsername('prompt'))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByTestId('top-bar-title')).toHaveText(/^piece_[0-9a-f]{8}$/)
  if (jsOn()) {
    await expect(page).toHaveURL(/\/pieces\/piece_[0-9a-f]{8}$/)
    await expect(page.getByRole('list', { name: 'Chat history' }).getByText(prompt)).toBeVisible({ timeout: 15_000 })
  } else {
    await expect(page.getByLabel('Message')).toHaveValue(prompt)
  }
})

test('switching to sign-in keeps the prompt, and signing in brings it to the Pieces', async ({ page }) => {
  const prompt = ownPrompt('a habit tracker')
  await page.goto(`/signup?${new URLSearchParams({ prompt })}`)
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`/signin?${new URLSearchParams({ redirect: `/pieces?${new URLSearchParams({ prompt })}` })}`)
})

test('a user with no Pieces names the first one on /pieces?prompt= and the prompt comes along', async ({ page }) => {
  await signIn(page)
  const prompt = ownPrompt('a recipe card')
  await page.goto(`/pieces?${new URLSearchParams({ prompt })}`)
  await expect(page.getByRole('heading', { name: 'No Pieces yet' })).toBeVisible()
  await expect(page.getByTestId('arriving-prompt')).toHaveText(prompt)
  const name = `first_${Math.random().toString(36).slice(2, 9)}`
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page.getByTestId('top-bar-title')).toHaveText(name)
  if (jsOn()) {
    await expect(page).toHaveURL(`/pieces/${name}`)
    await expect(page.getByRole('list', { name: 'Chat history' }).getByText(prompt)).toBeVisible({ timeout: 15_000 })
  } else {
    await expect(page.getByLabel('Message')).toHaveValue(prompt)
  }
})
