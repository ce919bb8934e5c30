import { setTimeout as sleep } from 'node:timers/promises'
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai'
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { getEnv } from '~/lib/env.server'
import { logger } from '~/lib/log.server'
import type { ModelId } from '~/lib/models'
import type { Attachment } from '~/pieces/draft-schema'
import { PIECE_CODE_MAX } from '~/pieces/schema'
import { GENERATION_MAX_MS } from './dispatch.server'
import { ModelFault, modelFault } from './model-failures'
import { estimatePromptTokens, estimateTokens } from './tokens'

export type ModelUsage = { promptTokens: number; completionTokens: number; totalTokens: number }

/** Retries of a call the model server turned away for now (429, a 5xx, no connection), each after its Retry-After. */
export const MODEL_RETRIES = 2
/** The most one call waits in all between those retries: a Retry-After that would pass it is not waited for. */
export const MODEL_RETRY_WAIT_MS = 20_000
/** An answer longer than a Piece can hold (with room for its code fence and a line of prose) is not read further. */
export const MAX_ANSWER_CHARS = PIECE_CODE_MAX + 10_000

const log = logger('model-server')
const clip = (values: unknown[]) => values.map((value) => String(value).slice(0, 500))
/**
 * The SDK's own lines (it reports an unreadable chunk with console.error) go to our log as
 * warnings: the turn's failure line says what the fault meant.
 */
const sdkLogger = {
  error: (message: string, ...rest: unknown[]) => log.warn({ detail: clip(rest) }, message),
  warn: (message: string, ...rest: unknown[]) => log.warn({ detail: clip(rest) }, message),
  info: () => {},
  debug: () => {},
}

let client: { openai: OpenAI; for: string } | null = null
/**
 * The one client for the model server (generations and agentic actions alike), made again
 * when the settings change. The SDK does not retry (`maxRetries: 0`): its wait ignores Stop
 * and obeys any Retry-After however long, so `withRetries` does it, bounded. Its timeout
 * covers only the wait for headers; silence is the idle clock's to end (MODEL_IDLE_SECONDS).
 */
export function openai() {
  const env = getEnv()
  const settings = `${env.OPENAI_API_KEY}\n${env.OPENAI_BASE_URL ?? ''}`
  if (client?.for !== settings) {
    client = {
      openai: new OpenAI({
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_BASE_URL,
        maxRetries: 0,
        timeout: GENERATION_MAX_MS,
        logger: sdkLogger,
        logLevel: 'warn',
      }),
      for: settings,
    }
  }
  return client.openai
}

export const modelServerConfigured = () => Boolean(getEnv().OPENAI_API_KEY)

const OVERRIDES = { 'gpt-5': 'OPENAI_MODEL_GPT_5', 'gpt-4.1': 'OPENAI_MODEL_GPT_4_1', 'gpt-4.1-mini': 'OPENAI_MODEL_GPT_4_1_MINI' } as const

/** Our model ids map to the server's names; `OPENAI_MODEL_<ID>` overrides one (e.g. OPENAI_MODEL_GPT_5). */
export function providerModel(model: ModelId) {
  return getEnv()[OVERRIDES[model]] ?? model
}

/** A user message with its images as image inputs. */
export function userContent(text: string, attachments: Attachment[]): string | ChatCompletionContentPart[] {
  if (!attachments.length) return text
  return [{ type: 'text', text }, ...attachments.map((attachment) => ({ type: 'image_url' as const, image_url: { url: attachment.url } }))]
}

/**
 * Ends a call the model server is silent on for MODEL_IDLE_SECONDS: from the request to the
 * first chunk of its answer, and between two chunks. One setting for both (docs/chat.md):
 * the default, 60 s, waits for a slow model's first token and ends a hung server within a
 * minute. `touch` restarts the clock without a new timer (it runs once per chunk).
 */
function idleClock(signal: AbortSignal) {
  const seconds = getEnv().MODEL_IDLE_SECONDS
  const controller = new AbortController()
  let fired = false
  const timer = setTimeout(() => {
    fired = true
    controller.abort()
  }, seconds * 1000)
  const follow = () => controller.abort(signal.reason)
  if (signal.aborted) follow()
  else signal.addEventListener('abort', follow, { once: true })
  return {
    signal: controller.signal,
    touch: () => void timer.refresh(),
    /** The stall, when the clock ended the call (and Stop did not). */
    stalled: () => (fired && !signal.aborted ? modelFault.stalled(seconds) : null),
    stop: () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', follow)
    },
  }
}

/** Retry-After (or Retry-After-Ms) in milliseconds: seconds or an HTTP date. */
function retryAfterMs(headers: Headers | undefined) {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN)
  if (Number.isFinite(ms)) return Math.max(0, ms)
  const value = headers?.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  const at = Number.isFinite(seconds) ? Date.now() + seconds * 1000 : Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null
}

/** How long to wait before trying a failed call again; null when it is not worth another try. */
function retryWait(error: unknown, retry: number) {
  const backoff = 500 * 2 ** retry
  if (error instanceof APIConnectionError) return backoff
  if (!(error instanceof APIError) || error.status === undefined) return null
  if (error.status !== 429 && error.status !== 408 && error.status < 500) return null
  return retryAfterMs(error.headers) ?? backoff
}

/**
 * The server's refusal or the broken answer as a fault with the user's words; anything
 * else (Stop, a request of ours it rejects, a bug) as it was.
 */
