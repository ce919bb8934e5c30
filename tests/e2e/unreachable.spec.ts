import type { Page, Request, Route } from '@playwright/test'
import { UNREACHABLE_MESSAGE } from '../../app/lib/unreachable'
import { FeedbackMessages } from '../../app/feedback/schema'
import { openUserMenu, subscribe, subscribeLocally } from './billing'
import { addInvoices } from './database'
import { expect, hydrated, signIn, test, uniqueEmail, uniqueUsername } from './fixtures'
import { googleAccount, googleBlock, linkFromSettings } from './google'

/**
 * Issue 26.5: a request that never reaches the server (the connection dropped as it was
 * sent) fails like a refusal, for every form of the app: the spec's failure toast for that
 * action, the page still there (never the error page), and what was typed or chosen still
 * in the form. The network is cut as the form's request leaves: that request and every
 * one after it (the page's data reload included) fail as a browser offline fails them.
 */

/** Cuts the network as the first request `isSent` matches is sent; the returned function restores it. */
async function cutWhenSent(page: Page, isSent: (request: Request) => boolean) {
  let cut = false
  const handler = (route: Route) => {
    if (process.env.DEBUG_CUT) console.log(cut ? 'CUT' : 'PASS', route.request().method(), route.request().url())
    if (!cut && isSent(route.request())) cut = true
    return cut ? route.abort('internetdisconnected') : route.continue()
  }
  await page.route('**/*', handler)
  return () => page.unroute('**/*', handler)
}

/** A form's request (its route's data request under single fetch): `POST /contact.data`, `GET /resources/invoices.data?…`. */
const sent = (method: 'GET' | 'POST', path: string) => (request: Request) => request.method() === method && new URL(request.url()).pathname === `${path}.data`

/** A form of a page without React, sent by its script to the form's own address (docs/decisions/0040): `POST /signin`. */
const sentPlain = (method: 'GET' | 'POST', path: string) => (request: Request) => request.method() === method && new URL(request.url()).pathname === path

/** The browser reports each cut request, and Remix a route lookup it could not make while offline: those, nothing else. */
function forgiveTheCut(consoleErrors: string[]) {
  const offline = (error: string) => error.includes('net::ERR_INTERNET_DISCONNECTED') || error.startsWith('Failed to fetch manifest patches')
  expect(consoleErrors.some(offline)).toBe(true)
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !offline(error)))
}

/** Sonner's region is rendered only once the page has hydrated: from then on a form posts through JavaScript. */
const pageHydrated = (page: Page) => expect(page.getByRole('region', { name: 'Notifications' })).toBeAttached()

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title }).filter({ hasText: UNREACHABLE_MESSAGE })
const errorPage = (page: Page) => page.getByRole('heading', { name: /error|went wrong|unavailable/i })

async function newPiece(page: Page) {
  const name = `offline_${Math.random().toString(36).slice(2, 9)}`
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  return name
}

