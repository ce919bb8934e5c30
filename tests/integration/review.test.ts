import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import type { CheckStep } from '../../app/checks/schema'
import { createCheck } from '../../app/checks/checks.server'
import { applyPatches, type DiffOperation } from '../../app/generation/patch'
import { applyTurnSubset, checkTurnSubset, subsetChecks, turnReview } from '../../app/generation/review/review.server'
import { ReviewWords } from '../../app/generation/review/words'
import { jsonb, sql } from '../../app/lib/db.server'
import { isDomainError } from '../../app/lib/errors'
import { forgetProcessBoss } from '../../app/lib/jobs.server'
import { codeVersion } from '../../app/pieces/code-version'
import { readDraft, undo, type DraftData } from '../../app/pieces/draft'
import { createPiece, getOwnPiece, updatePiece } from '../../app/pieces/pieces.server'
import { startVersionChecksWorker } from '../../jobs/version-checks'
import { startBoss } from '../../runtime/boss'
import { startPreviewOrigin } from '../support/preview-origin'

/**
 * Issue 40: a turn of a Piece's draft reviewed change by change (real PostgreSQL), the
 * version with the changes kept made the newest point of the history, and a chosen version
 * checked in the worker's real browser (real pg-boss, the system Chromium) before it is offered.
 */
const BASE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Counter</title></head><body><main>
  <h1 style="color: green">Counter</h1>
  <p>Count: <span id="count">0</span></p>
  <button type="button" id="plus">+</button>
  <footer>Made with Pieces</footer>
</main>
<script>let n = 0; const c = document.getElementById('count'); document.getElementById('plus').onclick = () => { n += 1; c.textContent = n }</script>
</body></html>`

const OPERATIONS: DiffOperation[] = [
  { type: 'replace', target: 'style="color: green"', content: 'style="color: blue"' },
  { type: 'insert', target: '<button type="button" id="plus">+</button>', content: '\n  <section id="hours"><h2>Opening hours</h2><p>9 to 5</p></section>' },
  { type: 'replace', target: '<p>9 to 5</p>', content: '<p>9 to 6</p>' },
  { type: 'delete', target: '\n  <footer>Made with Pieces</footer>' },
]

async function owner(): Promise<{ userId: number; pieceId: number }> {
  const created = await registerWithPassword(`review.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const piece = await createPiece(created.userId, { name: `review_${Math.random().toString(36).slice(2, 9)}` })
  return { userId: created.userId, pieceId: piece.id }
}