function describeModelError(error: unknown, model: ModelId): unknown {
  if (error instanceof ModelFault || error instanceof APIUserAbortError) return error
  if (error instanceof APIConnectionError) return modelFault.unavailable(`could not reach the model server: ${error.message}`)
  if (error instanceof APIError && error.status !== undefined) {
    const said = `the model server answered ${error.status}: ${error.message}`
    if (error.status === 429) return modelFault.busy(said)
    if (error.status === 404 && (error.code === 'model_not_found' || /model/i.test(error.message))) {
      return modelFault.unknownModel(providerModel(model), OVERRIDES[model])
    }
    if (error.status === 404) return modelFault.unavailable(`${said} (is OPENAI_BASE_URL right?)`)
    if (error.status >= 500) return modelFault.unavailable(said)
    return error
  }
  // An error event inside the stream, or the connection dropped mid-answer.
  if (error instanceof APIError) return modelFault.cutOff(`the model server reported an error mid-answer: ${error.message}`)
  if (error instanceof SyntaxError) return modelFault.garbled(`a chunk of the answer is not JSON: ${error.message}`)
  if (error instanceof TypeError && /terminated|socket|closed/i.test(`${error.message} ${String(error.cause)}`)) {
    return modelFault.cutOff(`the connection to the model server ended mid-answer: ${String(error.cause ?? error.message)}`)
  }
  return error
}

/**
 * Runs one call to the model server (a fresh idle clock each time), again after a 429, a
 * 5xx or a lost connection: at most MODEL_RETRIES more times, each after the server's
 * Retry-After (or a short backoff), and never past MODEL_RETRY_WAIT_MS of waiting in all
 * (a longer Retry-After gives up at once). Stop ends the wait. Throws the fault in words.
 */
async function withRetries<T>(model: ModelId, signal: AbortSignal, attempt: (clock: ReturnType<typeof idleClock>) => Promise<T>) {
  let waited = 0
  for (let retry = 0; ; retry += 1) {
    const clock = idleClock(signal)
    try {
      return { answer: await attempt(clock), clock }
    } catch (error) {
      clock.stop()
      const stalled = clock.stalled()
      if (stalled) throw stalled
      const wait = retry < MODEL_RETRIES ? retryWait(error, retry) : null
      if (wait === null || waited + wait > MODEL_RETRY_WAIT_MS || signal.aborted) throw describeModelError(error, model)
      log.info(
        { status: error instanceof APIError ? error.status : undefined, waitMs: Math.round(wait), retry: retry + 1 },
        'model server turned the call away; trying again',
      )
      await sleep(wait, undefined, { signal })
      waited += wait
    }
  }
}

/**
 * One streamed chat completion: the text as it grows (for live progress) and the usage
 * the server reports at the end. `maxTokens` caps the answer; `signal` aborts the request.
 * Reading stops, and the call fails with a fault the user can read, when the server goes
 * silent, the answer passes MAX_ANSWER_CHARS, is cut off, garbled or empty.
 */
export async function streamCompletion(
  { model, messages, maxTokens, signal }: { model: ModelId; messages: ChatCompletionMessageParam[]; maxTokens: number; signal: AbortSignal },
  onText?: (text: string) => void,
): Promise<{ text: string; usage: ModelUsage }> {
  const { answer: stream, clock } = await withRetries(model, signal, (clock) =>
    openai().chat.completions.create(
      { model: providerModel(model), messages, stream: true, stream_options: { include_usage: true }, max_completion_tokens: maxTokens },
      { signal: clock.signal },
    ),
  )
  let text = ''
  let usage: ModelUsage | null = null
  let finished = false
  try {
    for await (const chunk of stream) {
      clock.touch()
      const choice = chunk.choices[0]
      const delta = choice?.delta?.content
      if (delta) {
        text += delta
        // Leaving the loop aborts the request: the rest of an oversized page is never read.
        if (text.length > MAX_ANSWER_CHARS) throw modelFault.tooBig(`the answer passed ${MAX_ANSWER_CHARS} characters; reading stopped there`)
        onText?.(text)
      }
      if (choice?.finish_reason) finished = true
      if (chunk.usage) {
        usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens, totalTokens: chunk.usage.total_tokens }
      }
    }
  } catch (error) {
    throw clock.stalled() ?? describeModelError(error, model)
  } finally {
    clock.stop()
  }
  // The SDK ends the iteration quietly when the signal aborts mid-stream: a half answer
  // must not pass for a whole one (Stop would end in "complete"; a stall, in a half page).
  signal.throwIfAborted()
  const stalled = clock.stalled()
  if (stalled) throw stalled
  if (!text.trim()) throw modelFault.empty()
  if (!finished) throw modelFault.cutOff('the answer ended without a finish reason')
  const estimate = estimatePromptTokens(messages) + estimateTokens(text)
  return { text, usage: usage ?? { promptTokens: estimate, completionTokens: 0, totalTokens: estimate } }
}

/**
 * One chat completion answered whole (an agentic action), with the same bounded retries,
 * the idle clock over the whole wait (the answer is one chunk) and the same faults.
 */
export async function completeOnce({
  model,
  messages,
  maxTokens,
  signal,
}: {
  model: ModelId
  messages: ChatCompletionMessageParam[]
  maxTokens: number
  signal: AbortSignal
}): Promise<{ text: string; totalTokens: number | null }> {
  const { answer: completion, clock } = await withRetries(model, signal, (clock) =>
    openai().chat.completions.create({ model: providerModel(model), messages, max_completion_tokens: maxTokens }, { signal: clock.signal }),
  )
  clock.stop()
  const text = completion.choices[0]?.message?.content ?? ''
  if (!text.trim()) throw modelFault.empty()
  return { text, totalTokens: completion.usage?.total_tokens ?? null }
}
