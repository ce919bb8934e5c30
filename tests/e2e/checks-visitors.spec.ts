import { CheckWords, stepWords, type CheckStep } from '../../app/checks/schema'
import { DATA_TOGGLE_WORDS } from '../../app/piece-data/data-space-toggle'
import { firstCheckResult, ownPiece } from './checks'
import { expect, test } from './fixtures'

// The saved check runs in the worker, in a queue other specs use too: on a busy machine that is minutes.
test.describe.configure({ timeout: 300_000 })

/**
 * Issue 39.6: a check that acts as two visitors, recorded through the preview. The owner signs
 * a guestbook as the check's first visitor, switches to a second one (the preview loads the
 * Piece again as them, on the same data of the recording's own), picks that the entry shows,
 * saves, and the worker runs it and it passes.
 */
const GUESTBOOK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guestbook</title></head><body>
<h1>Guestbook</h1>
<p id="me">…</p>
<form id="sign"><label>Message <input id="message"></label><button>Sign</button></form>
<ul id="entries"></ul>
<script>
  var list = document.getElementById('entries')
  function draw() {
    return pieces.data.shared.list('entries', { order: 'oldest' }).then(function (page) {
      list.replaceChildren.apply(list, page.records.map(function (record) {
        var item = document.createElement('li')
        item.textContent = record.by.name + ': ' + record.value
        return item
      }))
    })
  }
  pieces.data.whoami().then(function (me) { document.getElementById('me').textContent = 'Signing as ' + me.name })
  document.getElementById('sign').onsubmit = function (event) {
    event.preventDefault()
    var input = document.getElementById('message')
    pieces.data.shared.add('entries', input.value).then(function () { input.value = ''; return draw() })
  }
  draw()
</script></body></html>`

test('record "a second visitor sees the entry" with the switch, by keyboard, save it, and see it pass', async ({ page }) => {
  const { name, id } = await ownPiece(page, 'visitors', GUESTBOOK)
  await page.goto(`/pieces/${name}`)
  const preview = page.frameLocator(`iframe[title="${name} preview"]`).frameLocator('#piece')
  const record = page.getByRole('button', { name: CheckWords.record })
  await expect(record).toBeEnabled({ timeout: 30_000 })
  // The editor's preview is the owner's, on their test data (the Piece's first token can take a while on a busy machine).
  await expect(preview.locator('#me')).toHaveText(/^Signing as @/, { timeout: 30_000 })
  await record.click()
  const panel = page.getByRole('region', { name: CheckWords.record })
  const hint = panel.getByTestId('record-hint')
  await expect(hint).toHaveText(CheckWords.recording.using)
  // Recording acts as the check's first visitor, on data of its own: the Test / Public switch gives way to saying so.
  await expect(preview.locator('#me')).toHaveText('Signing as visitor 1', { timeout: 30_000 })
  await expect(page.getByRole('group', { name: 'Data the preview uses' })).toHaveCount(0)
  await expect(page.getByText(DATA_TOGGLE_WORDS.recording)).toBeVisible()

  await preview.getByLabel('Message').fill('Hello')
  await preview.getByRole('button', { name: 'Sign' }).click()
  await expect(preview.getByRole('listitem')).toHaveText(['visitor 1: Hello'])
  const steps = panel.getByTestId('record-step')
  const typed: CheckStep = { action: 'fill', target: { by: 'role', role: 'textbox', name: 'Message' }, value: 'Hello' }
  const signed: CheckStep = { action: 'click', target: { by: 'role', role: 'button', name: 'Sign' } }
  await expect(steps).toHaveText([typed, signed].map(stepWords))

  // The switch, from the keyboard: a step in words, and the Piece again as a second visitor of the same data.
  const toSecond = panel.getByRole('button', { name: CheckWords.visitors.switchTo[2] })
  await toSecond.focus()
  await page.keyboard.press('Enter')
  await expect(steps.last()).toHaveText('Now as a second visitor')
  await expect(panel.getByTestId('record-visitor')).toHaveText(CheckWords.visitors.acting)
  await expect(preview.locator('#me')).toHaveText('Signing as visitor 2', { timeout: 30_000 })
  await expect(preview.getByRole('listitem')).toHaveText(['visitor 1: Hello'])
  await expect(hint).toHaveText(CheckWords.recording.using)
  await expect(panel.getByRole('button', { name: CheckWords.visitors.switchTo[1] })).toBeEnabled()

  // Picking the entry as the second visitor: what it reads is a step at once.
  await panel.getByRole('button', { name: CheckWords.recording.pick }).click()
  await expect(hint).toHaveText(CheckWords.recording.picking)
  await preview.getByRole('listitem').click()
  const sees = 'Check that the list item reads ‘visitor 1: Hello’'
  await expect(steps).toHaveText([...[typed, signed].map(stepWords), 'Now as a second visitor', sees])
  const nameField = panel.getByLabel(CheckWords.recording.name)
  await expect(nameField).toHaveValue(/, then for a second visitor the list item/)
  await nameField.fill('a second visitor sees the entry')
  await panel.getByRole('button', { name: CheckWords.recording.save }).click()
  await expect(page.getByText(CheckWords.saved)).toBeVisible()
  await expect(panel).toHaveCount(0)
  // Back on the owner's test data: nothing the recording's visitors wrote is there.
  await expect(preview.locator('#me')).toHaveText(/^Signing as @/, { timeout: 30_000 })
  await expect(preview.getByRole('listitem')).toHaveCount(0)

  const listed = (await (await page.request.get(`/api/private/pieces/${id}/checks`)).json()) as { data: { steps: unknown[]; words: string[] }[] }
  expect(listed.data[0]?.steps.slice(0, 3)).toEqual([typed, signed, { action: 'switch-visitor', visitor: 2 }])
  expect(listed.data[0]?.words).toEqual([...[typed, signed].map(stepWords), 'Now as a second visitor', sees])
  // The worker runs it on empty data of its own, as two visitors in two pages: it passes.
  await firstCheckResult(page, id, 'pass')
})
