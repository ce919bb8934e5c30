import type { Page } from '@playwright/test'
import { expect, saveCode, signIn, test } from './fixtures'

const unique = (label: string) => `${label}_${Math.random().toString(36).slice(2, 9)}`
const code = (h: string) => `<!doctype html><html><body style="font-family:sans-serif;padding:2rem"><h1>${h}</h1><p>Count: 0</p><button>+</button></body></html>`

async function shot(page: Page, name: string, project: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await page.screenshot({ path: `/work/shots/${name}-${project}-${width}.png` })
  }
}

test('screens', async ({ page, browser, javaScriptEnabled }) => {
  const project = javaScriptEnabled ? 'js' : 'nojs'
  const owner = await signIn(page)
  const name = unique('counter')
  await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  await saveCode(page, name, code('Counter'))
  const fan = await browser.newPage({ javaScriptEnabled })
  await signIn(fan)
  await fan.goto(`/${name}`)
  await fan.getByRole('button', { name: `Remix ${name}` }).click()
  await expect(fan).toHaveURL(`/pieces/${name}_remix`)
  await shot(fan, 'editor', project)
  await saveCode(fan, `${name}_remix`, code('Remixed counter'))
  await fan.goto(`/${name}_remix`)
  await shot(fan, 'remix-page-signedin', project)
  await fan.goto(`/${name}_remix/compare`)
  await shot(fan, 'compare', project)
  await fan.goto(`/${name}/remix`)
  await shot(fan, 'remix-offer', project)
  await fan.goto('/explore?order=remixed')
  await shot(fan, 'explore', project)
  await page.goto(`/${name}`)
  await page.getByTestId('remix-count').click()
  await shot(page, 'original-owner', project)
  await page.goto(`/pieces/${name}`)
  await page.getByTestId('piece-menu').locator('summary').click()
  await page.getByRole('switch', { name: 'Allow remixes' }).scrollIntoViewIfNeeded()
  await shot(page, 'menu', project)
  const visitor = await browser.newPage({ javaScriptEnabled })
  await visitor.goto(`/${name}_remix`)
  await shot(visitor, 'visitor-remix', project)
  await visitor.goto(`/${name}_remix/compare`)
  await shot(visitor, 'visitor-compare', project)
  await visitor.goto(`/landing?x=${name}`)
  await visitor.getByTestId('gallery').scrollIntoViewIfNeeded()
  await shot(visitor, 'landing-gallery', project)
  void owner
})
