import { chromium, type Page } from '@playwright/test'
import { CHROMIUM, FULL_CHROMIUM_PATH } from '../../playwright.config'
import { expect, saveCode, signIn, test, uniqueUsername } from './fixtures'

/**
 * Issue 39: a guestbook built on `pieces.data`, open at once on its public page by its owner
 * (signed in) and by a visitor (signed out, another browser): an entry one adds appears on
 * the other's open page without a reload, with its writer named by the server; the visitor
 * cannot remove the owner's entry, the owner can remove the visitor's; 50 votes cast at once
 * count 50.
 */
const GUESTBOOK = `<!doctype html><html><head><meta charset="utf-8"><title>Guestbook</title></head><body>
<h1>Guestbook</h1>
<p id="me">…</p>
<form id="sign"><label>Message <input id="text" name="text" required></label><button>Sign</button></form>
<p id="error" role="alert"></p>
<ul id="entries"></ul>
<p>Votes: <output id="votes">0</output> <button id="vote" type="button">Vote</button></p>
<script>
  var entries = document.getElementById('entries')
  function show(record) {
    var item = document.getElementById('entry-' + record.id) || document.createElement('li')
    item.id = 'entry-' + record.id
    item.textContent = record.value.text + ' — ' + record.by.name + ' '
    var remove = document.createElement('button')
    remove.type = 'button'
    remove.textContent = 'Remove'
    remove.onclick = function () {
      pieces.data.shared.remove('guestbook', record.id).catch(function (error) { document.getElementById('error').textContent = error.code })
    }
    item.append(remove)
    if (!item.parentNode) entries.prepend(item)
  }
  pieces.data.whoami().then(function (me) { document.getElementById('me').textContent = 'You are ' + me.name })
  pieces.data.shared.list('guestbook').then(function (page) {
    page.records.reverse().forEach(show)
    document.getElementById('votes').textContent = page.counters.votes || 0
    document.body.dataset.ready = 'yes'
  })
  pieces.data.subscribe('guestbook', function (change) {
    if (change.type === 'added' || change.type === 'changed') show(change.record)
    if (change.type === 'removed') { var gone = document.getElementById('entry-' + change.record.id); if (gone) gone.remove() }
    if (change.type === 'counted') document.getElementById('votes').textContent = change.counter.value
  })
  document.getElementById('sign').onsubmit = function (event) {
    event.preventDefault()
    pieces.data.shared.add('guestbook', { text: document.getElementById('text').value }).then(function () { document.getElementById('text').value = '' })
  }
  document.getElementById('vote').onclick = function () { pieces.data.shared.increment('guestbook', 'votes') }
</script></body></html>`

async function openGuestbook(page: Page, name: string) {
  await page.goto(`/${name}`)
  const piece = page.frameLocator('iframe[title]').first()
  await expect(piece.locator('body[data-ready="yes"]')).toBeAttached()
  return piece
}

test('two people on one Piece: entries appear live, each stamped by the server, removed only by their writer or the owner', async ({ page, browser }) => {
  const { username } = await signIn(page)
  const name = uniqueUsername('guestbook')
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await saveCode(page, name, GUESTBOOK)
  const ownerPiece = await openGuestbook(page, name)
  await expect(ownerPiece.locator('#me')).toHaveText(`You are @${username}`)

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  const visitorPiece = await openGuestbook(visitor, name)
  await expect(visitorPiece.locator('#me')).toHaveText(/^You are visitor [0-9a-f]{4}$/)
  const visitorName = ((await visitorPiece.locator('#me').textContent()) ?? '').replace('You are ', '')

  await ownerPiece.getByLabel('Message').fill('Welcome, everyone')
  await ownerPiece.getByRole('button', { name: 'Sign' }).click()
  await expect(visitorPiece.getByRole('listitem')).toHaveText([`Welcome, everyone — @${username} Remove`])

  await visitorPiece.getByLabel('Message').fill('Hello from a visitor')
  await visitorPiece.getByRole('button', { name: 'Sign' }).click()
  await expect(ownerPiece.getByRole('listitem')).toHaveText([`Hello from a visitor — ${visitorName} Remove`, `Welcome, everyone — @${username} Remove`])

  // The visitor cannot remove the owner's entry; the owner can remove the visitor's.
  await visitorPiece.getByRole('listitem').filter({ hasText: 'Welcome' }).getByRole('button', { name: 'Remove' }).click()
  await expect(visitorPiece.getByRole('alert')).toHaveText('not-yours')
  await ownerPiece.getByRole('listitem').filter({ hasText: 'Hello from a visitor' }).getByRole('button', { name: 'Remove' }).click()
  await expect(visitorPiece.getByRole('listitem')).toHaveText([`Welcome, everyone — @${username} Remove`])
  await expect(ownerPiece.getByRole('listitem')).toHaveCount(1)

  // A reload reads the same shared entries.
  await visitor.reload()
  await expect(visitor.frameLocator('iframe[title]').first().getByRole('listitem')).toHaveText([`Welcome, everyone — @${username} Remove`])
  await visitorContext.close()
})

