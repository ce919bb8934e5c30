import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { DiffOperation } from './patch'

/** About four characters of English a token: the count used before a model has answered. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4)

/** What an answer of patches costs in output tokens. */
export const patchCost = (patches: DiffOperation[]) => estimateTokens(JSON.stringify(patches))

/** About what a large image costs as a high-detail input; its data URL's length says nothing. */
export const IMAGE_TOKENS = 1_500

/** The framing a model server adds to each message and to the prompt as a whole. */
const MESSAGE_FRAMING_TOKENS = 4
const PROMPT_FRAMING_TOKENS = 3

function contentTokens(content: ChatCompletionMessageParam['content']): number {
  if (typeof content === 'string') return estimateTokens(content)
  return (content ?? []).reduce((sum, part) => sum + (part.type === 'text' ? estimateTokens(part.text) : part.type === 'image_url' ? IMAGE_TOKENS : 0), 0)
}

/** A prompt as a model server will count it, near enough to budget the answer. */
export function estimatePromptTokens(messages: ChatCompletionMessageParam[]) {
  return messages.reduce((sum, message) => sum + MESSAGE_FRAMING_TOKENS + contentTokens(message.content), PROMPT_FRAMING_TOKENS)
}
