import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useId, type FormEvent } from 'react'
import { BudgetInput, useBudget } from '~/billing/budget-input'
import { BUDGET_MAX, BUDGET_MIN } from '~/lib/constants'
import { Button } from '~/ui/button'
import { Switch } from '~/ui/switch'
import { billedAmount, formatTokens } from '~/usage/format'
import type { UsageData } from '~/usage/usage.server'
import { PriceCapFormSchema, SETTINGS_INTENTS } from './account-forms'
import { useSettingsFetcher, type SettingsFetcher } from './use-settings-fetcher'

/**
 * The usage-based pricing block (spec 1 §2.5, PLUS only): the switch shows the new state at
 * once and rolls back with the spec's toast when the server refuses; when the server says
 * PLUS is needed, the upgrade dialog opens. While on, the month's billed amount and the
 * monthly limit.
 */
export function UsagePricingSection({ usage, subscribed }: { usage: UsageData; subscribed: boolean }) {
  const headingId = useId()
  const descriptionId = useId()
  const fetcher = useSettingsFetcher('settings-usage-pricing')
  const priceCapFetcher = useSettingsFetcher('settings-price-cap')
  const submitted = fetcher.formData?.get('value')
  const on = typeof submitted === 'string' ? submitted === 'true' : usage.usageBasedPricing
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (fetcher.state !== 'idle') event.preventDefault()
  }
  // Only for PLUS; the fetchers stay, so a refusal that ended PLUS still shows its toast.
  if (!subscribed) return null

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid="usage-pricing">
      <fetcher.Form method="post" action="/settings" preventScrollReset onSubmit={onSubmit} className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold">
            Usage-based pricing
          </h3>
          <p id={descriptionId} className="mt-1 text-xs text-zinc-500">
            Keep building after your daily allowance runs out: extra tokens cost ${usage.tokenPricePerMillion.toFixed(2)} per million, up to your monthly limit.
          </p>
        </div>
        <input type="hidden" name="intent" value={SETTINGS_INTENTS.usagePricing} />
        <input type="hidden" name="value" value={String(!on)} />
        <Switch checked={on} busy={fetcher.state !== 'idle'} aria-labelledby={headingId} aria-describedby={descriptionId} />
      </fetcher.Form>
      {on ? (
        <div className="mt-4 space-y-4 text-sm">
          <p>
            Billed this month:{' '}
            <strong className="tabular-nums" data-testid="billed-amount">
              ${billedAmount(usage.billableTokenCount, usage.tokenPricePerMillion)}
            </strong>
            {usage.priceCap === null ? null : (
              <>
                {' '}
                of your{' '}
                <strong className="tabular-nums" data-testid="price-cap">
                  ${usage.priceCap}
                </strong>{' '}
                limit
              </>
            )}{' '}
            <span className="text-zinc-500">({formatTokens(usage.billableTokenCount)} tokens)</span>
          </p>
          <PriceCapForm fetcher={priceCapFetcher} priceCap={usage.priceCap} />
        </div>
      ) : null}
    </section>
  )
}

/**
 * The monthly limit (spec 1 §5): the budget input's presets or a custom amount, $5 unless a
 * limit is saved; Save is disabled below $5 and while saving.
 */
function PriceCapForm({ fetcher, priceCap }: { fetcher: SettingsFetcher; priceCap: number | null }) {
  const saving = fetcher.state !== 'idle'
  const { budget, setBudget, ready } = useBudget(priceCap)
  const [form, fields] = useForm({
    id: 'price-cap',
    lastResult: fetcher.lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PriceCapFormSchema }),
  })

  return (
    <fetcher.Form method="post" action="/settings" preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value={SETTINGS_INTENTS.priceCap} />
      <BudgetInput budget={budget} onChange={setBudget} priceCap={priceCap} legend="Monthly limit" errors={fields.priceCap.errors} disabled={saving} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-zinc-500">
          From ${BUDGET_MIN} to ${BUDGET_MAX} a month. Extra tokens stop for the month at the limit.
        </p>
        <Button type="submit" size="sm" disabled={!ready(saving)} pending={saving}>
          Save
        </Button>
      </div>
    </fetcher.Form>
  )
}
