import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { buildApp } from '../../app/generation/offline'
import { SAME_PROBLEMS_REPAIR_SKIPPED } from '../../app/generation/pipeline.server'
import { readDraft } from '../../app/pieces/draft'
import { sql } from '../../app/lib/db.server'
import { resetEnv } from '../../app/lib/env.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import * as stop from '../../app/routes/api/api.private.chat.stop'
import { closeBrowser } from '../../jobs/browser'
import type { ChatRequest } from '../fakes/openai'
import { startPreviewOrigin } from '../support/preview-origin'
import { postJson, useGenerateWorker, type RouteHandler } from '../support/routes'

/**
 * Issue 13.1: every generation is loaded from the preview origin in the system Chromium
 * before it completes, through a real pg-boss worker and the real `openai` client against
 * the OpenAI fake; a failed check is repaired once by the model.
 */
const page = (body: string, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title>${head}</head><body>${body}</body></html>`
const WORKING = page('<main><h1>Counter</h1><button id="b">0</button></main><script>document.getElementById("b").onclick = () => {}</script>')
const THROWING = page('<h1>Broken</h1><script>missingFunction()</script>')
const BLANK = page('<div></div>')

const text = (body: ChatRequest) => JSON.stringify(body.messages ?? [])
const isPlan = (body: ChatRequest) => text(body).includes('You plan changes')
const isRepair = (body: ChatRequest) => text(body).includes('failed with these problems')

const model = useGenerateWorker({ model: true, verify: true })
let stopPreview: () => Promise<void>
let intercept: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null

beforeAll(async () => {
  stopPreview = await startPreviewOrigin({ intercept: (req, res) => intercept?.(req, res) ?? false })
})

afterAll(() => stopPreview())

/** Waits until the Piece's generation has reached the browser check. */
const checkingInBrowser = (pieceId: number) =>
  expect
    .poll(
      async () => (await sql`select 1 from generation_events where piece_id = ${pieceId} and payload->>'currentStepTitle' = 'Checking in a browser'`).length,
      { timeout: 30_000 },
    )
    .toBe(1)

async function owner() {
  const created = await registerWithPassword(`verify.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const piece = await createPiece(created.userId, { name: `verify_${Math.random().toString(36).slice(2, 9)}` })
  return { userId: created.userId, pieceId: piece.id, auth: { Authorization: `Bearer ${token}` } }
}

/**
 * Holds the browser's loads of a Piece's checked page unanswered, so the check provably
 * waits in the page's load (where a browser that goes away fails it); counts them.
 */
function holdCheckLoads(pieceId: number) {
  const held: ServerResponse[] = []
  intercept = (req, res) => {
    if (!req.url?.startsWith(`/c/${pieceId}?`)) return false
    held.push(res)
    return true
  }
  return {
    loaded: (count: number) => expect.poll(() => held.length, { timeout: 30_000 }).toBe(count),
    release: () => {
      intercept = null
      held.forEach((res) => res.destroy())
    },
  }
}

/** The model builds `document` in one step (the request names the test, so parallel files never mix). */
function builds(document: string, repair?: (body: ChatRequest) => string) {
  model().setResponder((body) => {
    if (isPlan(body)) return { content: '{"steps": ["Build it"]}', usage: { prompt_tokens: 30, completion_tokens: 10, total_tokens: 40 } }
    if (isRepair(body) && repair) return { content: repair(body), usage: { prompt_tokens: 300, completion_tokens: 50, total_tokens: 350 } }
    return { content: `\`\`\`html\n${document}\n\`\`\``, usage: { prompt_tokens: 200, completion_tokens: 100, total_tokens: 300 } }
  })
}

async function generate(message: string, existing?: Awaited<ReturnType<typeof owner>>) {
  const user = existing ?? (await owner())
  const response = await postJson(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message })
  expect(response.status).toBe(200)
  return { user, result: await response.json() }
}

const completeEvent = async (pieceId: number) =>
  (
    await sql<{ payload: { verification?: unknown } }[]>`
    select payload from generation_events where piece_id = ${pieceId} and payload->>'type' = 'complete'`
  )[0]!.payload

const savedExchange = async (pieceId: number) =>
  readDraft((await sql<{ draft: unknown }[]>`select draft from pieces where id = ${pieceId}`)[0]!.draft).exchangeHistory.at(-1)!

