import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { ReceiptCall, Verification } from '~/pieces/draft-schema'
import type { GenerationResult } from './stored'
import type { BrowserCheck, CheckOutcome, PipelineInput, Report, Verify } from './types'
import {
  ELEMENT_RETRY,
  type FailedCheck,
  FULL_DOCUMENT_RETRY,
  parseDocument,
  parseElement,
  parsePlan,
  parseStepAnswer,
  PLAN_INSTRUCTIONS,
  repairMessage,
  STEP_INSTRUCTIONS,
  stepMessage,
  targetedStepMessage,
} from './instructions'
import { modelServerConfigured, streamCompletion, userContent, type ModelUsage } from './model-client.server'
import { modelFault } from './model-failures'
import { offlineBuild } from './offline.server'
import { applyPatches, completedOperations, isDiffOperation, type DiffOperation } from './patch'
import { STATUS_MESSAGES } from './status-messages'
import { HISTORY_SENT } from './estimate'
import { estimatePromptTokens, estimateTokens } from './tokens'
import { logger } from '~/lib/log.server'
import { PIECE_CODE_MAX } from '~/pieces/schema'
import { failureWords, summaryWords } from '~/checks/schema'

const log = logger('generation')

/** Streamed code is reported at most this often, so events stay few and small. */
const LIVE_CODE_EVERY_MS = 400
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
 * Plans, then builds step by step, reporting each step with the code so far; then, when
 * the worker can check code in a browser, checks the result and has the model repair it
 * once if it failed. With an OpenAI-compatible server configured the model does the work;
 * otherwise the offline generator does, through the same reports.
 *
 * Every model call's prompt and answer fit in what is left of the reservation, so a
 * generation never spends more than it holds. When the rest cannot pay for another
 * call, the generation ends with what its finished steps built.
 */
export async function runPipeline(input: PipelineInput, report: Report): Promise<GenerationResult> {
  // Every call the turn makes, in order, for its receipt (issue 29.2).
  const calls: ReceiptCall[] = []
  const model = modelServerConfigured() ? modelCalls(input, calls) : null
  const built = model ? await buildWithModel(input, report, model) : await offlineBuild(input, report)
  if (!model) calls.push(...(built.calls ?? []))
  // The code as it was asked of (an answer, not a build): nothing to check, accept or reject (issue 26.4).
  if (built.code === input.code) return { ...built, calls, unchanged: true }
  keepable(built.code)
  const result = input.verify ? await verifyResult(input, input.verify, report, built, model, calls) : built
  keepable(result.code)
  return { ...result, calls }
}

/** Issue 37.4: a page a Piece cannot hold is not checked, shown or charged: the turn fails saying so. */
function keepable(code: string) {
  if (code.length > PIECE_CODE_MAX) throw modelFault.tooBig(`the built page has ${code.length} characters, more than ${PIECE_CODE_MAX}`)
}

type ModelCall = { kind: 'plan' | 'step' | 'retry' | 'repair'; title?: string }

type ModelCalls = {
  ask: (
    call: ModelCall,
    messages: ChatCompletionMessageParam[],
    most: number,
    onText?: (text: string) => void,
  ) => Promise<{ text: string; usage: ModelUsage } | null>
  tokensUsed: () => number
}

/**
 * Model calls that count what they spend, each noted in `calls` with its input and output
 * tokens, and never answer past the reservation (null when it cannot pay for one).
 */
function modelCalls(input: PipelineInput, calls: ReceiptCall[]): ModelCalls {
  let tokensUsed = 0
  return {
    async ask(call, messages, most, onText) {
      const budget = Math.min(most, input.maxTokens - tokensUsed - estimatePromptTokens(messages))
      if (budget < MIN_ANSWER_TOKENS) return null
      const answer = await streamCompletion({ model: input.model, maxTokens: budget, signal: input.signal, messages }, onText)
      tokensUsed += answer.usage.totalTokens
      calls.push({ ...call, inputTokens: answer.usage.promptTokens, outputTokens: answer.usage.totalTokens - answer.usage.promptTokens })
      return answer
    },
    tokensUsed: () => tokensUsed,
  }
}

/**
 * Streams a step's answer into the preview as it arrives: a document as it grows (at most
 * every LIVE_CODE_EVERY_MS), or patches one by one, each applied to the step's code the
 * moment its closing brace arrives (issue 13.3). Reports go out one after another, so the
 * preview never steps back; `settled` waits for the last of them.
 */