test.describe('the Piece forms', () => {
  test('New Piece in the sidebar: "Failed to create piece", the name still typed, the entry still open', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await sidebar.getByRole('button', { name: 'New Piece' }).click()
    const input = sidebar.getByLabel('New Piece name')
    const name = `train_${Math.random().toString(36).slice(2, 9)}`
    await input.fill(name)
    const restore = await cutWhenSent(page, sent('POST', '/resources/pieces'))
    await input.press('Enter')
    await expect(toast(page, 'Failed to create piece')).toBeVisible()
    await expect(input).toHaveValue(name)
    await expect(input).toBeEditable()
    await expect(page).toHaveURL(/\/explore$/)
    forgiveTheCut(consoleErrors)

    await restore()
    await input.press('Enter')
    await expect(page).toHaveURL(`/pieces/${name}`)
  })

  test('the first Piece on an empty /pieces: its toast, the name still typed', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await page.goto('/pieces')
    await hydrated(page)
    const input = page.getByRole('main').getByLabel('Piece name')
    const name = `first_${Math.random().toString(36).slice(2, 9)}`
    await input.fill(name)
    await cutWhenSent(page, sent('POST', '/resources/pieces'))
    await page.getByRole('button', { name: 'Create Piece' }).click()
    await expect(toast(page, 'Failed to create piece')).toBeVisible()
    await expect(input).toHaveValue(name)
    forgiveTheCut(consoleErrors)
  })

  test('a description: its toast, the text still there; back online the same form saves', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await page.goto(`/pieces/${await newPiece(page)}`)
    await pageHydrated(page)
    await page.getByTestId('piece-menu').locator('summary').click()
    const menu = page.getByRole('group', { name: 'Piece menu' })
    await menu.getByRole('button', { name: 'Add description' }).click()
    await menu.getByLabel('Piece description').fill('Written on a train')
    const restore = await cutWhenSent(page, sent('POST', '/resources/pieces'))
    await menu.getByLabel('Piece description').press('Control+Enter')
    await expect(toast(page, 'Failed to update description')).toBeVisible()
    await expect(errorPage(page)).toHaveCount(0)
    await expect(menu.getByLabel('Piece description')).toHaveValue('Written on a train')
    forgiveTheCut(consoleErrors)

    await restore()
    await menu.getByLabel('Piece description').press('Control+Enter')
    await expect(menu.getByText('Written on a train')).toBeVisible()
  })

  test('a rename: "Update failed", the new name still typed, the old name kept', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    const name = await newPiece(page)
    await page.goto(`/pieces/${name}`)
    await pageHydrated(page)
    await page.getByTestId('piece-menu').locator('summary').click()
    const menu = page.getByRole('group', { name: 'Piece menu' })
    await menu.getByRole('button', { name: 'Rename' }).click()
    const field = menu.getByLabel('Piece name')
    await field.fill(`${name}_2`)
    await cutWhenSent(page, sent('POST', '/resources/pieces'))
    await field.press('Enter')
    await expect(toast(page, 'Update failed')).toBeVisible()
    await expect(field).toHaveValue(`${name}_2`)
    await expect(page).toHaveURL(`/pieces/${name}`)
    forgiveTheCut(consoleErrors)
  })

  test('visibility: its toast, the choice rolled back', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await subscribeLocally(page)
    await page.goto(`/pieces/${await newPiece(page)}`)
    await pageHydrated(page)
    await page.getByTestId('piece-menu').locator('summary').click()
    const menu = page.getByRole('group', { name: 'Piece menu' })
    await cutWhenSent(page, sent('POST', '/resources/pieces'))
    await menu.getByRole('radio', { name: /Private/ }).click()
    await expect(toast(page, 'Failed to update visibility')).toBeVisible()
    await expect(menu.getByRole('radio', { name: /Public/ })).toHaveAttribute('aria-checked', 'true')
    await expect(errorPage(page)).toHaveCount(0)
    forgiveTheCut(consoleErrors)
  })

  test('delete: its toast, the Piece still open', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    const name = await newPiece(page)
    await page.goto(`/pieces/${name}`)
    await pageHydrated(page)
    await page.getByTestId('piece-menu').locator('summary').click()
    const menu = page.getByRole('group', { name: 'Piece menu' })
    await menu.getByRole('link', { name: 'Delete Piece' }).click()
    await cutWhenSent(page, sent('POST', '/resources/pieces'))
    await page.getByRole('dialog', { name: 'Delete Piece' }).getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(toast(page, 'Failed to delete Piece')).toBeVisible()
    await expect(page).toHaveURL(`/pieces/${name}`)
    await expect(errorPage(page)).toHaveCount(0)
    forgiveTheCut(consoleErrors)
  })
})

test('Share Feedback: its toast, the text still in the popover', async ({ page, consoleErrors }) => {
  await signIn(page)
  await pageHydrated(page)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await sidebar.getByRole('button', { name: FeedbackMessages.trigger }).click()
  const panel = sidebar.getByRole('group', { name: FeedbackMessages.trigger })
  const text = panel.getByPlaceholder(FeedbackMessages.placeholder)
  await text.fill('Lovely on a train')
  await cutWhenSent(page, sent('POST', '/resources/feedback'))
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(toast(page, FeedbackMessages.failed)).toBeVisible()
  await expect(text).toHaveValue('Lovely on a train')
  forgiveTheCut(consoleErrors)
})

