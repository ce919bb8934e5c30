import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { ChatEvent } from './events.server'
import type { GenerationResult } from './generations.server'
import { parseDocument, parsePlan, PLAN_INSTRUCTIONS, STEP_INSTRUCTIONS, stepMessage } from './instructions'
import { modelServerConfigured, streamCompletion, userContent } from './model-client.server'
import type { ModelId } from './models'
import { offlineBuild } from './offline.server'
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
  for (const [index, step] of steps.entries()) {
    input.signal.throwIfAborted()
    const progress = { currentStepTitle: step, currentStepIndex: index, plannedStepsTotal: steps.length, stepTitle: step, stepIndex: index, stepsTotal: steps.length }
    await report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, tokensUsed } })
    let lastLive = Date.now()
    const answer = await streamCompletion(
      {
        model: input.model,
        maxTokens: Math.max(1_000, input.maxTokens - tokensUsed),
        signal: input.signal,
        messages: [
          { role: 'system', content: STEP_INSTRUCTIONS },
          { role: 'user', content: userContent(stepMessage({ prompt: input.prompt, step, index, total: steps.length, code }), index === 0 ? input.attachments : []) },
        ],
      },
      (text) => {
        if (Date.now() - lastLive < LIVE_CODE_EVERY_MS) return
        lastLive = Date.now()
        const partial = parseDocument(`${text}\n\`\`\``)
        if (partial) void report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, latestCode: partial } })
      },
    )
    tokensUsed += answer.usage.totalTokens
    const document = parseDocument(answer.text)
    if (!document) throw new Error('The model answered without an HTML document')
    code = document
    await report({ stage: 'generating', tokensUsed, event: { type: 'progress', stage: 'generating', ...progress, latestCode: code, tokensUsed } })
  }
  return { code, patch: '', patches: [], diffs: [], tokensUsed, tokensSaved: 0 }
}