function liveCode(code: string, show: (latestCode: string) => Promise<void>) {
  let lastShown = 0
  let patchesShown = 0
  let queue = Promise.resolve()
  const send = (latestCode: string) => {
    queue = queue.then(() => show(latestCode)).catch(() => {})
  }
  const onText = (text: string) => {
    const operations = code.trim() ? completedOperations(text) : []
    if (operations.length > patchesShown) {
      patchesShown = operations.length
      const patched = applyPatches(code, operations)
      if (patched.applied) send(patched.code)
      return
    }
    if (operations.length || Date.now() - lastShown < LIVE_CODE_EVERY_MS) return
    lastShown = Date.now()
    const partial = parseDocument(`${text}\n\`\`\``)
    if (partial) send(partial)
  }
  return { onText, settled: () => queue }
}

/**
 * A step's (or the repair's) answer applied to `code`: its patches when they all apply,
 * else its document. `saved` is what the patches spared against writing the whole
 * document out (output tokens), so `tokensSaved` counts only edits that really landed.
 */
type Applied = { code: string; patches: DiffOperation[]; saved: number }

function applyAnswer(code: string, answer: { text: string; usage: ModelUsage }): Applied | null {
  const parsed = parseStepAnswer(answer.text)
  const { patches } = parsed
  const patched = patches && code.trim() ? applyPatches(code, patches) : null
  if (patches && patched?.ok) {
    return { code: patched.code, patches, saved: Math.max(0, estimateTokens(patched.code) - answer.usage.completionTokens) }
  }
  // A patch that does not apply gives way to the full code (spec 2 §4).
  if (parsed.code) return { code: parsed.code, patches: [], saved: 0 }
  return null
}

/**
 * What the steps of a turn work on: the whole document, or (issue 30.4) the span of the
 * element the send is aimed at, shown to the model with the start tags around it and put
 * back in its place. Patches inside a span are not passed on as the document's (their
 * targets are unique in the span, not necessarily in the page).
 */
type Scope = {
  text: string
  whole: (text: string) => string
  aimed: boolean
  message: (step: { prompt: string; step: string; index: number; total: number; text: string }) => string
  apply: (text: string, answer: { text: string; usage: ModelUsage }) => ReturnType<typeof applyAnswer>
  retry: string
  parseRetry: (answer: string) => string | null
}

function scopeOf(input: PipelineInput): Scope {
  const { target } = input
  if (!target) {
    return {
      text: input.code,
      whole: (text) => text,
      aimed: false,
      message: ({ text, ...step }) => stepMessage({ ...step, code: text }),
      apply: applyAnswer,
      retry: FULL_DOCUMENT_RETRY,
      parseRetry: parseDocument,
    }
  }
  const before = input.code.slice(0, target.start)
  const after = input.code.slice(target.end)
  return {
    text: input.code.slice(target.start, target.end),
    whole: (text) => `${before}${text}${after}`,
    aimed: true,
    message: ({ text, ...step }) => targetedStepMessage({ ...step, element: text, ancestors: target.ancestors }),
    apply: (text, answer) => {
      const { patches } = parseStepAnswer(answer.text)
      const patched = patches ? applyPatches(text, patches) : null
      if (patches && patched?.ok) return { code: patched.code, patches, saved: Math.max(0, estimateTokens(patched.code) - answer.usage.completionTokens) }
      const element = parseElement(answer.text, target.tag)
      return element ? { code: element, patches: [], saved: 0 } : null
    },
    retry: ELEMENT_RETRY,
    parseRetry: (answer) => parseElement(answer, target.tag),
  }
}

/**
 * The turn's steps: the model's plan, or (issue 40.4) for "Redo this change" one step and no
 * plan call, so only the call that does the change is charged.
 */
async function planOf(input: PipelineInput, { ask }: ModelCalls): Promise<string[]> {
  if (input.redo) return [STATUS_MESSAGES.redoing]
  const history: ChatCompletionMessageParam[] = input.history.slice(-HISTORY_SENT).map((message) => ({ role: message.role, content: message.content }))
  const plan = await ask(
    { kind: 'plan' },
    [{ role: 'system', content: PLAN_INSTRUCTIONS }, ...history, { role: 'user', content: userContent(input.prompt, input.attachments) }],
    PLAN_ANSWER_TOKENS,
  )
  if (!plan) throw new TokenBudgetSpent()
  return parsePlan(plan.text)
}

