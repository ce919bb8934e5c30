import { grantPlus } from './database'
import { expect, saveCode, signIn, test } from './fixtures'

/** Issue 12.2: the public gallery on /landing for visitors, with and without JavaScript. */
test('visitors see 12 public Pieces on /landing, load more without repeats, read a description once and open a card', async ({ page, javaScriptEnabled }) => {
  const { email } = await signIn(page)
  await grantPlus(email)
  const stamp = Math.random().toString(36).slice(2, 7)
  const long = `A long description ${'that keeps going '.repeat(10)}and ends here ${stamp}.`
  const names: string[] = []
  for (let index = 0; index < 13; index += 1) {
    const name = `gal_${stamp}_${String(index).padStart(2, '0')}`
    const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
    expect(created.status(), await created.text()).toBe(201)
    // Only Pieces with something to see fill a card (issue 32.4).
    await saveCode(page, name)
    names.push(name)
    if (index < 12) continue
    const described = await page.request.patch(`/api/private/pieces?id=${(await created.json()).id}`, { data: { description: long } })
    expect(described.status(), await described.text()).toBe(200)
  }
  // A private Piece never shows.
  const hidden = await page.request.post('/api/private/pieces', { data: { name: `gal_${stamp}_private`, visibility: 'private' } })
  expect(hidden.status(), await hidden.text()).toBe(201)
  await page.context().clearCookies()

  // An address no one else asked for, so the minute-long shared page cache cannot answer with an older gallery.
  await page.goto(`/landing?from=${stamp}`)
  const gallery = page.getByTestId('gallery')
  const cards = gallery.getByRole('listitem')
  await expect(cards).toHaveCount(12)

  // Further pages until our oldest shows (other tests add public Pieces meanwhile): by scrolling with JavaScript, by 'Load more' without.
  for (let round = 0; round < 10 && (await cards.filter({ hasText: names[0]! }).count()) === 0; round += 1) {
    const before = await cards.count()
    // The page loads no React (docs/decisions/0040): with JavaScript, its small script loads the page the link points to in place.
    if (javaScriptEnabled) await page.getByRole('link', { name: 'Load more' }).scrollIntoViewIfNeeded()
    else await page.getByRole('link', { name: 'Load more' }).click()
    await expect(cards).not.toHaveCount(before)
  }
  const shown = await gallery.getByRole('heading', { level: 2 }).allTextContents()
  expect(new Set(shown).size).toBe(shown.length)
  expect(shown.filter((name) => name.startsWith(`gal_${stamp}_`))).toEqual([...names].reverse())
  if (javaScriptEnabled) await expect(page).toHaveURL(`/landing?from=${stamp}`)
  else await expect(page).toHaveURL(new RegExp(`/landing\\?from=${stamp}&count=\\d+#gallery-\\d+$`))

  // 'more' shows the whole description, once.
  const card = cards.filter({ hasText: names[12]! })
  await card.getByText('more', { exact: true }).click()
  await expect(card.getByText(long)).toBeVisible()
  await expect(card.getByText(long.slice(0, 60)).filter({ visible: true })).toHaveCount(1)
  await expect(card.getByText('more', { exact: true })).toBeHidden()

  await cards.filter({ hasText: names[0]! }).getByRole('link').click()
  await expect(page).toHaveURL(`/${names[0]}`)
  await expect(page.getByTestId('top-bar-title')).toHaveText(names[0]!)
})

test('a shared Piece and /landing unfurl: Open Graph and Twitter tags with the canonical address (issue 12.4)', async ({ page, baseURL }) => {
  await signIn(page)
  const name = `og_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  const described = await page.request.patch(`/api/private/pieces?id=${(await created.json()).id}`, { data: { description: 'Counts the days to summer' } })
  expect(described.status()).toBe(200)
  await page.context().clearCookies()

  await page.goto(`/${name}`)
  const meta = (key: string) => page.locator(`head meta[property="${key}"], head meta[name="${key}"]`)
  await expect(meta('og:title')).toHaveAttribute('content', name)
  await expect(meta('og:description')).toHaveAttribute('content', 'Counts the days to summer')
  await expect(meta('og:url')).toHaveAttribute('content', `${baseURL}/${name}`)
  await expect(meta('twitter:card')).toHaveAttribute('content', /^summary/)
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/${name}`)

  await page.goto(`/landing?og=${name}`)
  await expect(meta('og:url')).toHaveAttribute('content', `${baseURL}/landing`)
  await expect(meta('og:title')).toHaveAttribute('content', /Fund what you create/)
})