/** A Piece whose saved code is `base` and whose draft holds one turn answered with `operations` (as a follow-up answered with patches is kept). */
async function withTurn(base: string, operations: DiffOperation[], message = 'make it blue, add hours, drop the footer') {
  const user = await owner()
  await updatePiece(user.userId, user.pieceId, { code: base })
  const draft: DraftData = {
    currentInput: '',
    currentAttachments: [],
    historyIndex: 0,
    exchangeHistory: [
      {
        userMessage: { role: 'user', content: message, attachments: [] },
        assistantMessage: { role: 'assistant', content: applyPatches(base, operations).code, attachments: [], patches: operations },
        tokensUsed: 500,
        receipt: {
          calls: [
            { kind: 'plan', inputTokens: 100, outputTokens: 20 },
            { kind: 'step', title: 'Do it', inputTokens: 300, outputTokens: 80 },
          ],
          used: 500,
          charged: 500,
          billable: 0,
          billedCents: 0,
          saved: 0,
        },
      },
    ],
  }
  await sql`update pieces set draft = ${jsonb(sql, draft)} where id = ${user.pieceId}`
  return user
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    if (isDomainError(error)) return { kind: error.kind, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

describe("a turn's changes (issue 40.1, 40.4)", () => {
  it('lists each operation in words, with what it needs and its share of the output tokens', async () => {
    const user = await withTurn(BASE, OPERATIONS)
    const review = await turnReview(user.userId, user.pieceId, 0)
    expect(review).toMatchObject({ reviewable: true, exchange: 0, message: 'make it blue, add hours, drop the footer' })
    if (!review.reviewable) throw new Error(review.reason)
    expect(review.changes.map((change) => change.words)).toEqual([
      'Changed the colour of the title ‘Counter’',
      'Added the section ‘Opening hours’',
      'Changed the text of the paragraph ‘9 to 5’',
      'Removed the footer ‘Made with Pieces’',
    ])
    expect(review.changes.map((change) => change.needs)).toEqual([[], [], [1], []])
    // Only the step wrote operations: its 80 output tokens are shared out, the plan's are not.
    expect(review.changes.reduce((sum, change) => sum + change.outputTokens, 0)).toBe(80)
  })

  it('is the owner’s only, and says when there is no such turn', async () => {
    const user = await withTurn(BASE, OPERATIONS)
    const stranger = await owner()
    expect(await refusal(turnReview(stranger.userId, user.pieceId, 0))).toMatchObject({ kind: 'not-found' })
    expect(await refusal(turnReview(user.userId, user.pieceId, 1))).toEqual({ kind: 'not-found', message: ReviewWords.noTurn })
  })
})

describe('keeping some of a turn’s changes (issue 40.2)', () => {
  it('makes the version with the chosen ones the newest point of the history, with 0 tokens, and Undo steps back over it', async () => {
    const user = await withTurn(BASE, OPERATIONS)
    const draft = await applyTurnSubset(user.userId, user.pieceId, 0, [0, 1, 2], 0)
    expect(draft.historyIndex).toBe(1)
    const made = draft.exchangeHistory[1]!
    expect(made).toMatchObject({ tokensUsed: 0, note: 'Kept 3 of 4 changes of “make it blue, add hours, drop the footer”' })
    expect(made.assistantMessage.content).toBe(applyPatches(BASE, OPERATIONS.slice(0, 3)).code)
    const saved = readDraft((await getOwnPiece(user.userId, user.pieceId))!.draftData)
    expect(saved.exchangeHistory[1]!.assistantMessage.content).toContain('<footer>Made with Pieces</footer>')
    expect(saved.exchangeHistory[1]!.assistantMessage.content).toContain('color: blue')
    expect(undo(saved).historyIndex).toBe(0)
    // The new version is queued for its checks, under its code version.
    const [queued] = await sql<{ version: string }[]>`select version from piece_version_checks where piece_id = ${user.pieceId}`
    expect(queued?.version).toBe(codeVersion(made.assistantMessage.content))
  })

  it('drops what needs a dropped change with it', async () => {
    const user = await withTurn(BASE, OPERATIONS)
    const draft = await applyTurnSubset(user.userId, user.pieceId, 0, [0, 2, 3])
    const code = draft.exchangeHistory[1]!.assistantMessage.content
    expect(code).toBe(applyPatches(BASE, [OPERATIONS[0]!, OPERATIONS[3]!]).code)
    expect(draft.exchangeHistory[1]!.note).toBe('Kept 2 of 4 changes of “make it blue, add hours, drop the footer”')
  })

  it('refuses what cannot be applied, and writes nothing', async () => {
    const user = await withTurn(BASE, OPERATIONS)
    const stranger = await owner()
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, []))).toEqual({ kind: 'invalid', message: ReviewWords.keepSome })
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, [2]))).toEqual({ kind: 'invalid', message: ReviewWords.keepSome })
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, [0, 1, 2, 3]))).toEqual({ kind: 'invalid', message: ReviewWords.keptAll })
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, [0, 9]))).toEqual({ kind: 'invalid', message: ReviewWords.noSuchChange })
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, [0], 3))).toEqual({ kind: 'conflict', message: ReviewWords.notNewest })
    expect(await refusal(applyTurnSubset(stranger.userId, user.pieceId, 0, [0]))).toMatchObject({ kind: 'not-found' })
    const [running] = await sql<{ id: number }[]>`
      insert into generations (piece_id, user_id, model, request, status, stage) values (${user.pieceId}, ${user.userId}, 'gpt-4o', '{}', 'running', 'generating')
      returning id::int as id`
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, [0]))).toEqual({ kind: 'conflict', message: ReviewWords.whileBuilding })
    await sql`update generations set status = 'stopped', finished_at = now() where id = ${running!.id}`
    const draft = readDraft((await getOwnPiece(user.userId, user.pieceId))!.draftData)
    expect(draft.exchangeHistory).toHaveLength(1)
    // From an earlier point of the history (after an Undo past a later version): refused.
    await applyTurnSubset(user.userId, user.pieceId, 0, [0])
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, [1]))).toEqual({ kind: 'conflict', message: ReviewWords.notNewest })
  })

  it('says a turn written whole cannot be reviewed or applied in parts', async () => {
    const user = await withTurn(BASE, OPERATIONS)
    await sql`update pieces set draft = jsonb_set(draft, '{exchangeHistory,0,assistantMessage,content}', to_jsonb('<p>rewritten</p>'::text)) where id = ${user.pieceId}`
    expect(await turnReview(user.userId, user.pieceId, 0)).toMatchObject({ reviewable: false, reason: ReviewWords.notReviewable })
    expect(await refusal(applyTurnSubset(user.userId, user.pieceId, 0, [0]))).toEqual({ kind: 'conflict', message: ReviewWords.notReviewable })
  })
})

