import { failureWords } from '~/checks/schema'
import { locateTarget } from './visual/target.server'
import sharp from 'sharp'
import type { AccountUser } from '~/accounts/users.server'
import { isPlus } from '~/accounts/plan.server'
import { DomainError } from '~/lib/errors'
import { FREE_CONCURRENT_GENERATIONS, GENERATION_QUEUE_WAIT_LIMIT_SECONDS, GENERATION_TOKEN_RESERVE, PLUS_CONCURRENT_GENERATIONS } from '~/lib/constants'
import { getEnv } from '~/lib/env.server'
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '~/accounts/preferences.server'
import { isUniqueViolation, jsonb, sql } from '~/lib/db.server'
import { currentRequestId, logger } from '~/lib/log.server'
import { recordGeneration } from '~/lib/metrics.server'
import { requireOwnPiece } from '~/pieces/pieces.server'
import { MAX_IMAGE_INPUT_PIXELS } from '~/pieces/schema'
import { chargeTokens, reserveTokens } from '~/usage/limits.server'
import { addedCents } from '~/usage/format'
import { getUsage, type UsageData } from '~/usage/usage.server'
import { readDraft, type DraftData, type Exchange } from '~/pieces/draft'
import { recordExchange, restoreUnbuiltInput } from '~/pieces/draft.server'
import { queuePosition, queueWait, wakeWorkers, workersAlive } from './dispatch.server'
import { appendEvent, followPiece } from './events.server'
import { askToStop } from './stops.server'
import { FAILURE_MESSAGES } from './model-failures'
import { modelRequiresSubscription, normalizeModel, type ModelId } from '~/lib/models'
import { turnKind, turnPromptTokens } from './estimate'
import { SendMessages, type SendInput } from './send-schema'
import { ReceiptSchema, type Attachment, type Receipt } from '~/pieces/draft-schema'
import { StoredRequest, StoredResult, type GenerationRequest, type GenerationResult } from './stored'
import type { ChatEvent, GenerationStage } from './types'

/** How long a stop request waits for the generation's end before it answers 0 tokens. */
const STOP_WAIT_MS = 5_000

/** A generation whose worker died is taken on again this many times in all. */
export const MAX_ATTEMPTS = 2

export type { GenerationRequest, GenerationResult } from './stored'

const log = logger('generation')

type Status = 'queued' | 'running' | 'complete' | 'stopped' | 'failed'

/** Images only, by content: each attachment must decode as an image. */
async function checkAttachments(attachments: Attachment[]) {
  for (const attachment of attachments) {
    const bytes = Buffer.from(attachment.url.slice(attachment.url.indexOf(',') + 1), 'base64')
    const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_INPUT_PIXELS })
      .metadata()
      .catch(() => null)
    if (!metadata?.format) throw new DomainError('invalid', SendMessages.notAnImage)
  }
}

/**
 * Spec 2 §7 call 7, first half: checks ownership, input, model and limits, holds tokens,
 * records the generation and queues it. One generation at a time per Piece (409). When the
 * queue cannot start it within a minute, it is refused at once (503, issue 27.3): nothing is
 * held or charged, and the chat keeps the message.
 */
