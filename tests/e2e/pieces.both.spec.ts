import type { Locator, Page } from '@playwright/test'
import { expect, saveCode, settled, signIn, test } from './fixtures'

const uniquePiece = (label = 'piece') => `${label}_${Math.random().toString(36).slice(2, 9)}`

async function createFromSidebar(page: Page, name: string) {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await settled(page)
  await sidebar.getByText('New Piece', { exact: true }).click()
  await sidebar.getByLabel('New Piece name').fill(name)
  const create = sidebar.getByRole('button', { name: 'Create' })
  if (await create.isVisible()) await create.click()
  else await sidebar.getByLabel('New Piece name').press('Enter')
}

async function openMenu(page: Page) {
  const menu = page.getByTestId('piece-menu')
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click()
  return page.getByRole('group', { name: 'Piece menu' })
}

/** Renames from an open Piece menu: with JavaScript the name becomes a field on Rename and Enter saves; without, the field is there with a Save name button. */
async function renameInMenu(menu: Locator, name: string) {
  const rename = menu.getByRole('button', { name: 'Rename' })
  if (await rename.isVisible()) await rename.click()
  await menu.getByLabel('Piece name').fill(name)
  const saveName = menu.getByRole('button', { name: 'Save name' })
  if (await saveName.isVisible()) await saveName.click()
  else await menu.getByLabel('Piece name').press('Enter')
}

