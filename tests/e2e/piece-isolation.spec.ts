import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/**
 * Each Piece runs on an origin of its own (docs/decisions/0014): a Piece cannot write the
 * app's cookies (cookie tossing) or read another Piece's storage, and the viewer stays in
 * their own account whatever a Piece's code does.
 */
const PREVIEW_PORT = Number(process.env.E2E_PORT ?? 3210) + 1
const uniquePiece = (label: string) => `${label}_${Math.random().toString(36).slice(2, 9)}`

async function pieceWithCode(page: Page, name: string, code: string) {
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  const { id } = (await created.json()) as { id: number }
  expect((await page.request.patch(`/api/private/pieces?id=${id}`, { data: { code } })).status()).toBe(200)
  return id
}

const report = (body: string) => `<!doctype html><html><body><pre id="out">running</pre><script>
  const result = { origin: location.origin }
  ${body}
  document.getElementById('out').textContent = JSON.stringify(result)
</script></body></html>`

test('a Piece cannot toss cookies onto the app or read another Piece’s storage', async ({ page }) => {
  const { username } = await signIn(page)
  const attacker = uniquePiece('tosser')
  const victim = uniquePiece('victim')
  const attackerId = await pieceWithCode(
    page,
    attacker,
    report(`
      localStorage.setItem('secret', 'from ${attacker}')
      for (const cookie of [
        'pieces_session=tossed; Path=/; Max-Age=31536000',
        'pieces_session=tossed; Domain=localhost; Path=/pieces; Max-Age=31536000',
        'pieces_session=tossed; Domain=.localhost; Path=/; Max-Age=31536000',
        '__Host-pieces_session=tossed; Path=/; Secure',
      ]) document.cookie = cookie
      result.cookies = document.cookie`),
  )
  const victimId = await pieceWithCode(page, victim, report(`result.secret = localStorage.getItem('secret'); result.cookies = document.cookie`))

  await page.goto(`/${attacker}`)
  const attackerFrame = page.frameLocator(`iframe[title="${attacker} preview"]`)
  await expect(attackerFrame.locator('#out')).toContainText('"origin"')
  const written = JSON.parse((await attackerFrame.locator('#out').textContent())!) as { origin: string }
  expect(written.origin).toBe(`http://p${attackerId}.localhost:${PREVIEW_PORT}`)

  // The app never sees the tossed cookies: the viewer is still themselves, everywhere.
  const appCookies = await page.context().cookies(new URL(page.url()).origin + '/pieces/x')
  expect(appCookies.filter((cookie) => cookie.value === 'tossed')).toEqual([])
  await page.goto('/pieces')
  await page.locator('summary').filter({ hasText: 'Open user menu' }).click()
  await expect(page.getByText(username, { exact: true })).toBeVisible()

  await page.goto(`/${victim}`)
  const victimFrame = page.frameLocator(`iframe[title="${victim} preview"]`)
  await expect(victimFrame.locator('#out')).toContainText('"origin"')
  const read = JSON.parse((await victimFrame.locator('#out').textContent())!) as { origin: string; secret: string | null; cookies: string }
  expect(read.origin).toBe(`http://p${victimId}.localhost:${PREVIEW_PORT}`)
  expect(read.secret).toBeNull()
  expect(read.cookies).toBe('')
})

test('a Piece is served only on its own origin, and a signed address only for the version it was signed for', async ({ page, context }) => {
  await signIn(page)
  const name = uniquePiece('bound')
  const id = await pieceWithCode(page, name, report(`result.version = 'first'`))
  await page.goto(`/${name}`)
  const src = new URL((await page.locator(`iframe[title="${name} preview"]`).getAttribute('src'))!)
  expect(src.hostname).toBe(`p${id}.localhost`)

  const probe = await context.newPage()
  // Another Piece's host does not serve this Piece, even with a valid signature.
  const elsewhere = new URL(src)
  elsewhere.hostname = `p${id + 1000}.localhost`
  expect((await probe.goto(elsewhere.toString()))?.status()).toBe(404)
  const forged = new URL(src)
  forged.searchParams.set('sig', 'forged')
  expect((await probe.goto(forged.toString()))?.status()).toBe(404)
  expect((await probe.goto(src.toString()))?.status()).toBe(200)

  // Code saved later (say, after the Piece went private) is never served under the old address.
  expect((await page.request.patch(`/api/private/pieces?id=${id}`, { data: { code: report(`result.version = 'second'`) } })).status()).toBe(200)
  const old = await probe.goto(src.toString())
  expect(await old?.text()).not.toContain('second')
  await page.goto(`/${name}`)
  await expect(page.frameLocator(`iframe[title="${name} preview"]`).locator('#out')).toContainText('second')
  await probe.close()
})
