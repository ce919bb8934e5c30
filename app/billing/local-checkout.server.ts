import type { TransactionSql } from 'postgres'
import { sql } from '~/lib/db.server'
import { getEnv } from '~/lib/env.server'
import { processBillingEvent, recordBillingEventIn } from './events.server'
import { localId } from './local-provider.server'
import { PLUS_PLAN, TOKEN_PLAN, plusPriceLabel } from './plans'

export type LocalCheckout = { id: string; status: string; planName: string; priceLabel: string; cancelUrl: string }

/** The local test checkout page's data: only for its own user, and only while the local provider runs. */
export async function getLocalCheckout(id: string, userId: number): Promise<LocalCheckout | null> {
  if (getEnv().billing !== 'local') return null
  const [row] = await sql<{ id: string; status: string; cancelUrl: string }[]>`
    select id, status, cancel_url as "cancelUrl" from local_billing_checkouts where id = ${id} and user_id = ${userId}`
  return row ? { ...row, planName: PLUS_PLAN.productName, priceLabel: plusPriceLabel() } : null
}

type Emitted = { type: string; customerId: string; object: object }

/** Records the local provider's events, as Stripe would send them, for the same handling webhooks get. */
async function emit(tx: TransactionSql, events: Emitted[]) {
  const ids: string[] = []
  for (const { type, customerId, object } of events) {
    const id = localId('levt_')
    const payload = { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } }
    await recordBillingEventIn(tx, { id, provider: 'local', type, customerId, payload })
    ids.push(id)
  }
  return ids
}

/** Runs the events' work now, so the page the user returns to shows it; their jobs then find it done. */
async function processNow(eventIds: string[]) {
  for (const id of eventIds) {
    // A failure here is the job's to retry; the checkout itself is complete.
    await processBillingEvent(id).catch(() => {})
  }
}

/**
 * The local checkout's Confirm: starts the subscription, records its first invoice as paid
 * and emits the events Stripe would (checkout.session.completed, customer.subscription.created,
 * invoice.paid). Answers where to send the browser, or null when there is no such checkout.
 */
export async function confirmLocalCheckout(id: string, userId: number): Promise<string | null> {
  if (getEnv().billing !== 'local') return null
  const result = await sql.begin(async (tx) => {
    const [checkout] = await tx<{ customerId: string; status: string; successUrl: string }[]>`
      select customer_id as "customerId", status, success_url as "successUrl"
      from local_billing_checkouts where id = ${id} and user_id = ${userId} for update`
    if (!checkout) return null
    if (checkout.status !== 'open') return { url: checkout.successUrl, events: [] }
    const subscriptionId = localId('lsub_')
    const invoiceId = localId('lin_')
    const [subscription] = await tx`
      insert into local_billing_subscriptions (id, customer_id, status, current_period_start, current_period_end, billing_cycle_anchor)
      values (${subscriptionId}, ${checkout.customerId}, 'active', now(), now() + interval '1 month', now())
      returning *`
    const [invoice] = await tx`
      insert into local_billing_invoices (id, customer_id, subscription_id, status, amount_paid, total)
      values (${invoiceId}, ${checkout.customerId}, ${subscriptionId}, 'paid', ${PLUS_PLAN.unitAmount}, ${PLUS_PLAN.unitAmount})
      returning *`
    await tx`update local_billing_checkouts set status = 'complete', subscription_id = ${subscriptionId} where id = ${id}`
    const events = await emit(tx, [
      { type: 'checkout.session.completed', customerId: checkout.customerId, object: { id, object: 'checkout.session', subscription: subscriptionId } },
      { type: 'customer.subscription.created', customerId: checkout.customerId, object: { object: 'subscription', ...subscription } },
      { type: 'invoice.paid', customerId: checkout.customerId, object: { object: 'invoice', ...invoice } },
    ])
    return { url: checkout.successUrl, events }
  })
  if (!result) return null
  await processNow(result.events)
  return result.url
}

/**
 * The local provider's clock: a subscription whose period has ended either ends (it was set
 * to cancel) or renews with a paid invoice for the month ahead and the usage reported in the
 * month behind, as Stripe does. Runs with the usage report, every minute.
 */
export async function advanceLocalPeriods(): Promise<number> {
  const eventIds = await sql.begin(async (tx) => {
    const due = await tx<{ id: string; customerId: string; cancel: boolean; start: Date; end: Date }[]>`
      select id, customer_id as "customerId", cancel_at_period_end as cancel, current_period_start as start, current_period_end as end
      from local_billing_subscriptions where status = 'active' and current_period_end <= now()
      order by current_period_end limit 100 for update skip locked`
    const events: Emitted[] = []
    for (const sub of due) {
      if (sub.cancel) {
        await tx`update local_billing_subscriptions set status = 'canceled' where id = ${sub.id}`
        events.push({ type: 'customer.subscription.deleted', customerId: sub.customerId, object: { id: sub.id, object: 'subscription', status: 'canceled' } })
        continue
      }
      const [usage] = await tx<{ tokens: number }[]>`
        select coalesce(sum(value), 0)::float8 as tokens from local_billing_meter_events
        where customer_id = ${sub.customerId} and created_at > ${sub.start} and created_at <= ${sub.end}`
      const total = PLUS_PLAN.unitAmount + Math.round(((usage?.tokens ?? 0) * TOKEN_PLAN.tokenPricePerMillion * 100) / 1_000_000)
      const invoiceId = localId('lin_')
      await tx`
        update local_billing_subscriptions
        set current_period_start = current_period_end, current_period_end = current_period_end + interval '1 month' where id = ${sub.id}`
      await tx`
        insert into local_billing_invoices (id, customer_id, subscription_id, status, amount_paid, total)
        values (${invoiceId}, ${sub.customerId}, ${sub.id}, 'paid', ${total}, ${total})`
      events.push({ type: 'invoice.paid', customerId: sub.customerId, object: { id: invoiceId, object: 'invoice', total } })
    }
    return emit(tx, events)
  })
  return eventIds.length
}
