import { expect, test, type APIRequestContext } from '@playwright/test'
import { applyPatches, type DiffOperation } from '../../app/generation/patch'

/**
 * Issue 40.6: API clients get a turn's changes and apply a subset, over HTTP with bearer
 * tokens. The OpenAI fake (serve.ts, port + 2) answers a follow-up with four patch
 * operations, steered to this test's own message.
 */
const password = 'correct horse battery'
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 2}`
const steerings: string[] = []

async function bearer(request: APIRequestContext) {
  const email = `review.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  expect((await request.post('/signup', { form: { email, password }, maxRedirects: 0 })).status()).toBe(302)
  const issued = await request.post('/api/public/auth/token', { data: { email, password } })
  expect(issued.status()).toBe(201)
  return { Authorization: `Bearer ${(await issued.json()).token}` }
}

async function steer(request: APIRequestContext, data: { match: string[]; content: string; times?: number }) {
  const steered = await request.post(`${FAKE}/__fake/steer`, { data })
  expect(steered.ok()).toBe(true)
  steerings.push(((await steered.json()) as { id: string }).id)
}

test.afterEach(async ({ playwright }) => {
  const fake = await playwright.request.newContext()
  for (const id of steerings.splice(0)) await fake.delete(`${FAKE}/__fake/steer/${id}`)
})

test('a follow-up answered with four operations: its changes listed, a subset applied, exactly those in the draft', async ({ playwright, baseURL }) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL })
  const auth = await bearer(api)
  const name = `review_${Math.random().toString(36).slice(2, 10)}`
  const piece = await (await api.post('/api/private/pieces', { headers: auth, data: { name } })).json()
  const build = `a notes page ${Math.random().toString(36).slice(2, 8)}`
  expect((await api.post('/api/private/piece-user-usage', { headers: auth, data: { pieceId: piece.id, message: build }, timeout: 90_000 })).status()).toBe(200)
  const built = await (await api.get(`/api/private/pieces/by-name?name=${name}`, { headers: auth })).json()
  const base: string = built.draftData.exchangeHistory[0].assistantMessage.content

  const operations: DiffOperation[] = [
    { type: 'replace', target: '<h1>', content: '<h1 style="color: blue">' },
    { type: 'insert', target: '<p>Add the details</p>', content: '<button type="button">Double</button>' },
    { type: 'replace', target: '<p>Add the details</p>', content: '<p>All the details</p>' },
    { type: 'insert', target: '</main>', content: '<footer>Made with Pieces</footer>' },
  ]
  const followUp = `four changes please ${Math.random().toString(36).slice(2, 8)}`
  await steer(api, { match: [followUp, 'You plan'], content: '```json\n{"steps": ["Make the four changes"]}\n```' })
  await steer(api, { match: [`Request: ${followUp}`, 'Step 1 of'], content: `\`\`\`json\n${JSON.stringify({ patches: operations })}\n\`\`\`` })
  expect(
    (await api.post('/api/private/piece-user-usage', { headers: auth, data: { pieceId: piece.id, message: followUp, code: base }, timeout: 90_000 })).status(),
  ).toBe(200)

  const path = `/api/private/pieces/${piece.id}/turns/1/changes`
  const listed = await api.get(path, { headers: auth })
  expect(listed.status()).toBe(200)
  const { data } = await listed.json()
  expect(data).toMatchObject({ reviewable: true, exchange: 1, message: followUp })
  expect(data.changes.map((change: { words: string }) => change.words)).toEqual([
    `Changed the colour of the title ‘${build}’`,
    'Added the ‘Double’ button',
    'Changed the text of the paragraph ‘Add the details’',
    'Added the footer ‘Made with Pieces’',
  ])
  expect(data.changes[1]).toMatchObject({ index: 1, before: '', after: '<button type="button">Double</button>', needs: [] })
  // Every change has its share of the step's output tokens, and the shares add up to them.
  const stored = await (await api.get(`/api/private/pieces/by-name?name=${name}`, { headers: auth })).json()
  const step = stored.draftData.exchangeHistory[1].receipt.calls.find((call: { kind: string }) => call.kind === 'step')
  expect(data.changes.reduce((sum: number, change: { outputTokens: number }) => sum + change.outputTokens, 0)).toBe(step.outputTokens)

  const applied = await api.post(path, { headers: auth, data: { keep: [0, 1, 3], seen: 1 } })
  expect(applied.status()).toBe(200)
  const expected = applyPatches(base, [operations[0]!, operations[1]!, operations[3]!]).code
  expect(await applied.json()).toEqual({ success: true, historyIndex: 2, exchanges: 3, note: `Kept 3 of 4 changes of “${followUp}”`, code: expected })
  const draft = (await (await api.get(`/api/private/pieces/by-name?name=${name}`, { headers: auth })).json()).draftData
  expect(draft.historyIndex).toBe(2)
  expect(draft.exchangeHistory[2]).toMatchObject({ tokensUsed: 0, assistantMessage: { content: expected } })
  expect(draft.exchangeHistory[2].assistantMessage.content).toContain('<p>Add the details</p>')

  // Bad input: 400 with a clear message, and nothing written.
  const bad = [
    await api.post(path, { headers: auth, data: { keep: 'all' } }),
    await api.post(path, { headers: auth, data: { keep: [0, 0] } }),
    await api.post(path, { headers: auth, data: { keep: [-1] } }),
    await api.post(`/api/private/pieces/${piece.id}/turns/one/changes`, { headers: auth, data: { keep: [0] } }),
    await api.post(path, { headers: auth, data: '[' }),
  ]
  expect(bad.map((answer) => answer.status())).toEqual([400, 400, 400, 400, 400])
  expect(await bad[0]!.json()).toEqual({ message: 'keep must be a list of the positions (whole numbers from 0) of the changes to keep.' })
  expect(await bad[1]!.json()).toEqual({ message: 'keep names a change more than once.' })
  expect(await bad[3]!.json()).toEqual({ message: 'exchange must be a whole number from 0 (the first turn of the history).' })
  // The turn is no longer the newest point: applying from it again is refused.
  const again = await api.post(path, { headers: auth, data: { keep: [0] } })
  expect(again.status()).toBe(409)
  expect(await again.json()).toEqual({ message: 'Go to the newest version before applying these changes.' })
  expect((await api.get(`/api/private/pieces/${piece.id}/turns/9/changes`, { headers: auth })).status()).toBe(404)

  // Another user's Piece reads as missing.
  const other = await bearer(await playwright.request.newContext({ baseURL }))
  expect((await api.get(path, { headers: other })).status()).toBe(404)
  expect((await api.post(path, { headers: other, data: { keep: [0] } })).status()).toBe(404)
  const unchanged = (await (await api.get(`/api/private/pieces/by-name?name=${name}`, { headers: auth })).json()).draftData
  expect(unchanged.exchangeHistory).toHaveLength(3)
})