test.describe('settings', () => {
  test('a Preferences switch rolls back with its toast', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await page.goto('/settings')
    await pageHydrated(page)
    const usageSwitch = page.getByRole('switch', { name: 'Show token usage' })
    const before = await usageSwitch.getAttribute('aria-checked')
    await cutWhenSent(page, sent('POST', '/settings'))
    await usageSwitch.click()
    await expect(toast(page, 'Failed to update token usage preference')).toBeVisible()
    await expect(usageSwitch).toHaveAttribute('aria-checked', before!)
    await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
    forgiveTheCut(consoleErrors)
  })

  test('a cancellation keeps the dialog open with the reason chosen', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await subscribe(page)
    await pageHydrated(page)
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Cancel Subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' })
    const reason = dialog.getByRole('radio').first()
    await reason.check()
    await cutWhenSent(page, sent('POST', '/settings'))
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click()
    await expect(toast(page, 'Failed to cancel subscription')).toBeVisible()
    await expect(dialog).toBeVisible()
    await expect(reason).toBeChecked()
    forgiveTheCut(consoleErrors)
  })

  test('billing history: Load more has its toast and keeps the invoices shown', async ({ page, consoleErrors }) => {
    const { email } = await signIn(page)
    await pageHydrated(page)
    await subscribe(page)
    await pageHydrated(page)
    await addInvoices(email, 4)
    await page.reload()
    await pageHydrated(page)
    const history = page.getByTestId('billing-history')
    await expect(history.getByTestId('invoice')).toHaveCount(3)
    const restore = await cutWhenSent(page, sent('GET', '/resources/invoices'))
    await history.getByRole('button', { name: 'Load more' }).click()
    await expect(toast(page, 'Failed to load more invoices')).toBeVisible()
    await expect(history.getByTestId('invoice')).toHaveCount(3)
    await expect(errorPage(page)).toHaveCount(0)
    forgiveTheCut(consoleErrors)

    await restore()
    await history.getByRole('button', { name: 'Load more' }).click()
    await expect(history.getByTestId('invoice')).toHaveCount(5)
  })

  test('Unlink Google: its toast, the dialog still open', async ({ page, request, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await linkFromSettings(page, await googleAccount(request))
    await googleBlock(page).getByRole('button', { name: 'Unlink Google' }).click()
    const dialog = page.getByRole('dialog', { name: 'Unlink Google Account' })
    await cutWhenSent(page, sent('POST', '/auth/google/unlink'))
    await dialog.getByRole('button', { name: 'Unlink Google' }).click()
    await expect(toast(page, 'Failed to unlink Google account')).toBeVisible()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Unlink Google' })).toBeEnabled()
    forgiveTheCut(consoleErrors)
  })
})

test.describe('the payment dialog', () => {
  test('Upgrade to PLUS: "Failed to start subscription", the dialog still open', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await page.goto('/explore?upgrade=plus')
    await hydrated(page)
    const dialog = page.getByRole('dialog', { name: 'Upgrade to PLUS' })
    await cutWhenSent(page, sent('POST', '/resources/upgrade'))
    await dialog.getByRole('button', { name: 'Upgrade to PLUS' }).click()
    await expect(toast(page, 'Failed to start subscription')).toBeVisible()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Upgrade to PLUS' })).toBeEnabled()
    await expect(errorPage(page)).toHaveCount(0)
    forgiveTheCut(consoleErrors)
  })

  test('Set Up of usage-based pricing: its toast, the budget still chosen', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await subscribeLocally(page)
    await page.goto('/explore?upgrade=usage')
    await hydrated(page)
    const dialog = page.getByRole('dialog', { name: /usage-based pricing/i })
    await dialog.getByText('$20', { exact: true }).click()
    await cutWhenSent(page, sent('POST', '/resources/upgrade'))
    await dialog.getByRole('button', { name: 'Set Up' }).click()
    await expect(toast(page, 'Failed to enable usage-based pricing')).toBeVisible()
    await expect(dialog.getByRole('radio', { name: '$20' })).toBeChecked()
    forgiveTheCut(consoleErrors)
  })

  test('the usage the budget modes load first: its toast and Try again', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    await subscribeLocally(page)
    await hydrated(page)
    const restore = await cutWhenSent(page, sent('GET', '/resources/upgrade'))
    // As the navbar's budget link opens it: the usage loads afresh.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('payment dialog open', { detail: { open: true, mode: 'update-usage-based-pricing' } })))
    const dialog = page.getByRole('dialog', { name: 'Update your monthly budget' })
    await expect(toast(page, 'Failed to fetch usage data')).toBeVisible()
    await expect(errorPage(page)).toHaveCount(0)
    forgiveTheCut(consoleErrors)
    await restore()
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible()
  })

  test('the local checkout: Confirm has its toast and the page stays', async ({ page, consoleErrors }) => {
    await signIn(page)
    await pageHydrated(page)
    const checkout = await page.request.post('/api/private/users/sub?returnURL=explore')
    const { url } = (await checkout.json()) as { url: string }
    await page.goto(url)
    await pageHydrated(page)
    await expect(page.getByRole('heading', { name: /Subscribe to/ })).toBeVisible()
    await pageHydrated(page)
    await cutWhenSent(page, sent('POST', new URL(url, 'http://x').pathname))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(toast(page, 'Failed to start subscription')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled()
    forgiveTheCut(consoleErrors)
  })
})

test('Log Out: "Failed to sign out", still signed in where the user was', async ({ page, consoleErrors }) => {
  await signIn(page)
  await hydrated(page)
  await openUserMenu(page)
  await cutWhenSent(page, sent('POST', '/logout'))
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(toast(page, 'Failed to sign out')).toBeVisible()
  await expect(page).toHaveURL(/\/explore$/)
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeEnabled()
  forgiveTheCut(consoleErrors)
})