async function buildWithModel(input: PipelineInput, report: Report, model: ModelCalls): Promise<GenerationResult> {
  const { ask, tokensUsed } = model
  const steps = await planOf(input, model)
  await report({
    stage: 'planning',
    tokensUsed: tokensUsed(),
    event: { type: 'status', stage: 'planning', plannedStepsTotal: steps.length, tokensUsed: tokensUsed() },
  })

  const scope = scopeOf(input)
  let code = scope.text
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
    await report({ stage: 'generating', tokensUsed: tokensUsed(), event: { type: 'progress', stage: 'generating', ...progress, tokensUsed: tokensUsed() } })
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: STEP_INSTRUCTIONS },
      {
        role: 'user',
        content: userContent(scope.message({ prompt: input.prompt, step, index, total: steps.length, text: code }), index === 0 ? input.attachments : []),
      },
    ]
    const live = liveCode(code, (latestCode) =>
      report({
        stage: 'generating',
        tokensUsed: tokensUsed(),
        event: { type: 'progress', stage: 'generating', ...progress, latestCode: scope.whole(latestCode) },
      }),
    )
    const answer = await ask({ kind: 'step', title: step }, messages, Infinity, live.onText)
    await live.settled()
    // A redo's one call that cannot be paid is refused like a plan that cannot be (nothing was spent).
    if (!answer && tokensUsed() === 0) throw new TokenBudgetSpent()
    if (!answer) break
    let applied = scope.apply(code, answer)
    if (!applied) {
      messages.push({ role: 'assistant', content: answer.text }, { role: 'user', content: scope.retry })
      const retry = await ask({ kind: 'retry', title: step }, messages, Infinity, live.onText)
      await live.settled()
      if (!retry) break
      const document = scope.parseRetry(retry.text)
      if (!document) throw new Error('The model answered without an HTML document')
      applied = { code: document, patches: [], saved: 0 }
    }
    code = applied.code
    tokensSaved += applied.saved
    const patches = scope.aimed ? [] : applied.patches
    allPatches.push(...patches)
    await report({
      stage: 'generating',
      tokensUsed: tokensUsed(),
      event: { type: 'progress', stage: 'generating', ...progress, latestCode: scope.whole(code), patches, tokensUsed: tokensUsed() },
    })
  }
  return resultOf({ code: scope.whole(code), patches: allPatches, tokensUsed: tokensUsed(), tokensSaved })
}

const resultOf = ({ code, patches, tokensUsed, tokensSaved }: { code: string; patches: DiffOperation[]; tokensUsed: number; tokensSaved: number }) => ({
  code,
  patch: patches.length ? JSON.stringify(patches) : '',
  patches,
  diffs: patches,
  tokensUsed,
  tokensSaved,
})

const UNUSABLE_REPAIR = 'The repair answer held no code that could be used.'

/** A check as the receipt names it. */
const checkTitle = (outcome: CheckOutcome) => {
  if ('skipped' in outcome) return 'not checked'
  const loaded = outcome.ok ? 'passed' : `${outcome.errors.length} ${outcome.errors.length === 1 ? 'problem' : 'problems'}`
  return outcome.checks?.length ? `${loaded}; ${summaryWords(outcome.checks)}` : loaded
}

/** How the check went, as the chat says it (`skipped`, with why, when nothing was checked). */
const checked = (check: CheckOutcome): Verification =>
  'skipped' in check
    ? { ok: false, skipped: true, skippedBecause: check.skipped, errors: [], screenshot: null }
    : { ok: check.ok, skipped: false, errors: check.errors, screenshot: check.screenshot, ...(check.checks && { checks: check.checks }) }

/** Issue 29.3: the receipt's word for a repair not tried because the last turn's page failed the same way. */
export const SAME_PROBLEMS_REPAIR_SKIPPED = 'No repair was tried: the page fails the same way as the version before it, which a repair did not fix.'

/** The same problems, in any order. */
const sameProblems = (errors: string[], before: string[] | undefined) =>
  before !== undefined && errors.length === before.length && [...errors].sort().join('\n') === [...before].sort().join('\n')

/**
 * Issue 13.1: loads the built code in a browser before the generation completes. When it
 * fails and a model is configured, the model is asked once for a repair (the errors and
 * the code; its tokens counted like any call), which is checked again; the repaired
 * version is kept only when it has fewer problems. The offline path has no model to ask.
 * A repair never loops: one per turn, and none when the page fails just as the version it
 * was built on did (issue 29.3). Each check is noted in `calls`.
 */
