import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { ownMessage, steer } from './model'
import { ownPiece } from './checks'

/** Issue 40: what the review's end-to-end tests share — a page, and a follow-up the fake answers with four operations. */

export const CAFE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Cafe</title></head>
<body>
<header><h1>Cafe Corner</h1></header>
<main><p class="lead">Fresh coffee daily.</p><button id="order">Order</button></main>
<footer><p>Made with care</p></footer>
</body>
</html>`

/** The turn, in order: the title's colour; a section; a patch inside that section (it needs it); the footer removed. */
export const FOUR_CHANGES = [
  { type: 'replace', target: '<h1>Cafe Corner</h1>', content: '<h1 style="color: green">Cafe Corner</h1>' },
  {
    type: 'insert',
    target: '<button id="order">Order</button></main>',
    content: '\n<section id="hours"><h2>Opening hours</h2><p id="days">Mon to Fri</p></section>',
  },
  { type: 'replace', target: '<p id="days">Mon to Fri</p>', content: '<p id="days">Mon to Sat</p>' },
  { type: 'delete', target: '<footer><p>Made with care</p></footer>' },
] as const

/** The code with the changes `kept` (indexes into FOUR_CHANGES), as the product must build it. */
export function cafeWith(kept: number[]) {
  let code = CAFE
  for (const index of kept) {
    const change = FOUR_CHANGES[index]!
    if (change.type === 'replace') code = code.replace(change.target, change.content)
    else if (change.type === 'insert') code = code.replace(change.target, `${change.target}${change.content}`)
    else code = code.replace(change.target, '')
  }
  return code
}

/** Steers this test's follow-up: a plan of one step, and that step answered with the four operations. */
export async function steerFourChanges(page: Page, message: string) {
  await steer(page, { match: ['You plan', message], content: '```json\n{"steps": ["Make the changes"]}\n```' })
  await steer(page, { match: [`Request: ${message}`, 'Step 1 of'], content: `\`\`\`json\n${JSON.stringify({ patches: FOUR_CHANGES })}\n\`\`\`` })
}

/** A signed-in owner's Piece with the cafe page saved: its name and id. */
export const cafePiece = (page: Page) => ownPiece(page, 'review', CAFE)

/** A follow-up message of this test's own. */
export const followUp = () => ownMessage('tidy the cafe page')

/** The Piece's draft as the API gives it. */
export async function savedDraft(page: Page, name: string) {
  const response = await page.request.get(`/api/private/pieces/by-name?name=${name}&_t=${Date.now()}`)
  expect(response.status(), await response.text()).toBe(200)
  const piece = (await response.json()) as {
    draftData: { historyIndex: number; exchangeHistory: { assistantMessage: { content: string }; note?: string }[] } | null
  }
  return piece.draftData
}
