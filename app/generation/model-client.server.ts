import OpenAI from 'openai'
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { getEnv } from '~/lib/env.server'
import type { ModelId } from '~/lib/models'
import type { Attachment } from '~/pieces/draft-schema'
import { estimatePromptTokens, estimateTokens } from './tokens'

export type ModelUsage = { promptTokens: number; completionTokens: number; totalTokens: number }

let client: { openai: OpenAI; for: string } | null = null
/** The one client for the model server (generations and agentic actions alike), made again when the settings change. */
export function openai() {
  const env = getEnv()
  const settings = `${env.OPENAI_API_KEY}\n${env.OPENAI_BASE_URL ?? ''}`
  if (client?.for !== settings) {
    client = { openai: new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, maxRetries: 1, timeout: 120_000 }), for: settings }
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
 * One streamed chat completion: the text as it grows (for live progress) and the usage
 * the server reports at the end. `maxTokens` caps the answer; `signal` aborts the request.
 */
export async function streamCompletion(
  { model, messages, maxTokens, signal }: { model: ModelId; messages: ChatCompletionMessageParam[]; maxTokens: number; signal: AbortSignal },
  onText?: (text: string) => void,
): Promise<{ text: string; usage: ModelUsage }> {
  const stream = await openai().chat.completions.create(
    { model: providerModel(model), messages, stream: true, stream_options: { include_usage: true }, max_completion_tokens: maxTokens },
    { signal },
  )
  let text = ''
  let usage: ModelUsage | null = null
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta?.content
    if (delta) {
      text += delta
      onText?.(text)
    }
    if (chunk.usage) {
      usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens, totalTokens: chunk.usage.total_tokens }
    }
  }
  // The SDK ends the iteration quietly when the signal aborts mid-stream: a half answer
  // must not pass for a whole one (Stop would end in "complete").
  signal.throwIfAborted()
  const estimate = estimatePromptTokens(messages) + estimateTokens(text)
  return { text, usage: usage ?? { promptTokens: estimate, completionTokens: 0, totalTokens: estimate } }
}
