import type { Page } from '@playwright/test'
import { expect, saveCode, signIn, test, uniqueUsername } from './fixtures'

/**
 * Issue 39.4: the owner's Data page, with and without JavaScript — records with writer and
 * time, delete one, clear a collection, export as JSON and CSV, how much room is used; and
 * the editor's test data, which never shows in the public data. Data is written as a visitor's
 * frame writes it: through the data API with a token the app signed (the page's own call).
 */
const NOTES = `<!doctype html><html><body><h1>Notes</h1><script>pieces.data.whoami()</script></body></html>`

/** Writes through the Piece itself, as a visitor's page does: in its frame on the public page (live) or in the editor's preview (test), with JavaScript on whatever the project. */
async function write(page: Page, name: string, space: 'live' | 'test', entries: { collection: string; value: unknown }[]) {
  const context = await page
    .context()
    .browser()!
    .newContext({ storageState: await page.context().storageState(), javaScriptEnabled: true })
  const writer = await context.newPage()
  await writer.goto(space === 'live' ? `/${name}` : `/pieces/${name}`)
  const frame = space === 'live' ? writer.frameLocator('main iframe') : writer.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  await frame.locator('h1').waitFor()
  await frame.locator('body').evaluate(async (body, list) => {
    for (const { collection, value } of list) await (window as any).pieces.data.shared.add(collection, value)
  }, entries)
  await context.close()
}

test('the owner sees, deletes, clears and exports a Piece’s data; test data stays apart', async ({ page }) => {
  const { username } = await signIn(page)
  const name = uniqueUsername('notes')
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await saveCode(page, name, NOTES)
  await write(page, name, 'live', [
    { collection: 'guestbook', value: { text: 'First!' } },
    { collection: 'guestbook', value: { text: 'Second' } },
    { collection: 'signups', value: { who: 'Ada', bringing: 'bread' } },
  ])
  await write(page, name, 'test', [{ collection: 'guestbook', value: { text: 'only a test' } }])

  // From the Piece menu, with or without JavaScript.
  await page.goto(`/${name}`)
  await page.getByText('Open Piece menu').click()
  await page.getByRole('link', { name: 'View and manage data' }).click()
  await expect(page.getByRole('heading', { name: `Data of ${name}` })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Public data' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('data-usage')).toContainText(/Using \d+ B of 10 MB · 3 of 20,000 rows/)
  const guestbook = page.getByRole('region', { name: 'guestbook' })
  await expect(guestbook.getByRole('listitem')).toHaveCount(2)
  await expect(guestbook.getByRole('listitem').first()).toContainText('{"text":"Second"}')
  await expect(guestbook.getByRole('listitem').first()).toContainText(`@${username}`)
  await expect(page.getByText('only a test')).toHaveCount(0)

  const json = await page.request.get(`/pieces/${name}/data/export?space=live&format=json`)
  expect(json.headers()['content-disposition']).toBe(`attachment; filename="${name}-data.json"`)
  expect((await json.json()).records.map((record: { value: unknown }) => record.value)).toEqual([
    { text: 'First!' },
    { text: 'Second' },
    { who: 'Ada', bringing: 'bread' },
  ])
  const csv = await (await page.request.get(`/pieces/${name}/data/export?space=live&format=csv`)).text()
  expect(csv.split('\r\n')[0]).toBe('kind,collection,id,writer,written at,changed at,value')
  expect(csv).toContain(`"{""who"":""Ada"",""bringing"":""bread""}"`)

  await guestbook
    .getByRole('listitem')
    .filter({ hasText: 'First!' })
    .getByRole('button', { name: /^Delete the record by/ })
    .click()
  await expect(page.getByText('Record deleted')).toBeVisible()
  await expect(page.getByRole('region', { name: 'guestbook' }).getByRole('listitem')).toHaveCount(1)

  const signups = page.getByRole('region', { name: 'signups' })
  await signups.getByText('Clear this collection…').click()
  await signups.getByRole('button', { name: 'Clear “signups”' }).click()
  await expect(page.getByText('“signups” cleared')).toBeVisible()
  await expect(page.getByRole('region', { name: 'signups' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Test data' }).click()
  await expect(page.getByRole('region', { name: 'guestbook' }).getByRole('listitem')).toHaveText([/only a test/])
  await page.getByRole('button', { name: 'Clear test data' }).click()
  await expect(page.getByText('Test data cleared')).toBeVisible()
  await expect(page.getByText('Nothing kept yet.')).toBeVisible()
  // The public data is untouched by the test data's clearing.
  await page.getByRole('link', { name: 'Public data' }).click()
  await expect(page.getByRole('region', { name: 'guestbook' }).getByRole('listitem')).toHaveText([/Second/])
})

test('only the owner has a Data page', async ({ page, browser }) => {
  await signIn(page)
  const name = uniqueUsername('private')
  await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  const other = await browser.newContext()
  const stranger = await other.newPage()
  await signIn(stranger)
  const response = await stranger.goto(`/pieces/${name}/data`)
  expect(response?.status()).toBe(404)
  expect((await stranger.request.get(`/pieces/${name}/data/export?format=json`)).status()).toBe(404)
  await other.close()
})