export async function startGeneration(user: AccountUser, input: SendInput) {
  const piece = await requireOwnPiece(user.id, input.pieceId)
  await checkAttachments(input.attachments)
  const model: ModelId = normalizeModel(input.selectedModel ?? user.selectedModel)
  const plus = await isPlus(sql, user.id)
  if (modelRequiresSubscription(model) && !plus) {
    throw new DomainError('forbidden', SUBSCRIPTION_REQUIRED_MESSAGE, { requiresSubscription: true })
  }
  if (await activeGeneration(piece.id)) throw new DomainError('conflict', SendMessages.inProgress)
  const wait = await queueWait(GENERATION_QUEUE_WAIT_LIMIT_SECONDS)
  if (wait !== null) throw new DomainError('busy', SendMessages.busy, { retryAfterSeconds: Math.min(wait, 5 * 60) })
  const code = input.code ?? piece.code
  const request: GenerationRequest = {
    message: input.message.trim(),
    attachments: input.attachments,
    code,
    messageHistory: input.messageHistory.map(({ role, content }) => ({ role, content })),
    ...lastProblemsOf(readDraft(input.draftData === undefined ? piece.draftData : input.draftData)),
    ...targetIn(code, input.target),
    ...(input.redo && { redo: true }),
  }
  // An aimed send shows the model the element, not the page: reserved and recorded as such (issue 37.10).
  const aimed = request.target ? { element: code.slice(request.target.start, request.target.end), ancestors: request.target.ancestors } : null
  const need = { prompt: turnPromptTokens({ ...request, aimed }), answers: GENERATION_TOKEN_RESERVE }
  const { generationId, eventId } = await sql.begin(async (tx) => {
    const reserve = await reserveTokens(tx, user.id, need)
    try {
      const [row] = await tx<{ id: number }[]>`
        insert into generations (piece_id, user_id, model, request, reserved_tokens, request_id, user_slots, prompt_tokens, kind)
        values (${piece.id}, ${user.id}, ${model}, ${jsonb(tx, request)}, ${reserve}, ${currentRequestId() ?? null},
          ${plus ? PLUS_CONCURRENT_GENERATIONS : FREE_CONCURRENT_GENERATIONS}, ${need.prompt}, ${turnKind(request.code, Boolean(aimed), Boolean(request.redo))})
        returning id::int as id`
      if (!row) throw new Error('the generation was not saved')
      const eventId = await appendEvent(tx, row.id, { type: 'status', pieceId: piece.id, stage: 'sending' })
      await wakeWorkers(tx)
      return { generationId: row.id, eventId }
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('conflict', SendMessages.inProgress)
      throw error
    }
  })
  if (input.draftData !== undefined) {
    await sql`update pieces set draft = ${input.draftData === null ? null : jsonb(sql, input.draftData)} where id = ${piece.id}`
  }
  return { generationId, pieceId: piece.id, eventId }
}

/** Issue 30.4: the span of the element a send is aimed at; one that is not in this code any more is refused, and nothing is held. */
function targetIn(code: string, target: SendInput['target']) {
  if (!target) return {}
  const span = locateTarget(code, target)
  if ('refused' in span) throw new DomainError('conflict', span.refused)
  return { target: span }
}

/** The problems of the version a turn builds on, when its check failed: the same again are not repaired (issue 29.3). */
function lastProblemsOf(draft: DraftData | null) {
  const verification = draft?.exchangeHistory[draft.historyIndex]?.verification
  return verification && !verification.ok && !verification.skipped ? { lastProblems: verification.errors } : {}
}

/** How a send ended, for the client that waited on it. */
export type SendOutcome =
  { kind: 'complete'; result: GenerationResult } | { kind: 'stopped'; tokensUsed: number } | { kind: 'left' } | { kind: 'failed'; message: string }

/**
 * The event that ends a generation (complete, stopped or an error), heard through the
 * relay from the Piece's event `afterId` on; a "stopped" of its own when `signal` aborts first.
 */
function endOf({ generationId, pieceId, afterId }: { generationId: number; pieceId: number; afterId: number }, signal: AbortSignal) {
  return new Promise<ChatEvent>((resolve) => {
    let unsubscribe: (() => void) | null = null
    let finished = false
    const done = (event: ChatEvent) => {
      if (finished) return
      finished = true
      unsubscribe?.()
      resolve(event)
    }
    if (signal.aborted) return done({ type: 'stopped', pieceId, error: 'client left' })
    signal.addEventListener('abort', () => done({ type: 'stopped', pieceId, error: 'client left' }), { once: true })
    followPiece(pieceId, afterId, ({ event }) => {
      if (event.generationId !== generationId) return
      if (event.type === 'complete' || event.type === 'stopped' || event.error) done(event)
    }).then(
      (stop) => {
        // The end may have come during the replay, before this subscription was handed back.
        if (finished) stop()
        else unsubscribe = stop
      },
      (error: unknown) => {
        log.error({ generationId, err: error }, 'could not follow a generation')
        done({ type: 'status', pieceId, error: SendMessages.failed })
      },
    )
  })
}

/**
 * The second half of the send: waits for the generation to end and says how it ended.
 * The generation does not depend on this wait; a client that leaves can watch the stream.
 */
