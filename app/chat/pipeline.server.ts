import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { ChatEvent } from './types'
import type { GenerationRequest, GenerationResult } from './stored'
import { FULL_DOCUMENT_RETRY, parseDocument, parsePlan, parseStepAnswer, PLAN_INSTRUCTIONS, STEP_INSTRUCTIONS, stepMessage } from './instructions'
import { modelServerConfigured, streamCompletion, userContent } from './model-client.server'
import type { ModelId } from './models'
import { offlineBuild } from './offline.server'
import { applyPatches, type DiffOperation } from './patch'
import type { Attachment } from './send-schema'
import { estimatePromptTokens, estimateTokens, IMAGE_TOKENS } from './tokens'

export type PipelineInput = {
  model: ModelId
  prompt: string
  attachments: Attachment[]
  code: string
  history: { role: 'user' | 'assistant'; content: string }[]
  /** Tokens this generation may spend (its reservation). */
  maxTokens: number
  signal: AbortSignal
}

/** One step of progress: the stage it puts the generation in and the event to stream. */
export type PipelineProgress = {
  stage: 'planning' | 'generating'
  tokensUsed?: number
  event: Omit<ChatEvent, 'pieceId'>
}

export type Report = (progress: PipelineProgress) => Promise<void>

/** Streamed code is reported at most this often, so events stay few and small. */
const LIVE_CODE_EVERY_MS = 400
/** Earlier chat messages the plan sees. */
const HISTORY_SENT = 6
const PLAN_ANSWER_TOKENS = 400
/** An answer this short is no use (a step answers a document or patches), so no call is made. */
const MIN_ANSWER_TOKENS = 256

/** The generation's reservation cannot pay for its first call. */
export class TokenBudgetSpent extends Error {
  constructor() {
    super('Not enough tokens are left today for this request. No tokens were charged.')
  }
}

/**
 * The request's own part of every prompt the generation sends (message, code, history and
 * images; the instructions come on top), known before anything runs: a send whose
 * allowance cannot hold this much is refused up front.
 */
export function requestPromptTokens({ message, code, messageHistory, attachments }: GenerationRequest) {
  const history = messageHistory.slice(-HISTORY_SENT).reduce((sum, entry) => sum + estimateTokens(entry.content), 0)
  return estimateTokens(message) + estimateTokens(code) + history + attachments.length * IMAGE_TOKENS
}

/**
 * Plans, then builds step by step, reporting each step with the code so far. With an
 * OpenAI-compatible server configured the model does the work; otherwise the offline
 * generator does, through the same reports.
 *
 * Every model call's prompt and answer fit in what is left of the reservation, so a
 * generation never spends more than it holds. When the rest cannot pay for another
 * call, the generation ends with what its finished steps built.
 */
export async function runPipeline(input: PipelineInput, report: Report): Promise<GenerationResult> {
  if (!modelServerConfigured()) return offlineBuild(input, report)

  let tokensUsed = 0
  const ask = async (messages: ChatCompletionMessageParam[], most: number, onText?: (text: string) => void) => {
    const budget = Math.min(most, input.maxTokens - tokensUsed - estimatePromptTokens(messages))
    if (budget < MIN_ANSWER_TOKENS) return null
    const answer = await streamCompletion({ model: input.model, maxTokens: budget, signal: input.signal, messages }, onText)
    tokensUsed += answer.usage.totalTokens
    return answer
  }

  const history: ChatCompletionMessageParam[] = input.history.slice(-HISTORY_SENT).map((message) => ({ role: message.role, content: message.content }))
  const plan = await ask(
    [{ role: 'system', content: PLAN_INSTRUCTIONS }, ...history, { role: 'user', content: userContent(input.prompt, input.attachments) }],
    PLAN_ANSWER_TOKENS,
  )
  if (!plan) throw new TokenBudgetSpent()
  const steps = parsePlan(plan.text)
  await report({ stage: 'planning', tokensUsed, event: { type: 'status', stage: 'planning', plannedStepsTotal: steps.length, tokensUsed } })

  let code = input.code
  let tokensSaved = 0
  const allPatches: DiffOperation[] = []
  for (const [index, step] of steps.entries()) {
    input.signal.throwIfAborted()
    const progress = {
      currentStepTitle: step,
      currentStepIndex: index,
      plannedStepsTotal: steps.length,
      stepTitle: step,
      stepIndex: index,
      stepsTotal: steps.length,
    }
    await report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, tokensUsed } })
    let lastLive = Date.now()
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: STEP_INSTRUCTIONS },
      {
        role: 'user',
        content: userContent(stepMessage({ prompt: input.prompt, step, index, total: steps.length, code }), index === 0 ? input.attachments : []),
      },
    ]
    const live = (text: string) => {
      if (Date.now() - lastLive < LIVE_CODE_EVERY_MS) return
      lastLive = Date.now()
      const partial = parseDocument(`${text}\n\`\`\``)
      if (partial)
        report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, latestCode: partial } }).catch(() => {})
    }
    const answer = await ask(messages, Infinity, live)
    if (!answer) break
    const parsed = parseStepAnswer(answer.text)
    const patched = parsed.patches && code.trim() ? applyPatches(code, parsed.patches) : null
    let stepPatches: DiffOperation[] = []
    if (patched?.ok) {
      code = patched.code
      stepPatches = parsed.patches!
      tokensSaved += Math.max(0, estimateTokens(code) - answer.usage.completionTokens)
    } else if (parsed.code) {
      // A patch that does not apply gives way to the full code (spec 2 §4).
      code = parsed.code
    } else {
      messages.push({ role: 'assistant', content: answer.text }, { role: 'user', content: FULL_DOCUMENT_RETRY })
      const retry = await ask(messages, Infinity, live)
      if (!retry) break
      const document = parseDocument(retry.text)
      if (!document) throw new Error('The model answered without an HTML document')
      code = document
    }
    allPatches.push(...stepPatches)
    await report({
      stage: 'generating',
      tokensUsed,
      event: { type: 'progress', stage: 'generating', ...progress, latestCode: code, patches: stepPatches, tokensUsed },
    })
  }
  return { code, patch: allPatches.length ? JSON.stringify(allPatches) : '', patches: allPatches, diffs: allPatches, tokensUsed, tokensSaved }
}
