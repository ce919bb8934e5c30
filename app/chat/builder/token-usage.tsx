import { cn } from '~/ui/cn'
import { compactTokens, usageBar } from '~/usage/format'

/** Spec 2 §2 and §9: today's tokens against the limit, amber above 80 percent. */
export function TokenUsage({ dailyTokenCount, tokenLimit }: { dailyTokenCount: number; tokenLimit: number }) {
  const usage = usageBar(dailyTokenCount, tokenLimit)
  return (
    <span className="ml-auto flex shrink-0 items-center gap-1.5" title="Tokens used today" data-testid="chat-token-usage">
      <span
        role="progressbar"
        aria-label="Tokens used today"
        aria-valuemin={0}
        aria-valuemax={tokenLimit}
        aria-valuenow={Math.min(dailyTokenCount, tokenLimit)}
        className="h-1.5 w-12 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <span className={cn('block h-full rounded-full', usage.warning ? 'bg-amber-500' : 'bg-brand-500')} style={{ width: `${usage.percent}%` }} />
      </span>
      <span className={cn('text-xs whitespace-nowrap tabular-nums', usage.warning ? 'text-amber-500' : 'text-zinc-500')}>
        {compactTokens(dailyTokenCount)} / {compactTokens(tokenLimit)}
      </span>
    </span>
  )
}
