import { randomBytes } from 'node:crypto'
import type { PendingQuery, Row } from 'postgres'
import { sql, type Db } from '~/lib/db.server'
import { DomainError } from '~/lib/errors'
import type { BillingProvider, ProviderSubscription } from './provider.server'
import { BILLING_MESSAGES } from './schema'

/** An id in the style of the provider's, marked local: `lsub_` + 20 characters. */
export const localId = (prefix: string) => `${prefix}${randomBytes(15).toString('base64url')}`

type SubscriptionRow = {
  id: string
  customerId: string
  status: string
  cancelAtPeriodEnd: boolean
  cancelAt: number | null
  billingCycleAnchor: number
  meteredItemId: string | null
  created: number
}

export const LOCAL_SUBSCRIPTION_COLUMNS = (db: Db) => db`
  id, customer_id as "customerId", status, cancel_at_period_end as "cancelAtPeriodEnd",
  extract(epoch from cancel_at)::bigint::int as "cancelAt",
  extract(epoch from billing_cycle_anchor)::bigint::int as "billingCycleAnchor",
  metered_item_id as "meteredItemId", extract(epoch from created_at)::float8 as created`

const toSubscription = (row: SubscriptionRow): ProviderSubscription => ({ ...row })

/**
 * The local provider: Stripe's state machine kept in our own tables, with no network and no
 * payment. Its checkout is the app's local test checkout page (`/billing/local-checkout/{id}`).
 */
export function createLocalProvider(): BillingProvider {
  /** Changes a live subscription, as Stripe refuses to change one that ended. */
  const update = async (subscriptionId: string, change: PendingQuery<Row[]>, refusal: string) => {
    const [row] = await sql<SubscriptionRow[]>`
      update local_billing_subscriptions set ${change} where id = ${subscriptionId} and status = 'active'
      returning ${LOCAL_SUBSCRIPTION_COLUMNS(sql)}`
    if (!row) throw new DomainError('conflict', refusal)
    return toSubscription(row)
  }
  return {
    name: 'local',
    createCustomer: async () => localId('lcus_'),
    createCheckout: async ({ customerId, userId, successUrl, cancelUrl }) => {
      const id = localId('lcs_')
      await sql`
        insert into local_billing_checkouts (id, customer_id, user_id, success_url, cancel_url)
        values (${id}, ${customerId}, ${userId}, ${successUrl}, ${cancelUrl})`
      // On the origin the user opened the app at, where their session is: the one the way back names.
      return { id, url: `${new URL(successUrl).origin}/billing/local-checkout/${id}` }
    },
    listSubscriptions: async (customerId) =>
      (
        await sql<SubscriptionRow[]>`
          select ${LOCAL_SUBSCRIPTION_COLUMNS(sql)} from local_billing_subscriptions
          where customer_id = ${customerId} order by created_at desc`
      ).map(toSubscription),
    setCancelAtPeriodEnd: (subscriptionId, cancel, feedback) =>
      update(
        subscriptionId,
        sql`
          cancel_at_period_end = ${cancel},
          cancel_at = ${cancel ? sql`current_period_end` : null},
          canceled_at = ${cancel ? sql`now()` : null}
          ${feedback ? sql`, cancellation_feedback = ${feedback.category}, cancellation_comment = ${feedback.text ?? null}` : sql``}`,
        cancel ? BILLING_MESSAGES.nothingToCancel : BILLING_MESSAGES.nothingToReactivate,
      ),
    addMeteredItem: (subscriptionId) =>
      update(subscriptionId, sql`metered_item_id = coalesce(metered_item_id, ${localId('lsi_')})`, BILLING_MESSAGES.subscriptionRequired),
    listInvoices: async (customerId, { limit, startingAfter }) => {
      const cursor = startingAfter
        ? await sql`select created_at, id from local_billing_invoices where id = ${startingAfter} and customer_id = ${customerId}`
        : null
      if (cursor && cursor.length === 0) throw new DomainError('invalid', BILLING_MESSAGES.unknownInvoice)
      const rows = await sql<{ id: string; created: number; description: string | null; status: string; amount_paid: number; total: number }[]>`
        select id, extract(epoch from created_at)::bigint::int as created, description, status, amount_paid, total
        from local_billing_invoices
        where customer_id = ${customerId}
          ${startingAfter ? sql`and (created_at, id) < (select created_at, id from local_billing_invoices where id = ${startingAfter})` : sql``}
        order by created_at desc, id desc limit ${limit + 1}`
      return { data: rows.slice(0, limit).map((row) => ({ ...row, invoice_pdf: null })), has_more: rows.length > limit }
    },
    reportUsage: async ({ identifier, customerId, tokens }) => {
      await sql`
        insert into local_billing_meter_events (identifier, customer_id, value) values (${identifier}, ${customerId}, ${tokens})
        on conflict (identifier) do nothing`
    },
  }
}
