import type { Page } from '@playwright/test'
import { expect, hydrated, signIn, test, uniqueEmail, uniqueUsername } from './fixtures'

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

/**
 * Holds the data Remix streams into the page until the test lets it through, and notes when
 * Remix starts reading it (it takes the stream out of its context as it starts).
 */
function holdPageData() {
  const w = window as unknown as Record<string, unknown>
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  w.__releasePageData = release
  let context: Record<string, unknown> | undefined
  Object.defineProperty(window, '__remixContext', {
    configurable: true,
    get: () => context,
    set(value: Record<string, unknown>) {
      context = value
      let stream: unknown
      Object.defineProperty(value, 'stream', {
        configurable: true,
        get: () => stream,
        set(next: ReadableStream | undefined) {
          if (next === undefined) w.__pageDataRead = true
          stream = next?.pipeThrough(new TransformStream({ transform: async (chunk, out) => (await held, out.enqueue(chunk)) }))
        },
      })
    },
  })
}

/** React 18 throws "Root did not complete" (#345) when an event forces a hydration that is still waiting for the page's data. */
test('typing while the page is still reading its data neither breaks hydration nor loses the form', async ({ page }) => {
  const signedUp = await page.request.post('/signup', { form: { email: uniqueEmail('early'), password: 'correct horse battery' }, maxRedirects: 0 })
  expect(signedUp.status()).toBe(302)
  await page.addInitScript(holdPageData)
  await page.goto('/onboarding')
  await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__pageDataRead === true)
  await page.getByLabel('Username').fill('typed_early')
  await page.evaluate(() => (window as unknown as { __releasePageData: () => void }).__releasePageData())
  // Hydrated (React has taken the field over): the counter follows what is typed from here on.
  await page.waitForFunction(() => Object.keys(document.querySelector('input[name="username"]') ?? {}).some((key) => key.startsWith('__reactFiber')))
  const username = uniqueUsername('early')
  await page.getByLabel('Username').fill(username)
  await expect(page.getByTestId('char-counter')).toHaveText(`${username.length}/24`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/explore$/)
})
