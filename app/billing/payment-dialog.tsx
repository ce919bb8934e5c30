import { useFetcher, useLocation, Link, type FetcherWithComponents } from '@remix-run/react'
import { forwardRef, useEffect, useState, type ReactNode } from 'react'
import { z } from 'zod'
import type { FormReply } from '~/lib/form-reply'
import { PLUS_DAILY_TOKEN_LIMIT } from '~/lib/constants'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { useFormReply } from '~/ui/use-form-reply'
import type { UsageData } from '~/usage/usage.server'
import { BudgetPanel } from './budget-panel'
import { announcePaymentDone, openPaymentDialog, PAYMENT_DIALOG_EVENT, PAYMENT_DIALOG_MODES, type PaymentDialogMode } from '~/lib/payment-dialog'
import { plusPriceLabel } from './plans'
import { UPGRADE_RESOURCE } from './schema'
import { dialogModeIn, UPGRADE_PARAM, upgradeHref } from '~/lib/payment-dialog'

const PLUS_BENEFITS = [
  `${PLUS_DAILY_TOKEN_LIMIT.toLocaleString('en-US')} tokens a day`,
  'Premium-quality results with every model',
  'Unlimited Pieces, including private and members-only ones',
  'Optional usage-based pricing with a monthly budget',
  'No badge on your public Pieces',
  'Priority support',
]

/** What the window event that opens the dialog carries (`openPaymentDialog`). */
const DialogDetailSchema = z.object({ mode: z.enum(PAYMENT_DIALOG_MODES), open: z.boolean().optional() })

/** Spec 2 §2: the headings and texts of each mode. */
const HEADINGS: Record<PaymentDialogMode, { title: string; description: string }> = {
  'upgrade-to-plus': { title: 'Upgrade to PLUS', description: 'Unlock premium quality, higher limits, and more.' },
  'enable-usage-based-pricing': { title: 'Enable usage-based pricing', description: 'Set a monthly budget to continue using tokens today.' },
  'update-usage-based-pricing': { title: 'Update your monthly budget', description: 'Set your monthly spending limit to continue creating.' },
}

type PaymentDialogLinkProps = { mode?: PaymentDialogMode; source: string; className?: string; children: ReactNode }

/** A link that opens the payment dialog: the global event, or without JavaScript `?upgrade=…` on this page. */
export const PaymentDialogLink = forwardRef<HTMLAnchorElement, PaymentDialogLinkProps>(function PaymentDialogLink(
  { mode = 'upgrade-to-plus', source, className, children },
  ref,
) {
  const location = useLocation()
  return (
    <Link
      ref={ref}
      to={upgradeHref(`${location.pathname}${location.search}`, mode)}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault()
        openPaymentDialog(mode, source)
      }}
      className={className}
    >
      {children}
    </Link>
  )
})

/** 'Upgrade to PLUS': opens the payment dialog in its upgrade mode. */
export function UpgradeLink({ source, className, children = 'Upgrade to PLUS' }: { source: string; className?: string; children?: ReactNode }) {
  return (
    <PaymentDialogLink source={source} className={className}>
      {children}
    </PaymentDialogLink>
  )
}

/** The page's address without the dialog's parameter: where its forms come back to. */
function useHere() {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete(UPGRADE_PARAM)
  return `${location.pathname}${params.size ? `?${params}` : ''}`
}

/**
 * The payment dialog (spec 1 §2.5, §4) over any page of the signed-in shell, in three
 * modes: upgrade to PLUS, enable usage-based pricing, update the monthly budget. Opened by
 * the 'payment dialog open' window event or, without JavaScript, by `?upgrade=plus|usage|budget`.
 * While a form is under way it cannot be closed. `usage` is the page's, for a dialog the
 * server renders open; with JavaScript the usage modes load it afresh.
 */
export function PaymentDialog({ usage }: { usage?: UsageData }) {
  const location = useLocation()
  const here = useHere()
  const [mode, setMode] = useState<PaymentDialogMode | null>(() => dialogModeIn(location.search))
  const fetcher = useFetcher<FormReply>()
  const busy = fetcher.state !== 'idle'

  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = event instanceof CustomEvent ? DialogDetailSchema.safeParse(event.detail).data : undefined
      if (detail) setMode(detail.open ? detail.mode : null)
    }
    window.addEventListener(PAYMENT_DIALOG_EVENT, onEvent)
    return () => window.removeEventListener(PAYMENT_DIALOG_EVENT, onEvent)
  }, [])
  useEffect(() => setMode(dialogModeIn(location.search)), [location.search])

  // Success is the action's redirect back here (the page's data, the navbar usage with it, reloads); a refusal is a toast,
  // and one that needs PLUS turns the dialog to the upgrade.
  useFormReply(fetcher, {
    dialog: false,
    onDone: () => {
      if (mode) announcePaymentDone(mode)
      setMode(null)
    },
    onRefused: (reply) => reply.upgrade && setMode(reply.upgrade),
  })

  const heading = mode ? HEADINGS[mode] : HEADINGS['upgrade-to-plus']
  return (
    <Dialog
      open={mode !== null}
      busy={busy}
      onClose={() => setMode(null)}
      closeHref={here}
      title={heading.title}
      description={heading.description}
      className="max-w-[440px]"
    >
      {mode === 'upgrade-to-plus' ? (
        <PlusPanel fetcher={fetcher} returnTo={here} />
      ) : mode ? (
        <BudgetPanel key={mode} mode={mode} fetcher={fetcher} returnTo={here} pageUsage={usage} />
      ) : null}
      <Link
        to="/settings/terms"
        onClick={(event) => (busy ? event.preventDefault() : setMode(null))}
        className="mt-4 block text-center text-xs text-zinc-500 underline underline-offset-2"
      >
        View terms and limits
      </Link>
    </Dialog>
  )
}

function PlusPanel({ fetcher, returnTo }: { fetcher: FetcherWithComponents<FormReply>; returnTo: string }) {
  return (
    <>
      <ul className="space-y-2 text-sm">
        {PLUS_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-500">
              ✓
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <fetcher.Form method="post" action={UPGRADE_RESOURCE} className="mt-6">
        <input type="hidden" name="intent" value="upgrade-to-plus" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <Button type="submit" pending={fetcher.state !== 'idle'} className="w-full">
          Upgrade to PLUS
        </Button>
        <p className="mt-2 text-center text-xs text-zinc-500">{plusPriceLabel()}, cancel any time.</p>
      </fetcher.Form>
    </>
  )
}
