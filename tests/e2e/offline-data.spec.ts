import type { Page } from '@playwright/test'
import { offlineGenerate } from '../../app/generation/offline'
import { expect, saveCode, signIn, test, uniqueUsername } from './fixtures'

/**
 * Issue 39.6: the pages the offline builder makes for shared data work on `pieces.data`. The
 * e2e server answers with the OpenAI fake, so the builder is called here for the page, which is
 * saved as a public Piece and opened at once by its owner (signed in) and a visitor (signed
 * out, another browser): each sees the other's vote and entry live, signed by the server, with
 * Remove offered only on their own entries.
 */
async function publish(page: Page, prompt: string) {
  const { username } = await signIn(page)
  const name = uniqueUsername('shared')
  expect((await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })).status()).toBe(201)
  await saveCode(page, name, offlineGenerate(prompt, '').code)
  return { name, username }
}

async function open(page: Page, name: string) {
  await page.goto(`/${name}`)
  const piece = page.frameLocator('iframe[title]').first()
  await expect(piece.locator('body[data-ready="yes"]')).toBeAttached()
  return piece
}

test('an offline poll: two visitors see each other’s vote live, one vote each', async ({ page, browser }) => {
  const { name } = await publish(page, 'a poll for our team lunch with pizza, tacos and sushi')
  const owner = await open(page, name)
  const visitorContext = await browser.newContext()
  const visitor = await open(await visitorContext.newPage(), name)

  await owner.getByRole('button', { name: 'Pizza: 0 votes' }).click()
  await expect(visitor.getByRole('button', { name: 'Pizza: 1 vote' })).toBeVisible()
  await expect(owner.getByRole('status')).toHaveText('You voted for Pizza.')
  // One vote each: the owner's buttons are done; the visitor's are not.
  await expect(owner.getByRole('button', { name: 'Tacos: 0 votes' })).toBeDisabled()

  await visitor.getByRole('button', { name: 'Tacos: 0 votes' }).click()
  await expect(owner.getByRole('button', { name: 'Tacos: 1 vote' })).toBeVisible()
  await expect(owner.getByText('2 votes')).toBeVisible()
  await expect(visitor.getByText('2 votes')).toBeVisible()
  await visitorContext.close()
})

test('an offline guestbook: an entry appears live on the other page, signed by the server, removable only by its writer there', async ({ page, browser }) => {
  const { name, username } = await publish(page, 'a guestbook for my website')
  const owner = await open(page, name)
  const visitorContext = await browser.newContext()
  const visitor = await open(await visitorContext.newPage(), name)

  await visitor.getByLabel('Message', { exact: true }).fill('Lovely site')
  await visitor.getByRole('button', { name: 'Sign the guestbook' }).click()
  const seen = owner.getByRole('listitem').filter({ hasText: 'Lovely site' })
  await expect(seen).toContainText(/visitor [0-9a-f]{4}/)
  await expect(seen.getByRole('button', { name: 'Remove' })).toHaveCount(0)

  await owner.getByLabel('Message', { exact: true }).fill('Thanks for visiting')
  await owner.getByRole('button', { name: 'Sign the guestbook' }).click()
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Thanks for visiting' })).toContainText(`@${username}`)
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Thanks for visiting' }).getByRole('button', { name: 'Remove' })).toHaveCount(0)

  // The visitor removes their own entry, and it leaves the owner's open page.
  await visitor.getByRole('listitem').filter({ hasText: 'Lovely site' }).getByRole('button', { name: 'Remove' }).click()
  await expect(owner.getByRole('listitem')).toHaveCount(1)
  await expect(owner.getByRole('listitem')).toContainText('Thanks for visiting')
  await visitorContext.close()
})

test('an offline game with a leaderboard: a finished game posts its result, and the other player sees it in the top 10, signed by the server', async ({
  page,
  browser,
}) => {
  const { name, username } = await publish(page, 'guess the number between 1 and 50 with a leaderboard')
  const owner = await open(page, name)
  const visitorContext = await browser.newContext()
  const visitor = await open(await visitorContext.newPage(), name)
  await expect(owner.getByText('No scores yet: finish a game to post the first.')).toBeVisible()

  // The owner plays to the end, halving the range on each hint.
  let [low, high] = [1, 50]
  let tries = 0
  const hint = owner.locator('#hint')
  for (;;) {
    const guess = Math.floor((low + high) / 2)
    tries += 1
    await owner.getByLabel('Your guess').fill(String(guess))
    await owner.getByRole('button', { name: 'Guess' }).click()
    await expect(owner.getByText(`Tries: ${tries}`)).toBeVisible()
    const said = (await hint.textContent()) ?? ''
    if (said.startsWith('Yes!')) break
    if (said.startsWith('Higher')) low = guess + 1
    else high = guess - 1
  }
  await expect(owner.getByRole('status').filter({ hasText: 'is posted' })).toHaveText(`Your result of ${tries} tries is posted.`)
  // The other player's open page shows it at once, signed with the owner's name by the server.
  const board = visitor.getByRole('list', { name: 'Top 10' })
  await expect(board.getByRole('listitem')).toHaveCount(1)
  await expect(board.getByRole('listitem')).toContainText(`@${username}`)
  await expect(board.getByRole('listitem')).toContainText(`${tries} tries`)
  await expect(board.getByRole('button', { name: 'Remove' })).toHaveCount(0)
  await visitorContext.close()
})
