import { cn } from '~/ui/cn'
import { compactTokens, usageBar } from '~/usage/format'

/** What the count beside Send is (issue 37.10): today's allowance, in the spec's "count / limit today" (spec 1 §2.3). */
export const TOKEN_USAGE_LABEL = 'Tokens used today'
export const tokenUsageWords = (dailyTokenCount: number, tokenLimit: number) => `${compactTokens(dailyTokenCount)} / ${compactTokens(tokenLimit)} tokens today`

/** Spec 2 §2 and §9: today's tokens against the limit, amber above 80 percent. */
export function TokenUsage({ dailyTokenCount, tokenLimit }: { dailyTokenCount: number; tokenLimit: number }) {
  const usage = usageBar(dailyTokenCount, tokenLimit)
  return (
    <span className="mr-auto flex min-w-0 shrink-0 items-center gap-1.5" title={TOKEN_USAGE_LABEL} data-testid="chat-token-usage">
      <span
        role="progressbar"
        aria-label={TOKEN_USAGE_LABEL}
        aria-valuemin={0}
        aria-valuemax={tokenLimit}
        aria-valuenow={Math.min(dailyTokenCount, tokenLimit)}
        aria-valuetext={tokenUsageWords(dailyTokenCount, tokenLimit)}
        className="h-1.5 w-10 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <span className={cn('block h-full rounded-full', usage.warning ? 'bg-amber-500' : 'bg-brand-500')} style={{ width: `${usage.percent}%` }} />
      </span>
      <span className={cn('text-[11px] whitespace-nowrap tabular-nums', usage.warning ? 'text-amber-600 dark:text-amber-400' : 'text-zinc-500')}>
        {tokenUsageWords(dailyTokenCount, tokenLimit)}
      </span>
    </span>
  )
}