test('50 votes cast at once count 50, on every open page', async ({ page, browser }) => {
  await signIn(page)
  const name = uniqueUsername('poll')
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await saveCode(page, name, GUESTBOOK)
  const ownerPiece = await openGuestbook(page, name)
  const visitorContext = await browser.newContext()
  const visitorPiece = await openGuestbook(await visitorContext.newPage(), name)
  // Fifty clicks as fast as the page takes them: each is one atomic increment on the server.
  await visitorPiece.locator('#vote').evaluate((button: HTMLButtonElement) => {
    for (let i = 0; i < 50; i += 1) button.click()
  })
  await expect(ownerPiece.locator('#votes')).toHaveText('50')
  await expect(visitorPiece.locator('#votes')).toHaveText('50')
  await visitorContext.close()
})

test('the editor’s preview works on test data that never shows on the public page, and switches to the public data', async ({ page, browser }) => {
  await signIn(page)
  const name = uniqueUsername('testdata')
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await saveCode(page, name, GUESTBOOK)
  const visitorContext = await browser.newContext()
  const visitorPiece = await openGuestbook(await visitorContext.newPage(), name)
  await visitorPiece.getByLabel('Message').fill('A visitor was here')
  await visitorPiece.getByRole('button', { name: 'Sign' }).click()
  await expect(visitorPiece.getByRole('listitem')).toHaveCount(1)

  await page.goto(`/pieces/${name}`)
  const preview = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  await expect(preview.locator('body[data-ready="yes"]')).toBeAttached()
  await expect(page.getByRole('group', { name: 'Data the preview uses' }).getByRole('button', { name: 'Test' })).toHaveAttribute('aria-pressed', 'true')
  await expect(preview.getByRole('listitem')).toHaveCount(0)
  await preview.getByLabel('Message').fill('Trying it out')
  await preview.getByRole('button', { name: 'Sign' }).click()
  await expect(preview.getByRole('listitem')).toHaveCount(1)
  // The visitor's open page never hears of the test entry.
  await visitorPiece.getByLabel('Message').fill('Still only visitors')
  await visitorPiece.getByRole('button', { name: 'Sign' }).click()
  await expect(visitorPiece.getByRole('listitem')).toHaveText([/^Still only visitors/, /^A visitor was here/])

  await page.getByRole('group', { name: 'Data the preview uses' }).getByRole('button', { name: 'Public' }).click()
  await expect(page.getByRole('group', { name: 'Data the preview uses' }).getByRole('button', { name: 'Public' })).toHaveAttribute('aria-pressed', 'true')
  await expect(preview.getByRole('listitem')).toHaveText([/^Still only visitors/, /^A visitor was here/])
  await visitorContext.close()
})

test('a signed-out visitor whose browser blocks third-party cookies keeps their identity and writes (issue 39.3)', async ({ page, baseURL }) => {
  await signIn(page)
  const name = uniqueUsername('nocookies')
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await saveCode(page, name, GUESTBOOK)
  // Chromium as it will ship: a frame of another site gets no cookies at all.
  const strict = await chromium.launch({
    ...CHROMIUM.launchOptions,
    executablePath: FULL_CHROMIUM_PATH,
    args: [...(CHROMIUM.launchOptions?.args ?? []), '--test-third-party-cookie-phaseout'],
  })
  try {
    const visitor = await (await strict.newContext({ baseURL })).newPage()
    const piece = await openGuestbook(visitor, name)
    await expect(piece.locator('#me')).toHaveText(/^You are visitor [0-9a-f]{4}$/)
    const me = await piece.locator('#me').textContent()
    await piece.getByLabel('Message').fill('No cookies needed')
    await piece.getByRole('button', { name: 'Sign' }).click()
    await expect(piece.getByRole('listitem')).toHaveText([/^No cookies needed — visitor [0-9a-f]{4}/])
    // The same browser is the same visitor after a reload: its identity is the app page's, not the frame's.
    await visitor.reload()
    await expect(visitor.frameLocator('iframe[title]').first().locator('#me')).toHaveText(me ?? '')
  } finally {
    await strict.close()
  }
})
