import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { PLUS_DAILY_TOKEN_LIMIT } from '~/lib/constants'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { UPGRADE_PARAM, upgradeHref } from './upgrade'
import { openPaymentDialog, PAYMENT_DIALOG_EVENT, type PaymentDialogDetail } from './payment-dialog-event'

const PLUS_BENEFITS = [
  `${PLUS_DAILY_TOKEN_LIMIT.toLocaleString('en-US')} tokens a day`,
  'Premium-quality results with every model',
  'Unlimited Pieces, including private and members-only ones',
  'Optional usage-based pricing with a monthly budget',
  'No badge on your public Pieces',
  'Priority support',
]

/** 'Upgrade to PLUS': fires the global event, or without JavaScript links to `?upgrade=plus`. */
export function UpgradeLink({ source, className, children = 'Upgrade to PLUS' }: { source: string; className?: string; children?: ReactNode }) {
  const location = useLocation()
  return (
    <Link
      to={upgradeHref(`${location.pathname}${location.search}`)}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault()
        openPaymentDialog('upgrade-to-plus', source)
      }}
      className={className}
    >
      {children}
    </Link>
  )
}

/**
 * The upgrade dialog, over any page: opened by the 'payment dialog open' window event or,
 * without JavaScript, by `?upgrade=plus`. While it is busy it cannot be closed.
 */
export function PaymentDialog() {
  const location = useLocation()
  const navigation = useNavigation()
  const params = new URLSearchParams(location.search)
  const [open, setOpen] = useState(params.get(UPGRADE_PARAM) === 'plus')
  const busy = navigation.state !== 'idle' && navigation.formAction === '/resources/upgrade'

  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<PaymentDialogDetail>).detail
      if (detail?.mode === 'upgrade-to-plus') setOpen(detail.open)
    }
    window.addEventListener(PAYMENT_DIALOG_EVENT, onEvent)
    return () => window.removeEventListener(PAYMENT_DIALOG_EVENT, onEvent)
  }, [])
  useEffect(() => setOpen(new URLSearchParams(location.search).get(UPGRADE_PARAM) === 'plus'), [location.search])

  params.delete(UPGRADE_PARAM)
  const here = `${location.pathname}${params.size ? `?${params}` : ''}`
  return (
    <Dialog
      open={open}
      busy={busy}
      onClose={() => setOpen(false)}
      closeHref={here}
      title="Upgrade to PLUS"
      description="Unlock premium quality, higher limits, and more."
      className="max-w-[440px]"
    >
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
      <Form method="post" action="/resources/upgrade" className="mt-6">
        <input type="hidden" name="returnTo" value={here} />
        <Button type="submit" pending={busy} className="w-full">
          Upgrade to PLUS
        </Button>
      </Form>
      <Link to="/settings/terms" onClick={() => setOpen(false)} className="mt-4 block text-center text-xs text-zinc-500 underline underline-offset-2">
        View terms and limits
      </Link>
    </Dialog>
  )
}
