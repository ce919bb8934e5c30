import { UpgradeLink } from '~/billing/payment-dialog'
import { FREE_DAILY_TOKEN_LIMIT, PLUS_DAILY_TOKEN_LIMIT } from '~/lib/constants'
import { buttonClasses } from '~/ui/button'
import { billedAmount, formatTokens } from '~/usage/format'
import { UsageBar } from '~/usage/usage-bar'
import type { UsageData } from '~/usage/usage.server'
import { dayAndShortMonth } from './dates'

type Subscription = {
  status: string
  subscribed: boolean
  cancel_at: number | null
  billing_cycle_anchor: number | null
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="mt-3 space-y-3 text-sm">{children}</div>
    </section>
  )
}

export function TokenUsageSection({ usage }: { usage: UsageData }) {
  return (
    <Section title="Token Usage">
      <UsageBar count={usage.dailyTokenCount} limit={usage.tokenLimit} label="Today" />
      <p className="text-xs text-zinc-500">Your daily allowance resets at 12am Eastern Time.</p>
    </Section>
  )
}

/** Spec 1 §2.5 subscription card, read-only until billing lands its actions. */
export function SubscriptionSection({ subscription }: { subscription: Subscription }) {
  const title = subscription.subscribed ? 'Subscription' : 'Upgrade Your Account'
  return (
    <Section title={title}>
      {subscription.status === 'active' ? (
        <p>
          You are on <strong>PLUS</strong> with {formatTokens(PLUS_DAILY_TOKEN_LIMIT)} tokens a day.
        </p>
      ) : subscription.status === 'canceling' ? (
        <p>
          PLUS ends on{' '}
          <strong data-testid="subscription-expiry">{subscription.cancel_at ? dayAndShortMonth(subscription.cancel_at) : 'end of billing period'}</strong>.
        </p>
      ) : (
        <>
          <p>
            You are on the free plan with {formatTokens(FREE_DAILY_TOKEN_LIMIT)} tokens a day. PLUS raises that to {formatTokens(PLUS_DAILY_TOKEN_LIMIT)} and
            unlocks private and members-only Pieces.
          </p>
          <UpgradeLink source="settings" className={buttonClasses('primary', 'sm')} />
        </>
      )}
    </Section>
  )
}

export function UsagePricingSection({ usage }: { usage: UsageData }) {
  return (
    <Section title="Usage-based pricing">
      <p>
        {usage.usageBasedPricing
          ? `On${usage.priceCap ? `, with a monthly limit of $${usage.priceCap}` : ''}.`
          : 'Off. Turn it on to keep building after your daily allowance runs out.'}
      </p>
      {usage.usageBasedPricing ? (
        <p className="text-zinc-500">
          Billed this month: <span className="tabular-nums">${billedAmount(usage.billableTokenCount, usage.tokenPricePerMillion)}</span> (
          {formatTokens(usage.billableTokenCount)} tokens)
        </p>
      ) : null}
    </Section>
  )
}

export function BillingHistorySection() {
  return (
    <Section title="Billing history">
      <p className="text-zinc-500">No invoices yet.</p>
    </Section>
  )
}
