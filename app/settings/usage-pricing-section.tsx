import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useId, useState, type FormEvent } from 'react'
import { BUDGET_MAX, BUDGET_MIN } from '~/lib/constants'
import { Button } from '~/ui/button'
import { ErrorList } from '~/ui/field'
import { Switch } from '~/ui/switch'
import { billedAmount, formatTokens } from '~/usage/format'
import type { UsageData } from '~/usage/usage.server'
import { DEFAULT_PRICE_CAP, PriceCapFormSchema, SETTINGS_INTENTS } from './account-forms'
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

/** The monthly limit: whole dollars from 5 to 500; Save is disabled below 5 and while saving. */
function PriceCapForm({ fetcher, priceCap }: { fetcher: SettingsFetcher; priceCap: number | null }) {
  const saving = fetcher.state !== 'idle'
  const current = String(priceCap ?? DEFAULT_PRICE_CAP)
  const [typed, setTyped] = useState(current)
  const [form, fields] = useForm({
    id: 'price-cap',
    lastResult: fetcher.data?.result,
    defaultValue: { priceCap: current },
    constraint: getZodConstraint(PriceCapFormSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PriceCapFormSchema }),
  })
  const tooLow = !(Number(typed) >= BUDGET_MIN)

  return (
    <fetcher.Form method="post" action="/settings" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value={SETTINGS_INTENTS.priceCap} />
      <label htmlFor={fields.priceCap.id} className="mb-1 block font-medium">
        Monthly limit
      </label>
      <div className="flex items-center gap-2">
        <div className="relative w-32">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-zinc-500">
            $
          </span>
          <input
            {...getInputProps(fields.priceCap, { type: 'number' })}
            step={1}
            inputMode="numeric"
            onChange={(event) => setTyped(event.currentTarget.value)}
            className="w-full rounded-lg border border-zinc-300 bg-white py-2 pr-3 pl-7 text-sm text-zinc-900 tabular-nums focus:outline-2 focus:outline-offset-1 focus:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          />
        </div>
        <Button type="submit" size="sm" disabled={tooLow} pending={saving}>
          Save
        </Button>
      </div>
      <p className="mt-1 text-xs text-zinc-500">
        From ${BUDGET_MIN} to ${BUDGET_MAX} a month. Extra tokens stop for the month when the limit is reached.
      </p>
      <ErrorList id={fields.priceCap.errorId} errors={fields.priceCap.errors} />
    </fetcher.Form>
  )
}
