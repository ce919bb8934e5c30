import type { UsageData } from '~/usage/usage.server'
import { UsageBar } from '~/usage/usage-bar'
import { Section } from './cards'

export function TokenUsageSection({ usage }: { usage: UsageData }) {
  return (
    <Section title="Token Usage">
      <UsageBar count={usage.dailyTokenCount} limit={usage.tokenLimit} label="Today" />
      <p className="text-xs text-zinc-500">Your daily allowance resets at 12am Eastern Time.</p>
    </Section>
  )
}
