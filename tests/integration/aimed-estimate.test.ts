import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { DEFAULT_SPREAD, estimateCost, turnKind, turnPromptTokens } from '../../app/generation/estimate'
import { codeVersion } from '../../app/pieces/code-version'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import { builderResponder } from '../fakes/openai'
import { StoredResult } from '../../app/generation/stored'
import { postJson, useGenerateWorker, type RouteHandler } from '../support/routes'

/**
 * Issue 37.10: a send aimed at an element picked in the preview shows the model that element
 * and its ancestors' start tags, not the page; its estimate counts the same, so what the fake
 * model then uses falls inside it, where the page's size had put the old estimate far above.
 */
const model = useGenerateWorker({ model: true })

const PARAGRAPHS = Array.from({ length: 300 }, (_, index) => `<p>Paragraph ${index}: a long page of notes that the aimed turn never reads.</p>`).join('\n')
const PAGE = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Notes</title></head>\n<body><main><h1>Notes</h1>\n${PARAGRAPHS}\n</main></body></html>`
const ELEMENT = '<h1>Notes</h1>'

/** A new user's API token and a Piece of theirs holding PAGE. */
async function ownPage(label: string) {
  const created = await registerWithPassword(`${label}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const piece = await createPiece(created.userId, { name: `${label}_${Math.random().toString(36).slice(2, 9)}` })
  await sql`update pieces set code = ${PAGE} where id = ${piece.id}`
  return { token, piece }
}
const aimedAtTitle = () => ({ version: codeVersion(PAGE), at: PAGE.indexOf(ELEMENT), tag: 'h1' })

describe('an aimed send', () => {
  it('is reserved, recorded and estimated from the element it sends, and the fake’s usage falls inside its estimate', async () => {
    model().setResponder(builderResponder)
    const { token, piece } = await ownPage('aimed')
    const message = 'make it red'
    const target = aimedAtTitle()

    const response = await postJson(
      send.action as RouteHandler,
      '/api/private/piece-user-usage',
      { Authorization: `Bearer ${token}` },
      { pieceId: piece.id, message, target },
    )
    expect(response.status, await response.clone().text()).toBe(200)
    const [row] = await sql<{ kind: string; prompt: number; used: number }[]>`
      select kind, prompt_tokens as prompt, used_tokens as used from generations where piece_id = ${piece.id}`
    expect(row!.kind).toBe('aimed')

    // What the page estimates with (the element and its ancestors, as the server locates them).
    const aimed = { element: ELEMENT, ancestors: ['<html lang="en">', '<body>', '<main>'] }
    const prompt = turnPromptTokens({ message, code: PAGE, messageHistory: [], attachments: [], aimed })
    expect(row!.prompt).toBe(prompt)
    expect(turnKind(PAGE, true)).toBe('aimed')
    const estimate = estimateCost(prompt, DEFAULT_SPREAD.aimed)
    expect(row!.used).toBeGreaterThanOrEqual(estimate.low)
    expect(row!.used).toBeLessThanOrEqual(estimate.high)
    // Counted from the page, as before, the estimate started well above what the turn used.
    const asPage = estimateCost(turnPromptTokens({ message, code: PAGE, messageHistory: [], attachments: [] }), DEFAULT_SPREAD.edit)
    expect(asPage.low).toBeGreaterThan(row!.used * 3)
  })

  it('made as "Redo this change" (issue 40.4) is one call with no plan, recorded as a redo and inside its own estimate', async () => {
    model().setResponder(builderResponder)
    const { token, piece } = await ownPage('redo')
    const message = `make it blue, not green ${Math.random().toString(36).slice(2, 8)}`
    const target = aimedAtTitle()
    const before = model().requests.length

    const response = await postJson(
      send.action as RouteHandler,
      '/api/private/piece-user-usage',
      { Authorization: `Bearer ${token}` },
      { pieceId: piece.id, message, target, redo: true },
    )
    expect(response.status, await response.clone().text()).toBe(200)
    // The model was asked once, for the element, and never to plan.
    const asked = model()
      .requests.slice(before)
      .filter((request) => JSON.stringify(request.messages).includes(message))
    expect(asked).toHaveLength(1)
    expect(JSON.stringify(asked[0]!.messages)).not.toContain('You plan')
    const [row] = await sql<{ kind: string; prompt: number; used: number; result: unknown }[]>`
      select kind, prompt_tokens as prompt, used_tokens as used, result from generations where piece_id = ${piece.id}`
    expect(row!.kind).toBe('redo')
    const result = StoredResult.parse(row!.result)
    expect(result.code).toContain(`Aimed: ${message}`)
    // Its receipt charges that one call.
    expect(result.calls?.map((call) => call.kind)).toEqual(['step'])
    const aimed = { element: ELEMENT, ancestors: ['<html lang="en">', '<body>', '<main>'] }
    const estimate = estimateCost(turnPromptTokens({ message, code: PAGE, messageHistory: [], attachments: [], aimed }), DEFAULT_SPREAD.redo)
    expect(row!.used).toBeGreaterThanOrEqual(estimate.low)
    expect(row!.used).toBeLessThanOrEqual(estimate.high)
  })

  it('refuses a redo flag that is not true or false, and starts nothing', async () => {
    const created = await registerWithPassword(`redo.bad.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const { token } = await issueToken(created.userId)
    const piece = await createPiece(created.userId, { name: `redo_${Math.random().toString(36).slice(2, 9)}` })
    const response = await postJson(
      send.action as RouteHandler,
      '/api/private/piece-user-usage',
      { Authorization: `Bearer ${token}` },
      { pieceId: piece.id, message: 'again', redo: 'yes' },
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'redo must be true or false' })
    const [started] = await sql<{ count: number }[]>`select count(*)::int as count from generations where piece_id = ${piece.id}`
    expect(started?.count).toBe(0)
  })
})
