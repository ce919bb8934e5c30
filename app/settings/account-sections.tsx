import { Link } from '@remix-run/react'
import { USAGE_HISTORY_DAYS, USAGE_HISTORY_PATH } from '~/usage/history'
import type { UsageData } from '~/usage/usage.server'
import { UsageBar } from '~/usage/usage-bar'
import { Section } from './cards'

export function TokenUsageSection({ usage }: { usage: UsageData }) {
  return (
    <Section title="Token Usage">
      <UsageBar count={usage.dailyTokenCount} limit={usage.tokenLimit} label="Today" />
      <p className="text-xs text-zinc-500">
        Your daily allowance resets at 12am Eastern Time.{' '}
        <Link to={USAGE_HISTORY_PATH} className="text-zinc-600 underline underline-offset-2 dark:text-zinc-300">
          Last {USAGE_HISTORY_DAYS} days
        </Link>
      </p>
    </Section>
  )
}