async function verifyResult(
  input: PipelineInput,
  verifyCode: Verify,
  report: Report,
  built: GenerationResult,
  model: ModelCalls | null,
  calls: ReceiptCall[],
): Promise<GenerationResult> {
  // Nothing was built (an answer to a Piece that has no page yet): there is no page to check,
  // and "the page is blank" would blame a build that did not happen.
  if (!built.code.trim()) return built
  const say = (title: string) =>
    report({
      stage: 'generating',
      tokensUsed: model?.tokensUsed() ?? built.tokensUsed,
      event: { type: 'progress', stage: 'generating', currentStepTitle: title, stepTitle: title },
    })
  // A check that cannot run is the server's trouble, never the build's: it completes unchecked.
  const check = async (code: string): Promise<CheckOutcome> => {
    try {
      return await verifyCode(code, input.signal, { waiting: () => say(STATUS_MESSAGES.waitingForCheck), started: () => say(STATUS_MESSAGES.verifying) })
    } catch (error) {
      if (input.signal.aborted) throw error
      log.warn({ err: error instanceof Error ? error.message.split('\n')[0] : error }, 'the browser check failed; not checked')
      return { skipped: 'failed' }
    }
  }
  const verify = async (code: string) => {
    const outcome = await check(code)
    calls.push({ kind: 'check', title: checkTitle(outcome), inputTokens: 0, outputTokens: 0 })
    return outcome
  }
  const first = await verify(built.code)
  input.signal.throwIfAborted()
  if ('skipped' in first || !model || (first.ok && !failedChecks(first).length)) return { ...built, verification: checked(first) }
  if (!failedChecks(first).length && sameProblems(first.errors, input.lastProblems))
    return { ...built, verification: checked(first), repairSkipped: SAME_PROBLEMS_REPAIR_SKIPPED }

  await say(STATUS_MESSAGES.repairing)
  const answer = await model.ask(
    { kind: 'repair' },
    [
      { role: 'system', content: STEP_INSTRUCTIONS },
      { role: 'user', content: repairMessage({ prompt: input.prompt, errors: first.errors, checks: failedChecks(first), code: built.code }) },
    ],
    Infinity,
  )
  const spent = { ...built, tokensUsed: model.tokensUsed() }
  const problems = problemsOf(first)
  // What is left of the reservation cannot pay for a repair: none was tried.
  if (!answer) return { ...spent, verification: checked(first) }
  const repaired = applyAnswer(built.code, answer)
  if (!repaired) return { ...spent, verification: { ...checked(first), repair: { errors: [UNUSABLE_REPAIR], kept: false } } }
  const second = await verify(repaired.code)
  input.signal.throwIfAborted()
  if (!isBetter(second, first))
    return { ...spent, verification: { ...checked(first), repair: { errors: 'skipped' in second ? [] : problemsOf(second), kept: false } } }
  const patches = [...built.patches.filter(isDiffOperation), ...repaired.patches]
  return {
    ...resultOf({ code: repaired.code, patches, tokensUsed: model.tokensUsed(), tokensSaved: built.tokensSaved + repaired.saved }),
    verification: { ...checked(second), repair: { errors: problems, kept: true } },
  }
}

/** Issue 31.3: the recorded checks that failed on this code (twice: a flaky one is not among them), as the repair is told them. */
const failedChecks = (outcome: CheckOutcome): FailedCheck[] =>
  'skipped' in outcome
    ? []
    : (outcome.checks ?? [])
        .filter((check) => check.status === 'fail')
        .map((check) => ({ name: check.name, steps: outcome.checkSteps?.[check.checkId] ?? [], step: check.step, message: check.message }))

/** The load check's problems and the failed checks, in words: what a repair was for. */
const problemsOf = (outcome: CheckOutcome) => ('skipped' in outcome ? [] : [...outcome.errors, ...failedChecks(outcome).map(failureWords)])

/** A repair is kept when its page has fewer problems loading, or as few and fewer failed checks. */
function isBetter(second: CheckOutcome, first: CheckOutcome & BrowserCheck) {
  if ('skipped' in second) return false
  if (second.errors.length !== first.errors.length) return second.errors.length < first.errors.length
  return failedChecks(second).length < failedChecks(first).length
}