test.describe('Pieces', () => {
  test('a Piece is created from the sidebar and opens in the editor', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('No Pieces yet')).toBeVisible()
    const name = uniquePiece('first')
    await createFromSidebar(page, name.toUpperCase())
    await expect(page).toHaveURL(`/pieces/${name}`)
    await expect(page.getByTestId('top-bar-title')).toHaveText(name)
    await expect(page.getByTestId('sidebar-pieces').getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
    const preview = page.frameLocator(`iframe[title="${name} preview"]`)
    // With JavaScript the editor's frame is the draft runner, which renders into a frame of its own.
    const document = test.info().project.use.javaScriptEnabled === false ? preview : preview.frameLocator('#piece')
    await expect(document.getByRole('heading', { name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/${name}`)
  })

  test('bad and taken names are refused with the spec messages', async ({ page }) => {
    await signIn(page)
    const name = uniquePiece('taken')
    await createFromSidebar(page, name)
    await expect(page).toHaveURL(`/pieces/${name}`)
    await createFromSidebar(page, 'ab')
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible()
    await page.goto('/explore')
    await createFromSidebar(page, name)
    await expect(page.getByText('Name already taken')).toBeVisible()
    await expect(page).toHaveURL('/explore')
  })

  test('the owner renames, describes and deletes a Piece from the menu', async ({ page }) => {
    await signIn(page)
    const name = uniquePiece('menu')
    await createFromSidebar(page, name)
    await expect(page).toHaveURL(`/pieces/${name}`)

    let menu = await openMenu(page)
    const renamed = uniquePiece('renamed')
    await renameInMenu(menu, renamed)
    await expect(page).toHaveURL(`/pieces/${renamed}`)
    await expect(page.getByTestId('top-bar-title')).toHaveText(renamed)
    // The menu closes once the page under the new name is shown (an open one would close under the next click).
    await expect(page.getByTestId('piece-menu')).not.toHaveAttribute('open')

    menu = await openMenu(page)
    const edit = menu.getByRole('button', { name: 'Add description' })
    if (await edit.isVisible()) await edit.click()
    await menu.getByLabel('Piece description').fill('  A tiny <b>app</b> for tests  ')
    const saveDescription = menu.getByRole('button', { name: 'Save description' })
    if (await saveDescription.isVisible()) {
      await Promise.all([page.waitForEvent('load'), saveDescription.click()])
    } else {
      await menu.getByLabel('Piece description').press('Control+Enter')
      await expect(menu.getByRole('button', { name: 'Edit description' })).toBeVisible()
    }
    await page.reload()
    menu = await openMenu(page)
    await expect(menu.getByText('A tiny <b>app</b> for tests', { exact: true })).toBeVisible()

    await menu.getByRole('link', { name: 'Delete Piece' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete Piece' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL('/explore')
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('No Pieces yet')).toBeVisible()
    expect((await page.goto(`/pieces/${renamed}`))?.status()).toBe(404)
  })

  test('renaming from the public view goes to the editor under the new name (spec 1 §2.2)', async ({ page }) => {
    await signIn(page)
    const name = uniquePiece('public')
    await createFromSidebar(page, name)
    await expect(page).toHaveURL(`/pieces/${name}`)
    await page.goto(`/${name}`)
    const menu = await openMenu(page)
    const renamed = uniquePiece('moved')
    await renameInMenu(menu, renamed)
    await expect(page).toHaveURL(`/pieces/${renamed}`)
    await expect(page.getByTestId('top-bar-title')).toHaveText(renamed)
  })

  test('private and members-only need PLUS: the upgrade dialog opens and nothing changes', async ({ page }) => {
    await signIn(page)
    const name = uniquePiece('gate')
    await createFromSidebar(page, name)
    await expect(page).toHaveURL(`/pieces/${name}`)
    const menu = await openMenu(page)
    await expect(menu.getByRole('radio', { name: /Public/ })).toHaveAttribute('aria-checked', 'true')
    await menu.getByRole('radio', { name: /Private/ }).click()
    await expect(page.getByRole('dialog', { name: 'Upgrade to PLUS' })).toBeVisible()
    await page.goto(`/pieces/${name}`)
    await expect((await openMenu(page)).getByRole('radio', { name: /Public/ })).toHaveAttribute('aria-checked', 'true')
  })

  test('a visitor sees a public Piece full-page with the badge; a missing one is a 404', async ({ page, browser }) => {
    await signIn(page)
    const name = uniquePiece('shown')
    await createFromSidebar(page, name)
    await expect(page).toHaveURL(`/pieces/${name}`)

    const visitor = await browser.newPage({ javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true })
    await visitor.goto(`/${name.toUpperCase()}`)
    await expect(visitor).toHaveURL(`/${name}`)
    await expect(visitor.getByTestId('top-bar-title')).toHaveText(name)
    await expect(visitor.getByRole('link', { name: `${name} is powered by Pieces` })).toHaveAttribute('href', '/')
    await expect(visitor.getByRole('link', { name: 'Edit' })).toHaveCount(0)
    expect((await visitor.goto(`/${uniquePiece('missing')}`))?.status()).toBe(404)
    await visitor.close()

    await page.goto(`/${name}`)
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/pieces/${name}`)
    await expect(page.getByText(`${name} is powered by Pieces`)).toHaveCount(0)
  })
})

test.describe('Explore and other people’s Pieces', () => {
  test('explore lists public Pieces newest first; another user gets the read-only menu', async ({ page, browser }) => {
    await signIn(page)
    const older = uniquePiece('older')
    const newer = uniquePiece('newer')
    await createFromSidebar(page, older)
    await expect(page).toHaveURL(`/pieces/${older}`)
    await createFromSidebar(page, newer)
    await expect(page).toHaveURL(`/pieces/${newer}`)
    // The gallery shows only Pieces with something to see (issue 32.4), newest saved first.
    await saveCode(page, older)
    await saveCode(page, newer)

    const other = await browser.newPage({ javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true })
    await signIn(other)
    await other.goto('/explore?order=newest')
    const gallery = other.getByTestId('gallery')
    const names = await gallery.getByRole('heading', { level: 2 }).allTextContents()
    expect(names.indexOf(newer)).toBeGreaterThanOrEqual(0)
    expect(names.indexOf(newer)).toBeLessThan(names.indexOf(older))
    // A date, not an age (issue 12.2).
    await expect(gallery.getByRole('listitem').filter({ hasText: newer })).toContainText(/Last updated [A-Z][a-z]+ \d{1,2}, \d{4}/)

    await gallery.getByRole('link', { name: newer }).click()
    await expect(other).toHaveURL(`/${newer}`)
    await expect(other.getByTestId('top-bar-title')).toHaveText(newer)
    await other.getByTestId('piece-menu').locator('summary').click()
    const menu = other.getByRole('group', { name: 'Piece menu' })
    await expect(menu.getByText('No description yet.')).toBeVisible()
    await expect(menu.getByText('Rename')).toHaveCount(0)
    await expect(menu.getByText('Delete Piece')).toHaveCount(0)
    await expect(other.getByRole('link', { name: 'Edit' })).toHaveCount(0)
    // The editor of someone else's Piece sends them to its public page.
    await other.goto(`/pieces/${newer}`)
    await expect(other).toHaveURL(`/${newer}`)
    await other.close()
  })
})
