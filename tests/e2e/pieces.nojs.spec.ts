import { expect, signIn, test } from './fixtures'

test('without JavaScript an icon upload is cropped to the centred square, and Remove clears it', async ({ page }) => {
  await signIn(page)
  const name = `nojs_icon_${Math.random().toString(36).slice(2, 7)}`
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await sidebar.getByText('New Piece', { exact: true }).click()
  await sidebar.getByLabel('New Piece name').fill(name)
  await sidebar.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)

  await page.getByTestId('piece-menu').locator('summary').click()
  const menu = page.getByRole('group', { name: 'Piece menu' })
  await menu.getByLabel('Icon image').setInputFiles('tests/e2e/files/icon.png')
  await Promise.all([page.waitForEvent('load'), menu.getByRole('button', { name: 'Upload icon' }).click()])
  const icon = page.getByTestId('sidebar-pieces').locator('img')
  await expect(icon).toHaveAttribute('src', /^\/images\/[0-9a-f]{64}\.jpg$/)
  // The 600×400 upload became a 400×400 square.
  const size = await icon.evaluate((element) => {
    const image = element as HTMLImageElement
    return [image.naturalWidth, image.naturalHeight]
  })
  expect(size).toEqual([400, 400])

  await page.getByTestId('piece-menu').locator('summary').click()
  await Promise.all([page.waitForEvent('load'), menu.getByRole('button', { name: 'Remove icon' }).click()])
  await expect(page.getByTestId('sidebar-pieces').locator('img')).toHaveCount(0)
})

test('without JavaScript a text file is refused as an icon with a clear message', async ({ page }) => {
  await signIn(page)
  const name = `nojs_bad_${Math.random().toString(36).slice(2, 7)}`
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await sidebar.getByText('New Piece', { exact: true }).click()
  await sidebar.getByLabel('New Piece name').fill(name)
  await sidebar.getByRole('button', { name: 'Create' }).click()
  await page.getByTestId('piece-menu').locator('summary').click()
  const menu = page.getByRole('group', { name: 'Piece menu' })
  await menu.getByLabel('Icon image').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
  await Promise.all([page.waitForEvent('load'), menu.getByRole('button', { name: 'Upload icon' }).click()])
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'not an image' })).toBeVisible()
  await expect(page.getByTestId('sidebar-pieces').locator('img')).toHaveCount(0)
})

test('without JavaScript a taken name on rename comes back to the same page as a toast', async ({ page }) => {
  await signIn(page)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  const taken = `nojs_taken_${Math.random().toString(36).slice(2, 7)}`
  const name = `nojs_mine_${Math.random().toString(36).slice(2, 7)}`
  for (const each of [taken, name]) {
    await sidebar.getByText('New Piece', { exact: true }).click()
    await sidebar.getByLabel('New Piece name').fill(each)
    await sidebar.getByRole('button', { name: 'Create' }).click()
    await expect(page).toHaveURL(`/pieces/${each}`)
  }

  await page.getByTestId('piece-menu').locator('summary').click()
  const menu = page.getByRole('group', { name: 'Piece menu' })
  await menu.getByLabel('Piece name').fill(taken)
  await Promise.all([page.waitForEvent('load'), menu.getByRole('button', { name: 'Save name' }).click()])
  await expect(page).toHaveURL(`/pieces/${name}`)
  await expect(page.getByRole('alert').filter({ hasText: 'Name already taken' })).toBeVisible()
  await expect(page.getByTestId('top-bar-title')).toHaveText(name)
})
