import type { Page } from '@playwright/test'
import { expect, hydrated, signIn, test } from './fixtures'

/**
 * Opens `path` and answers the script files it loaded (React's modules; a page's own scripts
 * are inline, and each must carry the policy's nonce: a refused one would also fail the test as a console error).
 */
async function scriptFilesOf(page: Page, path: string) {
  const files: string[] = []
  const listen = (request: { resourceType(): string; url(): string }) => request.resourceType() === 'script' && files.push(request.url())
  page.on('request', listen)
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await page.waitForLoadState('load')
  page.off('request', listen)
  for (const script of (await response!.text()).match(/<script[^>]*>/g) ?? []) expect(script, path).toMatch(/ nonce="[^"]+"/)
  return files
}

async function publicPiece(page: Page) {
  await signIn(page)
  const name = `light_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  return { name, id: (await created.json()).id as number }
}

/** Issue 26.9: a visitor's pages work as the server renders them, without React (docs/decisions/0040). */
test("visitors' pages load no React; the app's pages do", async ({ page }) => {
  const { name } = await publicPiece(page)
  for (const path of [`/${name}`, '/explore']) {
    expect(await scriptFilesOf(page, path), path).not.toEqual([])
    await hydrated(page)
  }

  await page.context().clearCookies()
  for (const path of ['/landing', '/signin', '/signup', '/about', '/blog', '/faq', '/privacy', '/terms', '/contact', `/${name}`]) {
    expect(await scriptFilesOf(page, path), path).toEqual([])
  }
})

test('without React, the contact counter follows the message', async ({ page }) => {
  expect(await scriptFilesOf(page, '/contact')).toEqual([])
  await expect(page.getByTestId('char-counter')).toHaveText('0/1,000')
  await page.getByLabel('Message').fill('Hello there')
  await expect(page.getByTestId('char-counter')).toHaveText('11/1,000')
})

test("without React, a visitor's Piece that asks for an agentic action leads to sign up", async ({ page }) => {
  const { name, id } = await publicPiece(page)
  const code = `<!doctype html><html><body><button id="go">Run</button><script>
    document.getElementById('go').onclick = () => parent.postMessage({ type: 'agentic:execute', id: 1, instruction: 'Count' }, '*')
  </script></body></html>`
  expect((await page.request.patch(`/api/private/pieces?id=${id}`, { data: { code } })).status()).toBe(200)
  await page.context().clearCookies()
  expect(await scriptFilesOf(page, `/${name}`)).toEqual([])
  await page.frameLocator(`iframe[title="${name} preview"]`).getByRole('button', { name: 'Run' }).click()
  await expect(page).toHaveURL('/signup')
})