export async function waitForGeneration(
  { generationId, pieceId, eventId }: { generationId: number; pieceId: number; eventId: number },
  signal: AbortSignal,
): Promise<SendOutcome> {
  const event = await endOf({ generationId, pieceId, afterId: eventId }, signal)
  const [row] = await sql<{ status: Status; result: unknown; tokensUsed: number; error: string | null }[]>`
    select status, result, tokens_used::int as "tokensUsed", error from generations where id = ${generationId}`
  if (row?.status === 'complete' && row.result) return { kind: 'complete', result: StoredResult.parse(row.result) }
  if (row?.status === 'stopped') return { kind: 'stopped', tokensUsed: row.tokensUsed }
  if (signal.aborted) return { kind: 'left' }
  return { kind: 'failed', message: row?.error ?? event.error ?? SendMessages.failed }
}

/** The Piece's generation in progress, if any (one whose worker died is the workers' to end: endStaleGenerations). */
export async function activeGeneration(pieceId: number) {
  const [row] = await sql<{ id: number; stage: GenerationStage; status: Status }[]>`
    select id::int as id, stage, status from generations where piece_id = ${pieceId} and status in ('queued', 'running')`
  return row ?? null
}

/** Spec 2 §7 call 10, with the generation's place in the queue while it waits for a worker (issue 27.2). */
export async function generationStatus(userId: number, pieceId: number) {
  await requireOwnPiece(userId, pieceId)
  const active = await activeGeneration(pieceId)
  const position = active?.status === 'queued' ? await queuePosition(active.id) : null
  const receipt = await lastReceipt(pieceId)
  return {
    type: 'status' as const,
    stage: active ? active.stage : ('idle' as const),
    pieceId,
    ...(position ? { queuePosition: position } : {}),
    ...(receipt ? { receipt } : {}),
  }
}

/** Issue 29.2: the receipt of the Piece's last completed turn, for API clients. */
async function lastReceipt(pieceId: number): Promise<Receipt | null> {
  // The receipt alone: the result also holds the whole page, which a status poll has no use for.
  const [row] = await sql<{ receipt: unknown }[]>`
    select result->'receipt' as receipt from generations where piece_id = ${pieceId} and status = 'complete' order by id desc limit 1`
  const parsed = ReceiptSchema.safeParse(row?.receipt)
  return row?.receipt && parsed.success ? parsed.data : null
}

/**
 * Spec 2 §7 call 8: asks the worker to stop (./stops.server.ts: it hears a NOTIFY and aborts
 * the model call) and answers the tokens spent once the generation's end comes through the
 * relay, or 0 when it has not within STOP_WAIT_MS. A generation that has not started yet is
 * stopped at once.
 */
export async function stopGeneration(userId: number, pieceId: number): Promise<{ tokensUsed: number }> {
  await requireOwnPiece(userId, pieceId)
  const active = await activeGeneration(pieceId)
  if (!active) {
    const [last] = await sql<{ tokensUsed: number }[]>`
      select tokens_used::int as "tokensUsed" from generations where piece_id = ${pieceId} order by id desc limit 1`
    return { tokensUsed: last?.tokensUsed ?? 0 }
  }
  if (active.status === 'queued') {
    const stopped = await finishGeneration(active.id, { status: 'stopped', onlyIf: 'queued' })
    if (stopped) return { tokensUsed: 0 }
  }
  // Read before asking: the end is announced after it, whoever ends the generation.
  const [seen] = await sql<{ id: number }[]>`select coalesce(max(id), 0)::int as id from generation_events where piece_id = ${pieceId}`
  if (await askToStop(active.id)) await endOf({ generationId: active.id, pieceId, afterId: seen?.id ?? 0 }, AbortSignal.timeout(STOP_WAIT_MS))
  const [row] = await sql<{ status: Status; tokensUsed: number }[]>`
    select status, tokens_used::int as "tokensUsed" from generations where id = ${active.id}`
  return { tokensUsed: row && row.status !== 'running' && row.status !== 'queued' ? row.tokensUsed : 0 }
}

/** A finished generation as the exchange the Piece's draft keeps (spec 2 §3). */
const exchangeOf = (request: GenerationRequest, result: GenerationResult): Exchange => ({
  userMessage: { role: 'user', content: request.message, attachments: request.attachments },
  assistantMessage: {
    role: 'assistant',
    content: result.code,
    attachments: [],
    patch: result.patch,
    patches: result.patches,
    ...(result.answer ? { answer: result.answer } : {}),
  },
  tokensUsed: result.tokensUsed,
  ...(result.verification && { verification: result.verification }),
  ...(result.receipt && { receipt: result.receipt }),
})

