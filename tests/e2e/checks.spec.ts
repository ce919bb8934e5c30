import type { Page } from '@playwright/test'
import { breaksWords, CheckWords } from '../../app/checks/schema'
import { CHECKED_COUNTER, DEAD_PLUS, STUBBORN } from '../fakes/openai'
import { firstCheckResult, ownPiece } from './checks'
import { expect, test } from './fixtures'

// A failing check is run twice (then repaired and run twice again), each run waiting out its steps' limit: on a busy machine that is minutes.
const BUILD_WITH_CHECKS_MS = 180_000
test.describe.configure({ timeout: 420_000 })

/**
 * Issue 31, end to end: record "plus raises the count" on a counter from the preview, make
 * a follow-up that breaks it (the OpenAI fake answers a page whose plus does nothing, laid
 * out differently), see the failure named in the chat and on Accept, then let the repair
 * fix it and see "1 of 1 checks pass".
 */

const history = (page: Page) => page.getByRole('list', { name: 'Chat history' })
const status = (page: Page) => page.getByTestId('chat-status')

async function send(page: Page, message: string) {
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toHaveText('Generation complete', { timeout: BUILD_WITH_CHECKS_MS })
  await expect(history(page).getByText(message)).toBeVisible()
}

test('record a check, see a follow-up break it (in the chat and on Accept), and the repair fix it', async ({ page }) => {
  const { name, id } = await ownPiece(page, 'checked')
  await page.goto(`/pieces/${name}`)

  // A counter, built and accepted.
  await send(page, `a ${CHECKED_COUNTER}`)
  await page.getByRole('button', { name: 'Accept' }).click()
  await page.getByRole('dialog', { name: 'Accept Generation' }).getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0)

  // Record: press + twice, pick the count, "reads 2", name it, save.
  const preview = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  const record = page.getByRole('button', { name: CheckWords.record })
  await expect(record).toBeEnabled()
  await record.click()
  const panel = page.getByRole('region', { name: CheckWords.record })
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.using)
  await preview.getByRole('button', { name: '+' }).click()
  await preview.getByRole('button', { name: '+' }).click()
  await expect(preview.locator('#count')).toHaveText('2')
  await expect(panel.getByTestId('record-step')).toHaveCount(2)
  await panel.getByRole('button', { name: CheckWords.recording.pick }).click()
  await expect(panel.getByTestId('record-hint')).toHaveText(CheckWords.recording.picking)
  // One click: what the count reads is a step at once.
  await preview.locator('#count').click()
  await expect(panel.getByTestId('record-step').last()).toHaveText('Check that the count reads ‘2’')
  await panel.getByLabel(CheckWords.recording.name).fill('plus raises the count')
  await panel.getByRole('button', { name: CheckWords.recording.save }).click()
  await expect(page.getByText(CheckWords.saved)).toBeVisible()

  // The new check runs on the accepted version in the worker: wait for its result there.
  await firstCheckResult(page, id, 'pass')

  // A follow-up kills the plus, and the repair cannot bring it back: the chat names the failure, Accept warns.
  await send(page, `a ${CHECKED_COUNTER} whose ${DEAD_PLUS}, ${STUBBORN}`)
  const result = history(page).getByTestId('checks-result').last()
  await expect(result).toContainText('0 of 1 checks pass')
  await expect(result).toContainText('“plus raises the count” fails at step 3: Expected the count to read “2”, but it reads “0”.')
  await expect(result.getByRole('img', { name: 'The page when “plus raises the count” failed' })).toBeVisible()
  // Still failing after the repair: not charged, and the receipt says why.
  await expect(history(page).getByTestId('receipt').last()).toContainText('Refunded: a check still fails')
  const warning = breaksWords(['plus raises the count'])
  await expect(page.getByTestId('accept-breaks')).toHaveText(warning)
  await page.getByRole('button', { name: 'Accept' }).click()
  const dialog = page.getByRole('dialog', { name: 'Accept Generation' })
  await expect(dialog).toContainText(warning)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'Reject' }).click()
  await page.getByRole('dialog', { name: 'Reject Generation' }).getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0)

  // The same break, and this time the repair fixes it.
  await send(page, `a ${CHECKED_COUNTER} whose ${DEAD_PLUS}`)
  const fixed = history(page).getByTestId('checks-result').last()
  await expect(fixed).toHaveText('1 of 1 checks pass')
  await expect(history(page).getByTestId('verification').last()).toContainText('Fixed: The check “plus raises the count” fails')
  await expect(page.getByTestId('accept-breaks')).toHaveCount(0)
  await preview.getByRole('button', { name: '+' }).click()
  await expect(preview.locator('#count')).toHaveText('1')
})
