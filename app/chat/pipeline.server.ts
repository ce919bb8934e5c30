import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { ChatEvent } from './events.server'
import type { GenerationResult } from './generations.server'
import { FULL_DOCUMENT_RETRY, parseDocument, parsePlan, parseStepAnswer, PLAN_INSTRUCTIONS, STEP_INSTRUCTIONS, stepMessage } from './instructions'
import { modelServerConfigured, streamCompletion, userContent } from './model-client.server'
import type { ModelId } from './models'
import { offlineBuild } from './offline.server'
import { applyPatches, type DiffOperation } from './patch'
import type { Attachment } from './send-schema'

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

/**
 * Plans, then builds step by step, reporting each step with the code so far. With an
 * OpenAI-compatible server configured the model does the work; otherwise the offline
 * generator does, through the same reports.
 */
export async function runPipeline(input: PipelineInput, report: Report): Promise<GenerationResult> {
  if (!modelServerConfigured()) return offlineBuild(input, report)

  let tokensUsed = 0
  const history: ChatCompletionMessageParam[] = input.history.slice(-6).map((message) => ({ role: message.role, content: message.content }))
  const plan = await streamCompletion({
    model: input.model,
    maxTokens: 400,
    signal: input.signal,
    messages: [{ role: 'system', content: PLAN_INSTRUCTIONS }, ...history, { role: 'user', content: userContent(input.prompt, input.attachments) }],
  })
  tokensUsed += plan.usage.totalTokens
  const steps = parsePlan(plan.text)
  await report({ stage: 'planning', tokensUsed, event: { type: 'status', stage: 'planning', plannedStepsTotal: steps.length, tokensUsed } })

  let code = input.code
  let tokensSaved = 0
  const allPatches: DiffOperation[] = []
  for (const [index, step] of steps.entries()) {
    input.signal.throwIfAborted()
    const progress = { currentStepTitle: step, currentStepIndex: index, plannedStepsTotal: steps.length, stepTitle: step, stepIndex: index, stepsTotal: steps.length }
    await report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, tokensUsed } })
    let lastLive = Date.now()
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: STEP_INSTRUCTIONS },
      { role: 'user', content: userContent(stepMessage({ prompt: input.prompt, step, index, total: steps.length, code }), index === 0 ? input.attachments : []) },
    ]
    const ask = () =>
      streamCompletion({ model: input.model, maxTokens: Math.max(1_000, input.maxTokens - tokensUsed), signal: input.signal, messages }, (text) => {
        if (Date.now() - lastLive < LIVE_CODE_EVERY_MS) return
        lastLive = Date.now()
        const partial = parseDocument(`${text}\n\`\`\``)
        if (partial) report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, latestCode: partial } }).catch(() => {})
      })
    const answer = await ask()
    tokensUsed += answer.usage.totalTokens
    const parsed = parseStepAnswer(answer.text)
    const patched = parsed.patches && code.trim() ? applyPatches(code, parsed.patches) : null
    let stepPatches: DiffOperation[] = []
    if (patched?.ok) {
      code = patched.code
      stepPatches = parsed.patches!
      tokensSaved += Math.max(0, Math.ceil(code.length / 4) - answer.usage.completionTokens)
    } else if (parsed.code) {
      // A patch that does not apply gives way to the full code (spec 2 §4).
      code = parsed.code
    } else {
      messages.push({ role: 'assistant', content: answer.text }, { role: 'user', content: FULL_DOCUMENT_RETRY })
      const retry = await ask()
      tokensUsed += retry.usage.totalTokens
      const document = parseDocument(retry.text)
      if (!document) throw new Error('The model answered without an HTML document')
      code = document
    }
    allPatches.push(...stepPatches)
    await report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, latestCode: code, patches: stepPatches, tokensUsed } })
  }
  return { code, patch: allPatches.length ? JSON.stringify(allPatches) : '', patches: allPatches, diffs: allPatches, tokensUsed, tokensSaved }
}
