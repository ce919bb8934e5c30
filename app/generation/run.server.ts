import { sql } from '~/lib/db.server'
import { getEnv } from '~/lib/env.server'
import { logger } from '~/lib/log.server'
import { appendEvent } from './events.server'
import { finishGeneration } from './generations.server'
import { listenForStops } from './stops.server'
import { GENERATION_MAX_MS, type ClaimedGeneration } from './dispatch.server'
import { FAILURE_MESSAGES, ModelFault } from './model-failures'
import { runPipeline, TokenBudgetSpent } from './pipeline.server'
import type { CheckHooks, CheckOutcome, PipelineProgress, RunOnCpu } from './types'

/** Well inside GENERATION_STALE_SECONDS, so a live worker is never taken for a dead one. */
const heartbeatMs = () => Math.min(5_000, (getEnv().GENERATION_STALE_SECONDS * 1000) / 3)

export class GenerationStopped extends Error {}

/** The generations this process runs, each with what stops it. */
const watched = new Map<number, () => void>()
let heartbeat: NodeJS.Timeout | null = null
let listening: Promise<unknown> | null = null

/** Stops the generations among `ids` whose flag is set: a stop asked before its notice could be heard. */
async function readStopFlags(ids: number[]) {
  try {
    const rows = await sql<{ id: number }[]>`select id::int as id from generations where id = any(${ids}) and stop_requested`
    for (const { id } of rows) watched.get(id)?.()
  } catch {
    // The heartbeat reads the flags too (a database that is down is noticed elsewhere).
  }
}

/** The process's one LISTEN for Stop (./stops.server.ts); notices missed while it was down are read from the flags. */
function listenOnce() {
  listening ??= listenForStops(
    (generationId) => watched.get(generationId)?.(),
    () => void readStopFlags([...watched.keys()]),
  ).catch((error: unknown) => {
    listening = null
    log.warn({ err: error instanceof Error ? error.message : error }, 'could not listen for stops; the heartbeat reads them')
  })
  return listening
}

/**
 * Every few seconds, one update for all of this process's generations (issue 27: up to
 * GENERATION_CONCURRENCY of them) says they are alive; what it returns carries their stop
 * flags, a net under the notices. A query per generation would be hundreds a second.
 */
async function beat() {
  const ids = [...watched.keys()]
  if (!ids.length) return
  try {
    const rows = await sql<{ id: number; stop: boolean }[]>`
      update generations set heartbeat_at = now() where id = any(${ids}) and status = 'running'
      returning id::int as id, stop_requested as stop`
    for (const { id, stop } of rows) if (stop) watched.get(id)?.()
  } catch {
    // The next beat says it again.
  }
}

/** Watches a running generation for Stop and keeps its heartbeat; answers what ends the watch. */
async function watchGeneration(generationId: number, stop: () => void) {
  watched.set(generationId, stop)
  heartbeat ??= setInterval(() => void beat(), heartbeatMs())
  await listenOnce()
  await readStopFlags([generationId])
  return () => {
    watched.delete(generationId)
    if (!watched.size && heartbeat) {
      clearInterval(heartbeat)
      heartbeat = null
    }
  }
}

const log = logger('generation')

/** Loads a generation's code in a browser (issue 13.1); the worker that owns the browser gives it (docs/decisions/0028). */
export type VerifyGeneration = (check: { generationId: number; pieceId: number; code: string; signal: AbortSignal } & CheckHooks) => Promise<CheckOutcome>

/**
 * Runs a generation a worker has claimed (./dispatch.server.ts): plan, then build step by
 * step, streaming progress as events. The model call is aborted as soon as this worker hears
 * Stop (./stops.server.ts), or when the generation has run for GENERATION_MAX_MS. A failure that is not the
 * user's doing ends the generation at no charge. With `verify`, the result is checked in a
 * browser before it completes.
 */
export async function runClaimedGeneration(claimed: ClaimedGeneration, verify?: VerifyGeneration, cpu?: RunOnCpu) {
  const generationId = claimed.id
  log.info({ pieceId: claimed.pieceId, model: claimed.model }, 'generation started')
  const controller = new AbortController()
  const abort = () => controller.abort(new GenerationStopped('stopped'))
  const expiry = setTimeout(() => controller.abort(new Error('The generation took too long')), GENERATION_MAX_MS)
  let tokensSoFar = 0
  const unwatch = await watchGeneration(generationId, abort)

  const report = async (progress: PipelineProgress) => {
    tokensSoFar = progress.tokensUsed ?? tokensSoFar
    await sql`update generations set stage = ${progress.stage}, heartbeat_at = now() where id = ${generationId}`
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
        lastProblems: claimed.request.lastProblems,
        target: claimed.request.target,
        redo: claimed.request.redo,
        maxTokens: claimed.reserved,
        signal: controller.signal,
        verify: verify && ((code, signal, hooks) => verify({ generationId, pieceId: claimed.pieceId, code, signal, ...hooks })),
        cpu,
      },
      report,
    )
    await finishGeneration(generationId, { status: 'complete', result })
  } catch (error) {
    if (controller.signal.reason instanceof GenerationStopped) {
      await finishGeneration(generationId, { status: 'stopped', tokensUsed: tokensSoFar })
      return
    }
    if (error instanceof ModelFault) log[error.level]({ fault: error.kind, detail: error.detail }, `generation ${generationId} failed: ${error.detail}`)
    else log.error({ err: error }, `generation ${generationId} failed`)
    await finishGeneration(generationId, { status: 'failed', error: failureMessage(error, controller.signal) })
  } finally {
    unwatch()
    clearTimeout(expiry)
  }
}

/** What the user is told (a fault of the model in its own words); the details stay in the log. */
function failureMessage(error: unknown, signal: AbortSignal) {
  if (error instanceof TokenBudgetSpent || error instanceof ModelFault) return error.message
  // Aborted, not stopped: the generation ran for GENERATION_MAX_MS.
  if (signal.aborted) return FAILURE_MESSAGES.tooLong
  return FAILURE_MESSAGES.failed
}
