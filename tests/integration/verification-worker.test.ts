import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { readDraft } from '../../app/pieces/draft'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import { startBoss } from '../../runtime/boss'
import { startOpenAIFake, type ChatRequest, type OpenAIFake } from '../fakes/openai'
import { startPreviewOrigin } from '../support/preview-origin'
import { processRunner, WORKER } from '../support/processes'
import { postJson, type RouteHandler } from '../support/routes'
import { forgetProcessBoss } from '../../app/lib/jobs.server'

/**
 * The browser check of a separate worker, started as `npm run worker` starts it: under tsx,
 * whose transform differs from vitest's. A function handed to the page (`page.evaluate`)
 * runs there as its source text, so whatever tsx adds to it must exist in the page too:
 * a named inner function once came with tsx's `__name(...)` helper, which the page does
 * not have, and every check of such a worker failed while the in-process tests passed.
 * The blank check reaches its inner part only on a page without text, so the model (the
 * OpenAI fake) builds a drawing and nothing else. This process sends (it is the web
 * process: pg-boss without workers) and serves the preview origin the worker's browser
 * loads the generation from.
 */
const DRAWING =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head><body><svg width="200" height="120" aria-hidden="true"><circle cx="60" cy="60" r="50" fill="teal"/></svg></body></html>'
const isPlan = (body: ChatRequest) => JSON.stringify(body.messages ?? []).includes('You plan changes')
const usage = { prompt_tokens: 200, completion_tokens: 100, total_tokens: 300 }

const run = processRunner(() => ({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! }))
let boss: PgBoss
let stopPreview: () => Promise<void>
let model: OpenAIFake

beforeAll(async () => {
  model = await startOpenAIFake({
    responder: (body) => (isPlan(body) ? { content: '{"steps": ["Draw it"]}', usage } : { content: `\`\`\`html\n${DRAWING}\n\`\`\``, usage }),
  })
  // Set first: the worker is given the same PREVIEW_ORIGIN, so it signs addresses this one serves.
  stopPreview = await startPreviewOrigin()
  boss = await startBoss(process.env.DATABASE_URL!)
})

afterAll(async () => {
  await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
  forgetProcessBoss()
  await stopPreview()
  await model.close()
})

// A real process starts in seconds on an idle machine and many more on a busy one: the bound is generous, never a speed test.
describe('a worker process run by tsx (npm run worker)', { timeout: 120_000 }, () => {
  it('checks a generation in its browser: a drawing without text passes the blank check', async () => {
    const worker = run(WORKER, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.baseURL })
    onTestFailed(() => console.log(`worker output:\n${worker.output()}`))
    await worker.waitFor(/workers running/)

    const created = await registerWithPassword(`tsx.${Date.now()}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const piece = await createPiece(created.userId, { name: `tsx_${Math.random().toString(36).slice(2, 9)}` })
    const { token } = await issueToken(created.userId)
    const response = await postJson(
      send.action as RouteHandler,
      '/api/private/piece-user-usage',
      { Authorization: `Bearer ${token}` },
      {
        pieceId: piece.id,
        message: 'a teal circle',
      },
    )
    expect(response.status).toBe(200)
    const result = await response.json()
    expect(result.verification).toMatchObject({ ok: true, skipped: false, errors: [] })
    expect(result.verification.screenshot).toMatch(/^data:image\/webp;base64,/)
    expect(result.code).toBe(DRAWING)
    const [saved] = await sql<{ draft: unknown }[]>`select draft from pieces where id = ${piece.id}`
    expect(readDraft(saved!.draft).exchangeHistory.at(-1)!.verification).toEqual(result.verification)

    worker.child.kill('SIGTERM')
    expect(await worker.exited).toBe(0)
  })
})
