import { CANNOT } from '../../app/chat/offline'
import { recordAnsweredExchange } from './database'
import { expect, signIn, test } from './fixtures'

test('a request the offline builder answered shows its answer in the chat, with and without JavaScript', async ({ page }) => {
  await signIn(page)
  const name = `answer_${Math.random().toString(36).slice(2, 9)}`
  await page.goto('/pieces')
  await page.getByLabel('Piece name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Create Piece' }).click()
  await expect(page).toHaveURL(`/pieces/${name}`)

  const answer = CANNOT('it did not understand “connect it to my Google calendar”')
  await recordAnsweredExchange(name, 'connect it to my Google calendar', answer)
  await page.reload()
  const history = page.getByRole('list', { name: 'Chat history' })
  await expect(history.getByText('connect it to my Google calendar', { exact: true })).toBeVisible()
  await expect(history.getByTestId('assistant-answer')).toHaveText(answer)
  await expect(history.getByText(/^Answered/)).toBeVisible()
})
