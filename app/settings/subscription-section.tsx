import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { UpgradeLink } from '~/billing/payment-dialog'
import { FREE_DAILY_TOKEN_LIMIT, PLUS_DAILY_TOKEN_LIMIT } from '~/lib/constants'
import { Button, buttonClasses } from '~/ui/button'
import { DialogOpenButton } from '~/ui/dialog'
import { formatTokens } from '~/usage/format'
import { CANCEL_PARAM, SETTINGS_INTENTS } from './account-forms'
import { CancelDialog } from './cancel-dialog'
import { Badge, Section } from './cards'
import { dayAndShortMonth } from './dates'
import { useSettingsFetcher, type SettingsFetcher } from './use-settings-fetcher'

export type Subscription = {
  status: string
  subscribed: boolean
  cancel_at: number | null
  billing_cycle_anchor: number | null
}

/** When a canceled subscription ends (spec 1 §2.5): day and short month, or 'end of billing period'. */
const expiryOf = (subscription: Pick<Subscription, 'cancel_at'>) =>
  subscription.cancel_at ? dayAndShortMonth(subscription.cancel_at) : 'end of billing period'

function withoutParam(location: { pathname: string; search: string }, name: string) {
  const params = new URLSearchParams(location.search)
  params.delete(name)
  return `${location.pathname}${params.size ? `?${params}` : ''}`
}

/**
 * Active: PLUS, and Cancel Subscription opens the cancel dialog (in place with JavaScript,
 * through `?cancel-subscription=1` without).
 */
function ActiveSubscription({ fetcher }: { fetcher: SettingsFetcher }) {
  const location = useLocation()
  const askedByUrl = new URLSearchParams(location.search).get(CANCEL_PARAM) === '1'
  const [open, setOpen] = useState(askedByUrl)
  // Any navigation (the redirect after a cancel included) re-reads the dialog from the URL.
  useEffect(() => setOpen(askedByUrl), [location.key, askedByUrl])
  return (
    <>
      <Badge tone="good">PLUS · Active</Badge>
      <p>
        You are on <strong>PLUS</strong> with {formatTokens(PLUS_DAILY_TOKEN_LIMIT)} tokens a day, private Pieces and premium results.
      </p>
      <DialogOpenButton param={CANCEL_PARAM} onOpen={() => setOpen(true)}>
        Cancel Subscription
      </DialogOpenButton>
      <CancelDialog fetcher={fetcher} open={open} closeHref={withoutParam(location, CANCEL_PARAM)} onClose={() => setOpen(false)} />
    </>
  )
}

/** Canceling: the label with the expiry date, and Resubscribe. */
function CancelingSubscription({ subscription, fetcher }: { subscription: Subscription; fetcher: SettingsFetcher }) {
  const busy = fetcher.state !== 'idle'
  return (
    <>
      <Badge tone="warning">
        Active until&nbsp;<span data-testid="subscription-expiry">{expiryOf(subscription)}</span>
      </Badge>
      <p>Your subscription is canceled. PLUS stays on until then; resubscribe to keep it.</p>
      <fetcher.Form method="post" action="/settings" preventScrollReset>
        <input type="hidden" name="intent" value={SETTINGS_INTENTS.reactivate} />
        <Button type="submit" size="sm" pending={busy}>
          Resubscribe
        </Button>
      </fetcher.Form>
    </>
  )
}

/** Spec 1 §2.5 subscription card: 'Subscription' for PLUS (active or canceling), else 'Upgrade Your Account'. */
export function SubscriptionSection({ subscription }: { subscription: Subscription }) {
  const cancel = useSettingsFetcher('settings-cancel')
  const resubscribe = useSettingsFetcher('settings-resubscribe')
  return (
    <Section title={subscription.subscribed ? 'Subscription' : 'Upgrade Your Account'} testId="subscription">
      {subscription.status === 'active' ? (
        <ActiveSubscription fetcher={cancel} />
      ) : subscription.status === 'canceling' ? (
        <CancelingSubscription subscription={subscription} fetcher={resubscribe} />
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