const PLUS_RAISES: CheckStep[] = [
  { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
  { action: 'expect-text', target: { by: 'id', id: 'count' }, text: '1' },
]

describe('a chosen version checked before it is offered (issue 40.3)', { timeout: 120_000 }, () => {
  let boss: PgBoss
  let stopPreview: () => Promise<void>
  beforeAll(async () => {
    stopPreview = await startPreviewOrigin()
    boss = await startBoss(process.env.DATABASE_URL!)
    await startVersionChecksWorker(boss)
  })
  afterAll(async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
    forgetProcessBoss()
    await stopPreview()
  })

  /** Waits for the worker to have checked the version (a state this test caused), then answers what it found. */
  async function checked(userId: number, pieceId: number, version: string) {
    for (;;) {
      const found = await subsetChecks(userId, pieceId, version)
      if (found?.state === 'checked') return found
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  it('runs the browser check and the Piece’s checks on the version with the chosen changes', async () => {
    const breaksPlus: DiffOperation[] = [
      { type: 'replace', target: '<h1 style="color: green">', content: '<h1 style="color: blue">' },
      { type: 'replace', target: 'n += 1', content: 'n += 0' },
    ]
    const user = await withTurn(BASE, breaksPlus, 'make it blue')
    await createCheck(user.userId, user.pieceId, { name: 'plus raises the count', steps: PLUS_RAISES })

    const withBreak = await checkTurnSubset(user.userId, user.pieceId, 0, [1])
    expect(withBreak.version).toBe(codeVersion(applyPatches(BASE, [breaksPlus[1]!]).code))
    const colourOnly = await checkTurnSubset(user.userId, user.pieceId, 0, [0])

    expect(await checked(user.userId, user.pieceId, withBreak.version)).toMatchObject({
      loaded: { ok: true, errors: [] },
      passed: 0,
      total: 1,
      checks: [{ name: 'plus raises the count', status: 'fail' }],
    })
    expect(await checked(user.userId, user.pieceId, colourOnly.version)).toMatchObject({
      loaded: { ok: true },
      passed: 1,
      total: 1,
      checks: [{ status: 'pass' }],
    })
    // Someone else cannot ask for it.
    const stranger = await owner()
    expect(await refusal(checkTurnSubset(stranger.userId, user.pieceId, 0, [0]))).toMatchObject({ kind: 'not-found' })
  })
})