test.describe('the public forms', () => {
  for (const path of ['/contact', '/settings/contact']) {
    test(`${path}: Send message has its toast and keeps the name, email and message`, async ({ page, consoleErrors }) => {
      if (path.startsWith('/settings')) await signIn(page)
      await page.goto(path)
      // A visitor's /contact loads no React: its form's script runs as the page loads (docs/decisions/0040).
      if (path.startsWith('/settings')) await pageHydrated(page)
      const email = path === '/contact' ? uniqueEmail('contact') : null
      await page.getByLabel('Name').fill('Ada Lovelace')
      if (email) await page.getByLabel('Email').fill(email)
      await page.getByLabel('Message').fill('Written with no signal')
      const restore = await cutWhenSent(page, path.startsWith('/settings') ? sent('POST', path) : sentPlain('POST', path))
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(toast(page, 'Failed to send message')).toBeVisible()
      await expect(errorPage(page)).toHaveCount(0)
      await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace')
      if (email) await expect(page.getByLabel('Email')).toHaveValue(email)
      await expect(page.getByLabel('Message')).toHaveValue('Written with no signal')
      forgiveTheCut(consoleErrors)

      await restore()
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible()
    })
  }

  test('the waitlist: its toast, the email still there', async ({ page, consoleErrors }) => {
    // The landing page loads no React: the waitlist form's script runs as the page loads (docs/decisions/0040).
    await page.goto('/landing')
    const email = uniqueEmail('waitlist')
    await page.getByLabel('Email address').fill(email)
    await cutWhenSent(page, sentPlain('POST', '/landing'))
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(toast(page, 'Signup failed. Please contact us.')).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveValue(email)
    await expect(errorPage(page)).toHaveCount(0)
    forgiveTheCut(consoleErrors)
  })

  for (const [path, button, failure] of [
    ['/signin', 'Sign in', 'Failed to sign in with email'],
    ['/signup', 'Sign up', 'Failed to create account'],
  ] as const) {
    test(`${path}: its failure, the email and password still there`, async ({ page, consoleErrors }) => {
      // Sign-in and sign-up load no React: the form's script runs as the page loads (docs/decisions/0040).
      await page.goto(path)
      const email = uniqueEmail('offline')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('correct horse battery')
      await cutWhenSent(page, sentPlain('POST', path))
      await page.getByRole('button', { name: button, exact: true }).click()
      await expect(toast(page, failure)).toBeVisible()
      await expect(page.getByRole('main').getByText(UNREACHABLE_MESSAGE)).toBeVisible()
      await expect(page.getByLabel('Email')).toHaveValue(email)
      await expect(page.getByLabel('Password')).toHaveValue('correct horse battery')
      forgiveTheCut(consoleErrors)
    })
  }

  test('onboarding: the username still typed, with the reason', async ({ page, consoleErrors }) => {
    const signedUp = await page.request.post('/signup', { form: { email: uniqueEmail('onboard'), password: 'correct horse battery' }, maxRedirects: 0 })
    expect(signedUp.status()).toBe(302)
    await page.goto('/onboarding')
    await pageHydrated(page)
    const username = uniqueUsername('offline')
    await page.getByLabel('Username').fill(username)
    await cutWhenSent(page, sent('POST', '/onboarding'))
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText(UNREACHABLE_MESSAGE)).toBeVisible()
    await expect(page.getByLabel('Username')).toHaveValue(username)
    forgiveTheCut(consoleErrors)
  })
})

test('a chat message: it says so and the message stays in the input', async ({ page, consoleErrors }) => {
  await signIn(page)
  await pageHydrated(page)
  const name = await newPiece(page)
  await page.goto(`/pieces/${name}`)
  await pageHydrated(page)
  await page.getByLabel('Message').fill('a tip calculator')
  const restore = await cutWhenSent(page, sent('POST', `/pieces/${name}`))
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText(UNREACHABLE_MESSAGE)).toBeVisible()
  await expect(page.getByLabel('Message')).toHaveValue('a tip calculator')
  forgiveTheCut(consoleErrors)

  await restore()
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()
})

test('Accept of a finished generation: its toast, the generation still waiting for a decision', async ({ page, consoleErrors }) => {
  await signIn(page)
  await pageHydrated(page)
  const name = await newPiece(page)
  await page.goto(`/pieces/${name}`)
  await pageHydrated(page)
  await page.getByLabel('Message').fill('a tip calculator')
  await page.getByRole('button', { name: 'Send' }).click()
  const chat = page.getByRole('region', { name: 'Chat' })
  const accept = chat.getByRole('button', { name: 'Accept' })
  await expect(accept).toBeVisible()
  await accept.click()
  const confirm = page.getByRole('dialog', { name: 'Accept Generation' })
  await cutWhenSent(page, sent('POST', `/pieces/${name}`))
  await confirm.getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update settings' })).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Accept' })).toBeEnabled()
  await expect(accept).toBeVisible()
  await expect(chat.getByRole('button', { name: 'Reject' })).toBeVisible()
  await expect(errorPage(page)).toHaveCount(0)
  forgiveTheCut(consoleErrors)
})
