import { describeEstimate, estimateCost, turnKind, turnPromptTokens, type AimedAt } from '~/generation/estimate'
import type { ModelId } from '~/lib/models'
import { codeAt } from '~/pieces/draft'
import { addedCents, compactTokens, dollars } from '~/usage/format'
import { cn } from '~/ui/cn'
import type { ChatData } from '../types'

/**
 * Issue 29.1: what this turn will cost, before Send: "about 4K–9K tokens", from what it
 * will send (the message, its images, the page it builds on, the recent history) and the
 * spread of recorded turns of its kind on the chosen model; the money too when usage-based
 * pricing would bill part of it. When it is (or may be) more than what is left today, it
 * says so before anything is spent. Nothing to send, nothing to estimate.
 */
export function CostEstimate({
  chat,
  at,
  message,
  images,
  model,
  aimed = null,
}: {
  chat: ChatData
  at: number
  message: string
  images: number
  model: ModelId
  /** Issue 37.10: the element the send is aimed at (as the preview shows it), which it sends instead of the page. */
  aimed?: AimedAt | null
}) {
  if (!message.trim() && !images) return null
  const code = codeAt({ ...chat.draft, historyIndex: at }, chat.savedCode)
  const messageHistory = chat.draft.exchangeHistory.slice(0, at + 1).map((exchange) => ({ content: exchange.userMessage.content }))
  const prompt = turnPromptTokens({ message: message.trim(), code, messageHistory, attachments: Array.from({ length: images }), aimed })
  const estimate = estimateCost(prompt, chat.spreads[model][turnKind(code, Boolean(aimed))])
  const { dailyTokenCount, tokenLimit, usageBasedPricing, tokenPricePerMillion, billableTokenCount } = chat.usage
  const left = Math.max(0, tokenLimit - dailyTokenCount)
  // Usage-based pricing bills what goes past the daily allowance: the most this turn could add to the bill.
  const billable = usageBasedPricing ? Math.max(0, estimate.high - left) : 0
  // In the provider's rounding of the month's bill, as the receipt will say it (issue 29.4).
  const money = billable > 0 ? `, up to ${dollars(addedCents(billableTokenCount, billable, tokenPricePerMillion))}` : ''
  // Without usage-based pricing what is left today is all there is: say so before anything is spent.
  const short = usageBasedPricing ? null : estimate.low > left ? 'more than' : estimate.high > left ? 'may be more than' : null
  return (
    <p data-testid="cost-estimate" aria-live="polite" className={cn('text-right text-[11px] text-zinc-500', short && 'text-amber-700 dark:text-amber-400')}>
      This turn: {describeEstimate(estimate)}
      {money}
      {short ? ` · ${short} the ${compactTokens(left)} left today` : ''}
    </p>
  )
}