/** Issue 29.3: a built page that still fails its browser check (after the one repair, or none) is not paid for. */
const loadStillFails = (result: GenerationResult) => Boolean(result.verification && !result.verification.ok && !result.verification.skipped)

/** Issue 31.3: recorded checks that still fail after the turn's repair: the turn is not paid for either. */
const checksStillFailing = (result: GenerationResult) =>
  result.verification?.repair ? (result.verification.checks ?? []).filter((check) => check.status === 'fail') : []

const stillFails = (result: GenerationResult) => loadStillFails(result) || checksStillFailing(result).length > 0

/** What a refunded turn's receipt names. */
const stillFailing = (result: GenerationResult) => [
  ...(loadStillFails(result) && result.verification ? result.verification.errors : []),
  ...checksStillFailing(result).map(failureWords),
]

/** What a finished turn cost, as its receipt says it. */
function receiptOf(result: GenerationResult, charge: { tokens: number; billable: number }, usage: UsageData): Receipt {
  return {
    calls: result.calls ?? [],
    used: result.tokensUsed,
    charged: charge.tokens,
    billable: charge.billable,
    // The month's billable tokens include this turn's: what it added to the bill, rounded as the provider rounds the month.
    billedCents: addedCents(usage.billableTokenCount - charge.billable, charge.billable, usage.tokenPricePerMillion),
    saved: result.tokensSaved,
    ...(stillFails(result) && { refunded: { problems: stillFailing(result), ...(!loadStillFails(result) && { because: 'checks' as const }) } }),
    ...(result.repairSkipped && { repairSkipped: result.repairSkipped }),
  }
}

type Finish =
  { status: 'complete'; result: GenerationResult } | { status: 'stopped'; tokensUsed?: number; onlyIf?: Status } | { status: 'failed'; error: string }

/**
 * Ends a generation once: records the outcome, charges what it spent (up to its
 * reservation; nothing when it failed through no fault of the user), frees its
 * reservation and the Piece, and announces the end. Answers false when it had already
 * ended.
 */
export async function finishGeneration(generationId: number, finish: Finish): Promise<boolean> {
  // Counted and logged once committed: an ending rolled back did not happen.
  let ended: Parameters<typeof recordGeneration> | undefined
  let line: Record<string, unknown> | undefined
  const finished: boolean = await sql.begin(async (tx): Promise<boolean> => {
    const [row] = await tx<
      { pieceId: number; userId: number; status: Status; request: unknown; reserved: number; model: string; age: number; requestId: string | null }[]
    >`
      select piece_id::int as "pieceId", user_id::int as "userId", status, request, reserved_tokens::int as reserved,
        model, extract(epoch from now() - created_at)::float8 as age, request_id as "requestId"
      from generations where id = ${generationId} for update`
    if (!row || !['queued', 'running'].includes(row.status)) return false
    if (finish.status === 'stopped' && finish.onlyIf && row.status !== finish.onlyIf) return false
    // A failed turn costs nothing, nor does a page that still fails its check; a stopped one, what it used.
    const spent =
      finish.status === 'complete' ? (stillFails(finish.result) ? 0 : finish.result.tokensUsed) : finish.status === 'stopped' ? (finish.tokensUsed ?? 0) : 0
    const charge = await chargeTokens(tx, row.userId, { spent, reserved: row.reserved })
    const tokensUsed = charge.tokens
    const usage = finish.status === 'complete' ? await getUsage(row.userId, tx) : null
    const result = finish.status === 'complete' && usage ? { ...finish.result, tokensUsed, receipt: receiptOf(finish.result, charge, usage) } : null
    await tx`
      update generations set
        status = ${finish.status}, stage = 'idle', finished_at = now(), reserved_tokens = 0, checked_code = null,
        tokens_used = ${tokensUsed},
        used_tokens = ${finish.status === 'complete' ? finish.result.tokensUsed : null},
        tokens_saved = ${result?.tokensSaved ?? 0},
        result = ${result ? jsonb(tx, result) : null},
        error = ${finish.status === 'failed' ? finish.error : null}
      where id = ${generationId}`
    const draft = result ? await recordExchange(tx, row.pieceId, exchangeOf(StoredRequest.parse(row.request), result)) : null
    if (!result) {
      const request = StoredRequest.safeParse(row.request)
      if (request.success) await restoreUnbuiltInput(tx, row.pieceId, request.data)
    }
    await tx`update pieces set generation_started_at = null where id = ${row.pieceId}`
    // The owner's slot is free: a generation of theirs waiting behind their cap may start.
    if (row.status === 'running') await wakeWorkers(tx)
    // What the page would re-read on `complete` travels with it: the exchange as saved and the usage as charged.
    const saved = draft && {
      exchange: draft.exchangeHistory[draft.historyIndex],
      historyIndex: draft.historyIndex,
      usage: usage ?? (await getUsage(row.userId, tx)),
    }
    const event: ChatEvent = result
      ? { type: 'complete', pieceId: row.pieceId, stage: 'idle', ...result, patches: result.patches, ...saved }
      : finish.status === 'failed'
        ? { type: 'status', pieceId: row.pieceId, stage: 'idle', error: finish.error }
        : { type: 'stopped', pieceId: row.pieceId, stage: 'idle', tokensUsed }
    await appendEvent(tx, generationId, event)
    ended = [finish.status, row.age, row.model, tokensUsed]
    line = { reqId: row.requestId ?? undefined, generationId, pieceId: row.pieceId, model: row.model, tokensUsed, seconds: Math.round(row.age * 10) / 10 }
    return true
  })
  if (ended) recordGeneration(...ended)
  // Under the id of the request that sent it, whoever ends it (its worker, a stop, the reaper).
  if (line) {
    if (finish.status === 'failed') log.warn({ ...line, error: finish.error }, 'generation failed')
    else log.info(line, `generation ${finish.status}`)
  }
  return finished
}

