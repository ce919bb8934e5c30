import { ANIMATION_MS } from '~/lib/constants'
import { cn } from '~/ui/cn'
import { formatTokens, usageBar } from './format'

/** Today's tokens as count / limit, amber above 80%, never wider than the track. */
export function UsageBar({ count, limit, label = 'Token Usage' }: { count: number; limit: number; label?: string }) {
  const { percent, warning } = usageBar(count, limit)
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="text-zinc-500">{label}</span>
        <span className="tabular-nums" data-testid="token-usage">
          {formatTokens(count)} / {formatTokens(limit)} today
        </span>
      </div>
      <div
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(count, limit)}
      >
        <div
          data-warning={warning || undefined}
          className={cn('h-full rounded-full transition-[width]', warning ? 'bg-amber-500' : 'bg-brand-500')}
          style={{ width: `${percent}%`, transitionDuration: `${ANIMATION_MS}ms` }}
        />
      </div>
    </div>
  )
}
