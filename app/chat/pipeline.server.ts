import type { ChatEvent } from './events.server'
import type { GenerationResult } from './generations.server'
import type { ModelId } from './models'
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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/**
 * Plans, then builds step by step, reporting each step. (Interim single-step offline
 * build until the generation modules land.)
 */
export async function runPipeline(input: PipelineInput, report: (progress: PipelineProgress) => Promise<void>): Promise<GenerationResult> {
  const steps = ['Build the page']
  await report({ stage: 'planning', event: { type: 'status', stage: 'planning', plannedStepsTotal: steps.length } })
  input.signal.throwIfAborted()
  const code = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.prompt.slice(0, 60))}</title></head><body><h1>${escapeHtml(input.prompt)}</h1><p>Built offline.</p></body></html>`
  const tokensUsed = Math.ceil(code.length / 4)
  await report({
    stage: 'generating',
    tokensUsed,
    event: { type: 'progress', stage: 'generating', currentStepTitle: steps[0], currentStepIndex: 0, plannedStepsTotal: 1, latestCode: code, tokensUsed },
  })
  return { code, patch: '', patches: [], diffs: [], tokensUsed, tokensSaved: 0 }
}
