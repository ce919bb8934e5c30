import { setTimeout as wait } from 'node:timers/promises'
import type { GenerationResult } from './stored'
import { offlineGenerate, type OfflineResult } from './offline'
import { targetedEdit } from './offline/targeted'
import type { TargetSpan } from './visual/edits'
import type { PipelineInput, Report } from './types'
import { estimateTokens, patchCost } from './tokens'

/**
 * The offline builder answers in a millisecond; each step stays on screen this long so it
 * can be read (issue 13.4). Only this path waits: the model path is paced by the model.
 */
export const OFFLINE_STEP_MS = 300

/** What an aimed turn reads of the page: the element and the start tags around it. */
const targetContext = (code: string, target: TargetSpan) => `${target.ancestors.join('')}${code.slice(target.start, target.end)}`

/**
 * What an offline turn costs, as a model's turn would be charged: the request and what it
 * read of the page (`read`: all of it, or the element aimed at), and what it wrote (its
 * patches, or the whole page); `tokensSaved` is what the patches spared. A turn that
 * changed nothing costs nothing.
 */
export function offlineCost(prompt: string, code: string, result: OfflineResult, read = code) {
  const changed = result.code !== code
  const input = changed ? estimateTokens(prompt) + estimateTokens(read) : 0
  const output = !changed ? 0 : result.full ? estimateTokens(result.code) : patchCost(result.patches)
  return { changed, prompt: input, output, tokensSaved: result.full || !changed ? 0 : Math.max(0, estimateTokens(result.code) - output) }
}

/**
 * The offline generator behind the pipeline's reports (no model server configured). Token
 * counts are estimates (four characters a token), and an edit made as patches is charged
 * for the patches, not a rewrite; `tokensSaved` is the difference. A request it answers
 * instead of building leaves the code as it was and costs nothing.
 */
export async function offlineBuild(input: PipelineInput, report: Report): Promise<GenerationResult> {
  // Its own work (about a millisecond) is CPU, so it takes a turn in the worker's CPU pool when it has one (issue 27.1).
  // Aimed at an element (issue 30.4): only that element is read and changed, and its cost is the element's.
  const { target } = input
  const compose = async () => (target ? targetedEdit(input.prompt, input.code, target) : offlineGenerate(input.prompt, input.code, input.attachments.length))
  const result = await (input.cpu ? input.cpu(compose, input.signal) : compose())
  const { changed, prompt, output, tokensSaved } = offlineCost(input.prompt, input.code, result, target ? targetContext(input.code, target) : input.code)
  await report({
    stage: 'planning',
    tokensUsed: prompt,
    event: { type: 'status', stage: 'planning', plannedStepsTotal: result.steps.length, tokensUsed: prompt },
  })
  const tokensUsed = prompt + output
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
    // Stop ends the wait at once (the abort rejects it, as anywhere else in a generation).
    await wait(OFFLINE_STEP_MS, undefined, { signal: input.signal })
  }
  return {
    code: result.code,
    patch: result.patches.length ? JSON.stringify(result.patches) : '',
    patches: result.patches,
    diffs: result.patches,
    tokensUsed,
    tokensSaved,
    // Its receipt: one edit, charged for its patches (or the rewrite), as a model's step would be.
    calls: changed ? [{ kind: 'edit', title: result.full ? 'Rewrite' : 'Patches', inputTokens: prompt, outputTokens: output }] : [],
    ...(result.answer ? { answer: result.answer } : {}),
  }
}
