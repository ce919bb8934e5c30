import { sql } from '~/lib/db.server'
import { getEnv } from '~/lib/env.server'
import { logger } from '~/lib/log.server'
import { appendEvent } from './events.server'
import { finishGeneration } from './generations.server'
import { StoredRequest, type GenerationRequest } from './stored'
import type { ModelId } from './models'
import { runPipeline, TokenBudgetSpent, type BrowserCheck, type PipelineProgress } from './pipeline.server'

/** How often a running generation checks for Stop and reports that it is alive. */
const STOP_POLL_MS = 250
/** Well inside GENERATION_STALE_SECONDS, so a live worker is never taken for a dead one. */
const heartbeatMs = () => Math.min(5_000, (getEnv().GENERATION_STALE_SECONDS * 1000) / 3)

export class GenerationStopped extends Error {}

const log = logger('chat')

/** Loads a generation's code in a browser (issue 13.1); the worker that owns the browser gives it (docs/decisions/0028). */
export type VerifyGeneration = (check: { generationId: number; pieceId: number; code: string; signal: AbortSignal }) => Promise<BrowserCheck | null>

type Claimed = { pieceId: number; userId: number; model: ModelId; request: GenerationRequest; reserved: number }

/**
 * Claims a queued generation for this worker. pg-boss delivers at least once, so a
 * generation that already ended or that another worker holds is skipped; one whose worker
 * died is queued again by the reaper and started afresh (nothing was charged for the lost
 * attempt).
 */
async function claim(generationId: number): Promise<Claimed | null> {
  const [row] = await sql<(Omit<Claimed, 'request'> & { request: unknown; status: string })[]>`
    update generations set status = 'running', stage = 'planning', started_at = now(), heartbeat_at = now(), attempts = attempts + 1
    where id = ${generationId} and status = 'queued' and not stop_requested
    returning piece_id::int as "pieceId", user_id::int as "userId", model, request, reserved_tokens::int as reserved, status`
  if (!row) {
    // A stop that arrived before the worker did ends the generation here; a generation
    // that ended or that another worker holds is left alone.
    const [state] = await sql<{ status: string; stop: boolean }[]>`
      select status, stop_requested as stop from generations where id = ${generationId}`
    if (state?.status === 'queued' && state.stop) await finishGeneration(generationId, { status: 'stopped' })
    return null
  }
  await sql`update pieces set generation_started_at = now() where id = ${row.pieceId}`
  return { ...row, request: StoredRequest.parse(row.request) }
}

/**
 * The generate job: plan, then build step by step, streaming progress as events. The
 * model call is aborted within a quarter second of Stop, or when pg-boss gives up on the
 * job. A failure that is not the user's doing ends the generation at no charge. With
 * `verify`, the result is checked in a browser before it completes.
 */
export async function runGenerationJob(generationId: number, jobSignal?: AbortSignal, verify?: VerifyGeneration) {
  const claimed = await claim(generationId)
  if (!claimed) return
  log.info({ pieceId: claimed.pieceId, model: claimed.model }, 'generation started')
  const controller = new AbortController()
  const abort = () => controller.abort(new GenerationStopped('stopped'))
  jobSignal?.addEventListener('abort', () => controller.abort(new Error('The generation took too long')), { once: true })
  let lastBeat = Date.now()
  let tokensSoFar = 0
  const poll = setInterval(() => {
    void (async () => {
      const beat = Date.now() - lastBeat > heartbeatMs()
      if (beat) lastBeat = Date.now()
      const [row] = await sql<{ stop: boolean }[]>`
        update generations set heartbeat_at = case when ${beat} then now() else heartbeat_at end
        where id = ${generationId} returning stop_requested as stop`
      if (row?.stop) abort()
    })().catch(() => {})
  }, STOP_POLL_MS)

  const report = async (progress: PipelineProgress) => {
    tokensSoFar = progress.tokensUsed ?? tokensSoFar
    await sql`update generations set stage = ${progress.stage}, heartbeat_at = now() where id = ${generationId}`
    lastBeat = Date.now()
    await appendEvent(sql, generationId, { pieceId: claimed.pieceId, ...progress.event })
  }

  try {
    await appendEvent(sql, generationId, { type: 'status', pieceId: claimed.pieceId, stage: 'planning' })
    const result = await runPipeline(
      {
        model: claimed.model,
        prompt: claimed.request.message,
        attachments: claimed.request.attachments,
        code: claimed.request.code,
        history: claimed.request.messageHistory,
        maxTokens: claimed.reserved,
        signal: controller.signal,
        verify: verify && ((code, signal) => verify({ generationId, pieceId: claimed.pieceId, code, signal })),
      },
      report,
    )
    await finishGeneration(generationId, { status: 'complete', result })
  } catch (error) {
    if (controller.signal.reason instanceof GenerationStopped) {
      await finishGeneration(generationId, { status: 'stopped', tokensUsed: tokensSoFar })
      return
    }
    log.error({ err: error }, `generation ${generationId} failed`)
    await finishGeneration(generationId, { status: 'failed', error: failureMessage(error) })
  } finally {
    clearInterval(poll)
  }
}

/** What the user is told; the details stay in the log. */
function failureMessage(error: unknown) {
  if (error instanceof TokenBudgetSpent) return error.message
  const text = error instanceof Error ? error.message : ''
  if (/timed? ?out|took too long/i.test(text)) return 'The model took too long to answer. No tokens were charged; please try again.'
  if (/ECONNREFUSED|fetch failed|network|socket|5\d\d/i.test(text))
    return 'The model server is unavailable right now. No tokens were charged; please try again.'
  return 'Something went wrong while building. No tokens were charged; please try again.'
}