describe('verification in a browser', { timeout: 90_000 }, () => {
  it('passes a working page, with a screenshot, on the complete event and in the saved exchange', async () => {
    builds(WORKING)
    const { user, result } = await generate('a working counter')
    expect(result.verification).toMatchObject({ ok: true, skipped: false, errors: [] })
    expect(result.verification.screenshot).toMatch(/^data:image\/webp;base64,/)
    expect(result.tokensUsed).toBe(340)
    expect((await completeEvent(user.pieceId)).verification).toEqual(result.verification)
    expect((await savedExchange(user.pieceId)).verification).toEqual(result.verification)
    const [row] = await sql<{ checked: string | null }[]>`select checked_code as checked from generations where piece_id = ${user.pieceId}`
    expect(row!.checked).toBeNull()
  })

  it('passes a Piece that keeps data: it loads with none, as its first visitor sees it (found walking the product)', async () => {
    builds(buildApp('a poll: which snack for friday, pizza or tacos')!.code)
    const { result } = await generate('a shared poll')
    expect(result.verification).toMatchObject({ ok: true, skipped: false, errors: [] })
  })

  it('fails a throwing page with its error, and keeps it when the repair is no better', async () => {
    builds(THROWING, () => `\`\`\`html\n${THROWING}\n\`\`\``)
    const { user, result } = await generate('a throwing page')
    expect(result.verification.ok).toBe(false)
    expect(result.verification.errors).toEqual([expect.stringMatching(/^Uncaught error: .*missingFunction is not defined/)])
    expect(result.verification.repair).toEqual({ errors: result.verification.errors, kept: false })
    expect(result.code).toBe(THROWING)
    // Issue 29.3: the page still fails after the repair, so the turn costs nothing; its receipt lists every call and says why.
    expect(result.tokensUsed).toBe(0)
    expect(result.receipt).toEqual({
      calls: [
        { kind: 'plan', inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
        { kind: 'step', title: 'Build it', inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
        { kind: 'check', title: '1 problem', inputTokens: 0, outputTokens: 0 },
        { kind: 'repair', inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
        { kind: 'check', title: '1 problem', inputTokens: 0, outputTokens: 0 },
      ],
      used: 690,
      charged: 0,
      billable: 0,
      billedCents: 0,
      saved: 0,
      refunded: { problems: result.verification.errors },
    })
    const calls = result.receipt.calls as { inputTokens: number; outputTokens: number }[]
    expect(calls.reduce((sum, call) => sum + call.inputTokens + call.outputTokens, 0)).toBe(690)
    const [usage] = await sql<{ tokens: number }[]>`select coalesce(sum(tokens), 0)::int as tokens from usage_days where user_id = ${user.userId}`
    expect(usage!.tokens).toBe(0)
    expect((await savedExchange(user.pieceId)).receipt).toEqual(result.receipt)

    // The next turn builds on it and fails the same way: no repair is tried again (the receipt says why), and it is refunded too.
    const again = await generate('make it blue', user)
    expect(again.result.receipt.calls.map((call: { kind: string }) => call.kind)).toEqual(['plan', 'step', 'check'])
    expect(again.result.receipt).toMatchObject({ charged: 0, repairSkipped: SAME_PROBLEMS_REPAIR_SKIPPED, refunded: { problems: result.verification.errors } })
  })

  it('fails a blank page', async () => {
    builds(BLANK, () => `\`\`\`html\n${page('<script>nope()</script>')}\n\`\`\``)
    const { result } = await generate('a blank page')
    expect(result.verification.ok).toBe(false)
    expect(result.verification.errors).toEqual(['The page is blank: nothing visible was rendered.'])
    // The repair had two problems (blank and an error): worse, so the first version stays.
    expect(result.verification.repair).toMatchObject({ kept: false })
    expect(result.verification.repair.errors).toHaveLength(2)
    expect(result.code).toBe(BLANK)
  })

  it('repairs a planted error through the model with patches, verifies again and reports both outcomes', async () => {
    let repairPrompt = ''
    builds(THROWING, (body) => {
      repairPrompt = text(body)
      return '```json\n{"patches": [{"type": "replace", "target": "<script>missingFunction()</script>", "content": "<p>Fixed</p>"}]}\n```'
    })
    const { user, result } = await generate('a page with a planted error')
    expect(repairPrompt).toContain('missingFunction is not defined')
    expect(repairPrompt).toContain('<script>missingFunction()</script>')
    expect(result.code).toBe(page('<h1>Broken</h1><p>Fixed</p>'))
    expect(result.verification).toMatchObject({ ok: true, errors: [], repair: { errors: [expect.stringMatching(/missingFunction/)], kept: true } })
    expect(result.patches).toHaveLength(1)
    expect(result.tokensUsed).toBe(690)
    const [usage] = await sql<{ tokens: number }[]>`select coalesce(sum(tokens), 0)::int as tokens from usage_days where user_id = ${user.userId}`
    expect(usage!.tokens).toBe(690)
    expect((await savedExchange(user.pieceId)).verification?.repair?.kept).toBe(true)
  })

  it('reports hostile pages within the limit: a loop forever, alerts, leaving, a console flood', async () => {
    const hostile = {
      loop: page('<h1>Loop</h1><script>while (true) {}</script>'),
      alerts: page('<h1>Alerts</h1><script>for (let i = 0; i < 50; i++) alert("hi " + i)</script>'),
      leaves: page('<h1>Away</h1><script>location.href = "https://example.invalid/elsewhere"</script>'),
      flood: page('<h1>Flood</h1><script>for (let i = 0; i < 5000; i++) console.error("spam " + i)</script>'),
    }
    const found: Record<string, string[]> = {}
    for (const [name, document] of Object.entries(hostile)) {
      // A repair without code is not checked again, so each page is loaded once.
      builds(document, () => 'Sorry, I cannot fix this.')
      const { result } = await generate(`a hostile page: ${name}`)
      expect(result.verification.ok, name).toBe(false)
      expect(result.verification.repair, name).toEqual({ errors: ['The repair answer held no code that could be used.'], kept: false })
      found[name] = result.verification.errors
    }
    expect(found.loop![0]).toMatch(/did not (finish loading|respond) within \d+ seconds/)
    // Dismissed as they open, so the page still loads; opening them at all is the problem.
    expect(found.alerts).toEqual(['The page opened 50 dialogs (alert, confirm or prompt) while loading.'])
    expect(found.leaves).toContain('The page tried to leave for https://example.invalid/elsewhere')
    expect(found.flood).toHaveLength(9)
    expect(found.flood!.at(-1)).toMatch(/^…and [\d,]+ more problems like these$/)
  })

  it('stops during the check like anywhere else', async () => {
    builds(page('<h1>Loop</h1><script>while (true) {}</script>'))
    const user = await owner()
    const sending = postJson(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message: 'stop while checking' })
    await checkingInBrowser(user.pieceId)
    const stopped = await postJson(stop.action as RouteHandler, '/api/private/chat/stop', user.auth, { pieceId: user.pieceId })
    expect(await stopped.json()).toEqual({ tokensUsed: 340 })
    expect(await (await sending).json()).toMatchObject({ stopped: true })
  })

  it('relaunches a browser that goes away during the check and still reports the page', async () => {
    const loop = page('<h1>Loop</h1><script>while (true) {}</script>')
    builds(loop, () => 'Sorry, I cannot fix this.')
    const user = await owner()
    const sending = postJson(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, {
      pieceId: user.pieceId,
      message: 'a browser that crashes',
    })
    await checkingInBrowser(user.pieceId)
    await closeBrowser()
    const result = await (await sending).json()
    expect(result.verification.ok).toBe(false)
    expect(result.verification.errors[0]).toMatch(/did not (finish loading|respond) within \d+ seconds/)
  })

  it('completes the generation unchecked when the browser goes away twice during the check', async () => {
    builds(WORKING)
    const user = await owner()
    const loads = holdCheckLoads(user.pieceId)
    try {
      const sending = postJson(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, {
        pieceId: user.pieceId,
        message: 'a browser that crashes twice',
      })
      await loads.loaded(1)
      await closeBrowser()
      // Checked again in a relaunched browser, which goes away too.
      await loads.loaded(2)
      await closeBrowser()
      const response = await sending
      expect(response.status).toBe(200)
      const result = await response.json()
      expect(result.verification).toEqual({ ok: false, skipped: true, skippedBecause: 'busy', errors: [], screenshot: null })
      expect(result.code).toBe(WORKING)
      expect((await savedExchange(user.pieceId)).verification).toEqual(result.verification)
      const [row] = await sql<{ status: string }[]>`select status from generations where piece_id = ${user.pieceId}`
      expect(row!.status).toBe('complete')
    } finally {
      loads.release()
    }
  })

  it('checks a Piece as a first visitor each time, though the browser keeps its page between checks (issue 27)', async () => {
    // A page that remembers a visit, and says so as an error when it finds one.
    const remembering = page(
      '<h1>Remembers</h1><script>if (localStorage.getItem("seen") || document.cookie.includes("seen=")) console.error("state left by an earlier check"); localStorage.setItem("seen", "1"); document.cookie = "seen=1; max-age=3600"</script>',
    )
    builds(remembering)
    const user = await owner()
    for (const message of ['remember me', 'remember me again', 'and once more']) {
      const response = await postJson(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: user.pieceId, message })
      expect(response.status).toBe(200)
      expect((await response.json()).verification, message).toMatchObject({ ok: true, errors: [] })
    }
  })

  it('skips the check without Chromium and says so', async () => {
    // Set first: a page made ready in the background after this finds no browser either.
    process.env.CHROMIUM_PATH = '/nonexistent/chromium'
    resetEnv()
    await closeBrowser()
    try {
      builds(THROWING)
      const { result } = await generate('no browser here')
      expect(result.verification).toEqual({ ok: false, skipped: true, skippedBecause: 'no-browser', errors: [], screenshot: null })
      expect(result.tokensUsed).toBe(340)
    } finally {
      delete process.env.CHROMIUM_PATH
      resetEnv()
    }
  })
})
