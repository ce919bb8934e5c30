import type { GenerationResult } from './stored'
import { offlineGenerate } from './offline'
import type { PipelineInput, Report } from './pipeline.server'
import { estimateTokens, patchCost } from './tokens'

/**
 * The offline generator behind the pipeline's reports (no model server configured). Token
 * counts are estimates (four characters a token), and an edit made as patches is charged
 * for the patches, not a rewrite; `tokensSaved` is the difference.
 */
export async function offlineBuild(input: PipelineInput, report: Report): Promise<GenerationResult> {
  const result = offlineGenerate(input.prompt, input.code)
  const prompt = estimateTokens(input.prompt) + estimateTokens(input.code)
  await report({
    stage: 'planning',
    tokensUsed: prompt,
    event: { type: 'status', stage: 'planning', plannedStepsTotal: result.steps.length, tokensUsed: prompt },
  })
  const output = result.full ? estimateTokens(result.code) : patchCost(result.patches)
  const tokensUsed = prompt + output
  const tokensSaved = result.full ? 0 : Math.max(0, estimateTokens(result.code) - output)
  for (const [index, step] of result.steps.entries()) {
    input.signal.throwIfAborted()
    const last = index === result.steps.length - 1
    await report({
      stage: 'generating',
      tokensUsed: last ? tokensUsed : prompt,
      event: {
        type: 'progress',
        stage: 'generating',
        currentStepTitle: step,
        currentStepIndex: index,
        plannedStepsTotal: result.steps.length,
        stepTitle: step,
        stepIndex: index,
        stepsTotal: result.steps.length,
        ...(last ? { latestCode: result.code, patches: result.patches, tokensUsed } : {}),
      },
    })
  }
  return {
    code: result.code,
    patch: result.patches.length ? JSON.stringify(result.patches) : '',
    patches: result.patches,
    diffs: result.patches,
    tokensUsed,
    tokensSaved,
  }
}