/**
 * Generations whose worker died (running, no heartbeat for GENERATION_STALE_SECONDS): taken
 * on again by another worker while attempts remain, otherwise ended as failed at no charge.
 * A generation waiting in the queue is never stale while a worker is alive (issue 27): it
 * is failed only when none has been for that long. Run by every generation worker when it
 * starts and every third of GENERATION_STALE_SECONDS (jobs/generate.ts), never on a request.
 */
export async function endStaleGenerations() {
  const staleAfter = getEnv().GENERATION_STALE_SECONDS
  const stale = await sql<{ id: number; pieceId: number; attempts: number; status: Status; requestId: string | null }[]>`
    select id::int as id, piece_id::int as "pieceId", attempts, status, request_id as "requestId" from generations
    where status in ('queued', 'running') and coalesce(heartbeat_at, created_at) < now() - make_interval(secs => ${staleAfter})`
  if (!stale.length) return 0
  const waitingIsFine = stale.some((generation) => generation.status === 'queued') && (await workersAlive())
  let ended = 0
  for (const generation of stale) {
    if (generation.status === 'queued' && waitingIsFine) continue
    if (generation.status === 'running' && generation.attempts < MAX_ATTEMPTS) {
      await requeue(generation)
      continue
    }
    if (await finishGeneration(generation.id, { status: 'failed', error: FAILURE_MESSAGES.workerLost })) ended += 1
  }
  return ended
}

/** Puts a dead worker's generation back in the queue for another worker, ahead of those sent after it. */
async function requeue({ id: generationId, pieceId, attempts, requestId }: { id: number; pieceId: number; attempts: number; requestId: string | null }) {
  const staleAfter = getEnv().GENERATION_STALE_SECONDS
  const requeued = await sql.begin(async (tx) => {
    const [claimed] = await tx`
      update generations set status = 'queued', stage = 'sending', heartbeat_at = now()
      where id = ${generationId} and status = 'running' and attempts = ${attempts}
        and heartbeat_at < now() - make_interval(secs => ${staleAfter})
      returning id`
    if (!claimed) return false
    await appendEvent(tx, generationId, { type: 'status', pieceId, stage: 'sending' })
    await wakeWorkers(tx)
    return true
  })
  if (requeued) log.warn({ reqId: requestId ?? undefined, generationId, attempts }, 'generation stopped responding; queued again')
  return requeued
}
