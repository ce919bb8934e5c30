import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { z } from 'zod'
import type { AccountUser } from '~/accounts/users.server'
import { DomainError } from '~/lib/errors'
import { AGENTIC_TOKEN_RESERVE } from '~/lib/constants'
import { sql } from '~/lib/db.server'
import { getEnv } from '~/lib/env.server'
import { getOwnPiece, getViewablePieceByName } from '~/pieces/pieces.server'
import { holdTokens, releaseHold } from '~/usage/limits.server'
import { isPlus } from '~/accounts/plan.server'
import { DEFAULT_MODEL, modelRequiresSubscription, normalizeModel, type ModelId } from '~/lib/models'
import { completeOnce } from './model-client.server'
import { ModelFault } from './model-failures'
import { estimatePromptTokens, estimateTokens } from './tokens'
import { logger } from '~/lib/log.server'
import { jsonValue, lines, text } from '~/lib/text'

const log = logger('agentic')

/** Spec 2 §3 agentic payload and §7 call 11. */
export const AgenticBody = z.object({
  input: jsonValue().optional(),
  instruction: lines({ error: 'instruction must be text' }).trim().min(1, 'instruction is required').max(4_000, 'instruction must be 4,000 characters or less'),
  mode: text().max(50).optional().default('auto'),
  name: text().max(200).optional(),
  pieceId: z.coerce.number().int().positive().optional(),
  pieceName: text().max(64).optional(),
})
export type AgenticInput = z.infer<typeof AgenticBody>

const MAX_INPUT_CHARS = 50_000

const SYSTEM = [
  'You carry out one instruction from a small web app on the input it gives you.',
  'Answer with the result only. When the result is structured (a list, records, numbers), answer valid JSON and nothing else.',
].join(' ')

/** JSON in the answer becomes `data`; a fenced block is unwrapped first. */
export function parseAgenticAnswer(answer: string): { result: string; data: unknown } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1]
  const candidate = (fenced ?? answer).trim()
  try {
    const data: unknown = JSON.parse(candidate)
    return { result: candidate, data }
  } catch {
    return { result: answer.trim(), data: null }
  }
}

const messagesOf = (instruction: string, input: string): ChatCompletionMessageParam[] => [
  { role: 'system', content: SYSTEM },
  { role: 'user', content: `Instruction:\n${instruction}\n\nInput:\n${input}` },
]

/** `maxTokens` caps the answer, so the call's prompt and answer fit in its hold. */
async function runModel(model: ModelId, instruction: string, input: string, maxTokens: number, signal: AbortSignal) {
  const env = getEnv()
  if (!env.OPENAI_API_KEY) {
    // The offline generator is honest about what it is: it echoes the request as data.
    const data = {
      offline: true,
      instruction,
      input: input.slice(0, 2_000),
      note: 'Made by the offline generator: connect an AI model to run this action for real.',
    }
    const result = JSON.stringify(data)
    return { answer: result, tokens: estimateTokens(instruction) + estimateTokens(input) + estimateTokens(result) }
  }
  const completion = await completeOnce({ model, messages: messagesOf(instruction, input), maxTokens, signal })
  return { answer: completion.text, tokens: completion.totalTokens ?? estimateTokens(instruction + input + completion.text) }
}

/** The caller's saved model, or the free one when it needs PLUS and they no longer have it. */
async function allowedModel(user: AccountUser) {
  const saved = normalizeModel(user.selectedModel)
  return modelRequiresSubscription(saved) && !(await isPlus(sql, user.id)) ? DEFAULT_MODEL : saved
}

/**
 * Spec 2 §7 call 11: runs a Piece's instruction on its input with the model, counted
 * against the signed-in caller's allowance (the same 429 messages as a send). Works for
 * the caller's own Pieces and any Piece they may view (its public page).
 */
export async function executeAgentic(user: AccountUser, body: AgenticInput, signal: AbortSignal) {
  if (body.pieceId !== undefined) {
    const own = await getOwnPiece(user.id, body.pieceId)
    const [named] = own ? [own] : await sql<{ name: string }[]>`select name from pieces where id = ${body.pieceId}`
    if (!own && !(named && (await getViewablePieceByName(user.id, named.name)))) throw new DomainError('not-found', 'Piece not found')
  }
  const input = typeof body.input === 'string' ? body.input : JSON.stringify(body.input ?? null)
  if (input.length > MAX_INPUT_CHARS) throw new DomainError('invalid', `input must be ${MAX_INPUT_CHARS.toLocaleString('en-US')} characters or less`)
  const model = await allowedModel(user)
  const prompt = estimatePromptTokens(messagesOf(body.instruction, input))
  const hold = await sql.begin((tx) => holdTokens(tx, user.id, { prompt, answers: AGENTIC_TOKEN_RESERVE }))
  let failure: unknown = null
  const ran = await runModel(model, body.instruction, input, hold.tokens - prompt, signal).catch((error: unknown) => {
    failure = error
    return null
  })
  // The hold ends whatever happened; a failed call is charged nothing.
  const tokensUsed = await sql.begin((tx) => releaseHold(tx, user.id, hold, ran?.tokens ?? 0))
  if (!ran) {
    // A fault of the model server says which (issue 37.3); anything else, that the action could not run.
    if (failure instanceof ModelFault) {
      log[failure.level]({ fault: failure.kind, detail: failure.detail }, `model call failed: ${failure.detail}`)
      throw new DomainError('unavailable', failure.message)
    }
    log.error({ err: failure instanceof Error ? failure.message : failure }, 'model call failed')
    throw new DomainError('unavailable', 'The action could not be run right now. No tokens were charged.')
  }
  const { result, data } = parseAgenticAnswer(ran.answer)
  return { result, data, tokensUsed, message: 'Action completed' }
}
