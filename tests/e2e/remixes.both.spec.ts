import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { expect, saveCode, signIn, test, uniqueEmail } from './fixtures'

/** Issue 32: remixes with lineage, with and without JavaScript. */

const unique = (label: string) => `${label}_${Math.random().toString(36).slice(2, 9)}`
const pageOf = (name: string, heading: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body><h1>${heading}</h1><p>Count: 0</p></body></html>`

async function newSignedIn(browser: Browser, javaScriptEnabled: boolean) {
  const page = await browser.newPage({ javaScriptEnabled })
  const user = await signIn(page)
  return { page, ...user }
}

/** A public Piece with saved code, made over the API by its signed-in owner. */
async function publicPiece(page: Page, heading = 'Original counter') {
  const name = unique('orig')
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  await saveCode(page, name, pageOf(name, heading))
  return name
}

test('a second user remixes a public Piece from its page and from the gallery; the credit, count, list and compare view follow', async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const owner = await signIn(page)
  const original = await publicPiece(page)
  const credit = `Remixed from @${owner.username}/${original}`

  const fan = await newSignedIn(browser, javaScriptEnabled)
  await fan.page.goto(`/${original}`)
  await fan.page.getByRole('button', { name: `Remix ${original}` }).click()
  const remix = `${original}_remix`
  await expect(fan.page).toHaveURL(`/pieces/${remix}`)
  // The editor says where it came from, with a link, and the first history entry says so.
  await expect(fan.page.getByTestId('remix-credit')).toHaveText(credit)
  await expect(fan.page.getByTestId('remix-credit').getByRole('link')).toHaveAttribute('href', `/${original}`)
  await expect(fan.page.getByRole('list', { name: 'Chat history' }).getByTestId('history-note')).toContainText(credit)

  // Its public page says who made it (issue 37.12), and it and its link preview credit the original.
  await fan.page.goto(`/${remix}`)
  await expect(fan.page.getByTestId('remix-bar').getByTestId('piece-owner')).toHaveText(`by @${fan.username}`)
  await expect(fan.page.getByTestId('remix-bar').getByTestId('remix-credit')).toHaveText(credit)
  await expect(fan.page.locator('meta[property="og:description"]')).toHaveAttribute('content', new RegExp(`${credit}\\.$`))
  await expect(fan.page.frameLocator('iframe').getByRole('heading', { name: 'Original counter' })).toBeVisible()

  // The original counts one person, and a second remix by the same person — from the gallery card — does not raise it.
  await page.goto(`/${original}`)
  await expect(page.getByTestId('remix-count')).toHaveText('1 remix')
  await fan.page.goto('/explore?order=remixed')
  const card = fan.page
    .getByTestId('gallery')
    .getByRole('listitem')
    .filter({ has: fan.page.getByRole('heading', { name: original, exact: true }) })
  await expect(card.getByTestId('card-remix-count')).toHaveText('1 remix')
  await card.getByRole('button', { name: `Remix ${original}` }).click()
  await expect(fan.page).toHaveURL(new RegExp(`/pieces/${original.slice(0, 19)}_[0-9a-f]{4}$`))
  const second = new URL(fan.page.url()).pathname.split('/').pop()!
  await page.reload()
  await expect(page.getByTestId('remix-count')).toHaveText('1 remix')
  // The Remixes list opens without JavaScript (a native disclosure) and names both.
  await page.getByTestId('remix-count').click()
  const list = page.getByTestId('remixes').getByRole('list')
  await expect(list.getByRole('link')).toHaveText([`@${fan.username}/${second}`, `@${fan.username}/${remix}`])

  // The remix's card carries the credit; to its owner it is their own, with no Remix (issue 37.12).
  await fan.page.goto('/explore?order=newest&count=48')
  const remixCard = fan.page
    .getByTestId('gallery')
    .getByRole('listitem')
    .filter({ has: fan.page.getByRole('heading', { name: remix, exact: true }) })
  await expect(remixCard.getByTestId('remix-credit')).toHaveText(credit)
  await expect(remixCard.getByTestId('card-no-remix')).toHaveText('Your Piece · Edit')
  await expect(remixCard.getByRole('button', { name: `Remix ${remix}` })).toHaveCount(0)

  // What changed, readable without JavaScript.
  await saveCode(fan.page, remix, pageOf(remix, 'Remixed counter'))
  await fan.page.goto(`/${remix}`)
  await fan.page.getByRole('link', { name: 'Compare with the original' }).click()
  await expect(fan.page).toHaveURL(`/${remix}/compare`)
  await expect(fan.page.getByRole('heading', { name: 'Compare with the original' })).toBeVisible()
  const comparison = fan.page.getByTestId('comparison')
  await expect(comparison.locator('[data-change="removed"]')).toContainText(['Original counter'])
  await expect(comparison.locator('[data-change="added"]')).toContainText(['Remixed counter'])
  await expect(fan.page.getByTestId('lines-added')).toHaveText('1 line added')

  // Issue 37.1: a rewrite past what a page can show line by line says so, with both sizes.
  const rewrite = Array.from({ length: 600 }, (_, index) => `<p>Row ${index}</p>`).join('\n')
  await saveCode(fan.page, remix, rewrite)
  await fan.page.reload()
  const tooMany = fan.page.getByTestId('too-many-changes')
  await expect(tooMany.getByRole('heading', { name: 'Too many changes to show' })).toBeVisible()
  await expect(tooMany).toContainText(`${remix} now600 lines, ${rewrite.length.toLocaleString('en-US')} characters`)
  await expect(tooMany.getByRole('link', { name: `Download ${remix}` })).toHaveAttribute('href', `/${remix}/download`)
  await fan.page.close()
})

test('turning "Allow remixes" off removes the button and refuses the post; on again brings it back', async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page)
  const original = await publicPiece(page)
  await page.goto(`/pieces/${original}`)
  const toggle = page.getByRole('switch', { name: 'Allow remixes' })
  // Without JavaScript the switch posts the page, which comes back with the menu closed.
  const inMenu = async (checked: 'true' | 'false') => {
    await expect(page.getByTestId('top-bar-title')).toHaveText(original)
    if (!(await toggle.isVisible())) await page.getByTestId('piece-menu').locator('summary').click()
    // With JavaScript the switch shows the new value at once and is busy while it is saved:
    // the value first (a click's render may not have come yet), then the end of the save.
    await expect(toggle).toHaveAttribute('aria-checked', checked)
    await expect(toggle).not.toHaveAttribute('aria-busy', 'true')
    return toggle
  }
  await (await inMenu('true')).click()
  await inMenu('false')

  const fan = await newSignedIn(browser, javaScriptEnabled)
  await fan.page.goto(`/${original}`)
  await expect(fan.page.getByTestId('top-bar-title')).toHaveText(original)
  await expect(fan.page.getByRole('button', { name: `Remix ${original}` })).toHaveCount(0)
  await expect(fan.page.getByRole('link', { name: 'Download' })).toHaveCount(0)
  await expect(fan.page.getByTestId('piece-owner')).toHaveText(/^by @/)
  // Its gallery card says why it has no Remix (issue 37.12).
  await fan.page.goto('/explore?order=newest&count=48')
  const card = fan.page
    .getByTestId('gallery')
    .getByRole('listitem')
    .filter({ has: fan.page.getByRole('heading', { name: original, exact: true }) })
  await expect(card.getByTestId('card-no-remix')).toHaveText('Remixes turned off by its owner')
  await expect(card.getByRole('button', { name: `Remix ${original}` })).toHaveCount(0)
  const refused = await fan.page.request.post(`/${original}/remix`, { form: { returnTo: `/${original}` } })
  expect(refused.status()).toBe(403)
  expect(await refused.text()).toContain('The owner of this Piece does not allow remixes.')
  expect((await fan.page.request.get(`/api/opt/pieces/by-name?name=${original}`)).status()).toBe(200)
  expect((await fan.page.request.get(`/${original}/download`)).status()).toBe(403)

  // Its owner turns it back on: the button returns.
  await (await inMenu('false')).click()
  await inMenu('true')
  await fan.page.reload()
  await expect(fan.page.getByRole('button', { name: `Remix ${original}` })).toBeVisible()
  await fan.page.close()
})

test('a visitor who presses Remix signs in, confirms, and lands on their remix, which has nothing to undo', async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page)
  const original = await publicPiece(page)
  // An account to sign in with, made in another browser.
  const other = await browser.newPage({ javaScriptEnabled })
  const account = await signIn(other, { email: uniqueEmail('remixer') })
  await other.close()

  const visitor = await browser.newPage({ javaScriptEnabled })
  await visitor.goto(`/${original}`)
  await visitor.getByRole('button', { name: `Remix ${original}` }).click()
  await expect(visitor).toHaveURL(`/signin?redirect=${encodeURIComponent(`/${original}/remix`)}`)
  await visitor.getByLabel('Email').fill(account.email)
  await visitor.getByLabel('Password').fill(account.password)
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click()
  // Signed in, the Remix page asks to confirm: reading it made nothing (issue 37.11).
  await expect(visitor).toHaveURL(`/${original}/remix`)
  await expect(visitor.getByTestId('remix-confirm')).toHaveText(`You’re signed in. Press Remix to make your copy of ${original}.`)
  const mine = await visitor.request.get('/api/private/pieces')
  expect(((await mine.json()) as { data: unknown[] }).data).toEqual([])
  // The page read again (the cookie was used up) still asks, and still makes nothing.
  await visitor.reload()
  await expect(visitor.getByRole('heading', { name: `Remix ${original}` })).toBeVisible()
  await expect(visitor.getByTestId('remix-confirm')).toHaveCount(0)
  await visitor.getByRole('button', { name: `Remix ${original}` }).click()
  await expect(visitor).toHaveURL(`/pieces/${original}_remix`)
  await expect(visitor.getByTestId('remix-credit')).toContainText(`/${original}`)
  // Issue 37.12: a fresh remix has nothing to undo.
  await expect(visitor.getByRole('button', { name: 'Undo' })).toBeDisabled()
  await visitor.close()
})

test('a Piece downloads as one HTML file that opens from disk and renders, with the badge for a free owner', async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page)
  const original = await publicPiece(page, 'Take me with you')
  const visitor = await browser.newPage({ javaScriptEnabled, acceptDownloads: true })
  await visitor.goto(`/${original}`)
  const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('link', { name: 'Download' }).click()])
  expect(download.suggestedFilename()).toBe(`${original}.html`)
  const file = test.info().outputPath(`${original}.html`)
  await download.saveAs(file)
  expect(readFileSync(file, 'utf8')).toContain('Take me with you')

  const opened = await browser.newPage({ javaScriptEnabled })
  await opened.goto(`file://${file}`)
  await expect(opened.getByRole('heading', { name: 'Take me with you' })).toBeVisible()
  await expect(opened.getByRole('link', { name: `${original} is powered by Pieces` })).toBeVisible()
  // Issue 39.4: its data stays in that browser, and the file says so.
  expect(readFileSync(file, 'utf8')).toContain('this file keeps its data (pieces.data) in this browser only')
  if (javaScriptEnabled) {
    const kept = await opened.evaluate(async () => {
      const data = (window as any).pieces.data
      await data.shared.add('notes', { text: 'kept here' })
      await data.mine.set('score', 3)
      return { notes: (await data.shared.list('notes')).records.map((record: any) => [record.value.text, record.by.name]), score: await data.mine.get('score') }
    })
    expect(kept).toEqual({ notes: [['kept here', 'you']], score: 3 })
  }
  await opened.close()
  await visitor.close()
})

test('the gallery orders: Trending by default, Most remixed and Newest as links', async ({ page }) => {
  await signIn(page)
  await publicPiece(page)
  await page.goto('/explore')
  const orders = page.getByRole('navigation', { name: 'Order' })
  await expect(orders.getByRole('link', { name: 'Trending' })).toHaveAttribute('aria-current', 'page')
  await orders.getByRole('link', { name: 'Most remixed' }).click()
  await expect(page).toHaveURL('/explore?order=remixed')
  await expect(orders.getByRole('link', { name: 'Most remixed' })).toHaveAttribute('aria-current', 'page')
  await orders.getByRole('link', { name: 'Newest' }).click()
  await expect(page).toHaveURL('/explore?order=newest')
  await expect(page.getByTestId('gallery').getByRole('listitem').first()).toBeVisible()
})
