import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useFetcher, type FetcherWithComponents } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { PLUS_DAILY_TOKEN_LIMIT } from '~/lib/constants'
import { useFetcherSettled } from '~/lib/fetcher'
import type { FormReply } from '~/lib/form-reply'
import { useHydrated } from '~/lib/hydrated'
import { useToast } from '~/ui/toaster'
import { Button } from '~/ui/button'
import { Spinner } from '~/ui/spinner'
import { billedAmount, formatTokens } from '~/usage/format'
import type { UsageData } from '~/usage/usage.server'
import { BudgetInput, useBudget } from './budget-input'
import type { PaymentDialogMode } from '~/lib/payment-dialog'
import { UPGRADE_RESOURCE, USAGE_LOAD_FAILED, UpgradeFormSchema, type UsageReply } from './schema'

type UsageMode = Exclude<PaymentDialogMode, 'upgrade-to-plus'>

/**
 * The payment dialog's usage modes (spec 1 §4): the usage loads first (nothing but a
 * spinner until then), unless the server rendered the dialog open with the page's usage.
 */
export function BudgetPanel({
  mode,
  fetcher,
  returnTo,
  pageUsage,
}: {
  mode: UsageMode
  fetcher: FetcherWithComponents<FormReply>
  returnTo: string
  pageUsage: UsageData | undefined
}) {
  const hydrated = useHydrated()
  const [fromPage] = useState(() => !hydrated && pageUsage !== undefined)
  const usageFetcher = useFetcher<UsageReply>()
  const { load, data } = usageFetcher
  const toast = useToast()
  useEffect(() => {
    if (!fromPage) load(UPGRADE_RESOURCE)
  }, [fromPage, load])
  useFetcherSettled(usageFetcher, (reply) => {
    if (reply?.failed) toast({ title: USAGE_LOAD_FAILED, description: reply.failed, variant: 'destructive' })
  })
  const usage = fromPage ? pageUsage : data?.usage
  if (!usage && data?.failed && usageFetcher.state === 'idle') {
    return (
      <div className="grid h-40 place-items-center">
        <Button type="button" variant="secondary" onClick={() => load(UPGRADE_RESOURCE)}>
          Try again
        </Button>
      </div>
    )
  }
  if (!usage) {
    return (
      <div className="grid h-40 place-items-center text-zinc-400">
        <Spinner className="size-6" label="Loading usage" />
      </div>
    )
  }
  return <BudgetForm mode={mode} usage={usage} fetcher={fetcher} returnTo={returnTo} />
}

function BudgetForm({ mode, usage, fetcher, returnTo }: { mode: UsageMode; usage: UsageData; fetcher: FetcherWithComponents<FormReply>; returnTo: string }) {
  const { budget, setBudget, ready } = useBudget(usage.priceCap)
  const busy = fetcher.state !== 'idle'
  const [form, fields] = useForm({
    id: `payment-${mode}`,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpgradeFormSchema }),
  })
  const price = `$${usage.tokenPricePerMillion.toFixed(2)}`
  return (
    <fetcher.Form method="post" action={UPGRADE_RESOURCE} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        {mode === 'enable-usage-based-pricing'
          ? `Tokens past your daily allowance of ${formatTokens(PLUS_DAILY_TOKEN_LIMIT)} are billed at ${price} per million, up to this budget each month. You can change it or turn it off in Settings.`
          : `Billed this month: $${billedAmount(usage.billableTokenCount, usage.tokenPricePerMillion)}${usage.priceCap ? ` of your $${usage.priceCap} budget` : ''}. Tokens are billed at ${price} per million.`}
      </p>
      <BudgetInput budget={budget} onChange={setBudget} priceCap={usage.priceCap} disabled={busy} errors={fields.priceCap.errors} />
      <Button type="submit" pending={busy} ready={ready(busy)} className="mt-1 w-full">
        {mode === 'enable-usage-based-pricing' ? 'Set Up' : 'Update'}
      </Button>
    </fetcher.Form>
  )
}
