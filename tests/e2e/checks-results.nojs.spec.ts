import { breaksWords, CheckWords, type CheckStep } from '../../app/checks/schema'
import { CHECKED_COUNTER, checkedCounterPage, DEAD_PLUS, STUBBORN } from '../fakes/openai'
import { expect, saveCode, signIn, test } from './fixtures'

/**
 * Issue 31.5: without JavaScript the chat shows how a version's checks went and Accept says
 * what it breaks; the Piece menu lists the checks (its own test: checks-menu.both.spec.ts).
 */
const PLUS_RAISES: CheckStep[] = [
  { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
  { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
  { action: 'expect-text', target: { by: 'id', id: 'count' }, text: '2' },
]

test('the chat names a failing check and Accept warns, without JavaScript', async ({ page }) => {
  await signIn(page)
  const name = `checked_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await saveCode(page, name, checkedCounterPage(`a ${CHECKED_COUNTER}`, true))
  const saved = await page.request.post(`/api/private/pieces/${id}/checks`, { data: { name: 'plus raises the count', steps: PLUS_RAISES } })
  expect(saved.status(), await saved.text()).toBe(201)
  // The new check runs on the saved version in the worker: wait for its result.
  await expect
    .poll(
      async () => {
        const listed = (await (await page.request.get(`/api/private/pieces/${id}/checks`)).json()) as { data: { lastResult: { status: string } | null }[] }
        return listed.data[0]?.lastResult?.status ?? null
      },
      { timeout: 60_000 },
    )
    .toBe('pass')

  await page.goto(`/pieces/${name}`)
  const message = `a ${CHECKED_COUNTER} whose ${DEAD_PLUS}, ${STUBBORN}`
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  // Without JavaScript the page refreshes itself until the build is done.
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete', { timeout: 60_000 })
  const history = page.getByRole('list', { name: 'Chat history' })
  const result = history.getByTestId('checks-result').last()
  await expect(result).toContainText('0 of 1 checks pass')
  await expect(result).toContainText('“plus raises the count” fails at step 3')
  await expect(page.getByTestId('accept-breaks')).toHaveText(breaksWords(['plus raises the count']))
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveAccessibleDescription(breaksWords(['plus raises the count']))

  // The menu's list says the same of the version shown.
  await page.getByTestId('piece-menu').locator(':scope > summary').click()
  const check = page.getByTestId('check')
  await expect(check.getByTestId('check-result')).toContainText('Fails at step 3')
  await expect(page.getByText(CheckWords.needsJavaScript)).toBeVisible()
})
