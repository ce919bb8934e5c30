import { breaksWords, CheckWords } from '../../app/checks/schema'
import { CHECKED_COUNTER, checkedCounterPage, DEAD_PLUS, STUBBORN } from '../fakes/openai'
import { addCheck, firstCheckResult, ownPiece, PLUS_RAISES } from './checks'
import { expect, test } from './fixtures'

// A failing check is run twice (then repaired and run twice again), each run waiting out its steps' limit: on a busy machine that is minutes.
const BUILD_WITH_CHECKS_MS = 180_000
test.describe.configure({ timeout: 420_000 })

/**
 * Issue 31.5: without JavaScript the chat shows how a version's checks went and Accept says
 * what it breaks; the Piece menu lists the checks (its own test: checks-menu.both.spec.ts).
 */
test('the chat names a failing check and Accept warns, without JavaScript', async ({ page }) => {
  const { name, id } = await ownPiece(page, 'checked', checkedCounterPage(`a ${CHECKED_COUNTER}`, true))
  await addCheck(page, id, 'plus raises the count', PLUS_RAISES)
  await firstCheckResult(page, id, 'pass')

  await page.goto(`/pieces/${name}`)
  const message = `a ${CHECKED_COUNTER} whose ${DEAD_PLUS}, ${STUBBORN}`
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  // Without JavaScript the page refreshes itself until the build is done.
  await expect(page.getByTestId('chat-status')).toHaveText('Generation complete', { timeout: BUILD_WITH_CHECKS_MS })
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
