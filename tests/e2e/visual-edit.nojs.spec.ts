import { expect, saveCode, signIn, test } from './fixtures'

/** Issue 30.5: without JavaScript the visual editor is not offered, and the editor is as it was. */
test('without JavaScript there is no "Edit visually", and the preview is the draft page as before', async ({ page }) => {
  await signIn(page)
  const name = `visual_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  await saveCode(page, name, '<!doctype html><html><body><h1>Plain</h1></body></html>')
  await page.goto(`/pieces/${name}`)
  await expect(page.frameLocator(`iframe[title="${name} preview"]`).getByRole('heading', { name: 'Plain' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit visually' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Visual editor' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
})
