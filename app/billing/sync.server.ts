import { sql } from '~/lib/db.server'
import { currentSubscription, productStatus, type BillingProvider, type ProviderName, type ProviderSubscription } from './provider.server'

/**
 * A re-read of a customer's subscription begins by taking a ticket, before the provider is
 * asked. The provider's answer to a later ticket reflects every change made before that
 * ticket was taken, so the highest ticket's answer is the truth: an answer is written only
 * when no later ticket's answer was written first. This is what makes webhooks
 * order-independent, even when their jobs run in parallel.
 */
export async function takeSyncTicket(provider: ProviderName, userId: number): Promise<{ ticket: number; customerId: string } | null> {
  const [row] = await sql<{ ticket: number; customerId: string }[]>`
    update billing_customers set sync_requested = sync_requested + 1
    where user_id = ${userId} and provider = ${provider}
    returning sync_requested::float8 as ticket, customer_id as "customerId"`
  return row ?? null
}

/**
 * Writes the provider's subscription as the user's (spec 1 §3 status), unless a later
 * ticket was written already. Nothing is ever deleted: a lapse only changes the status, so
 * PLUS features stop (`isPlus`) and the user's Pieces and settings stay. Usage-based pricing
 * stays on only while the subscription carries the metered item that bills it.
 */
export async function applySubscription(provider: ProviderName, userId: number, ticket: number, sub: ProviderSubscription | null): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [customer] = await tx<{ applied: number }[]>`
      select sync_applied::float8 as applied from billing_customers
      where user_id = ${userId} and provider = ${provider} for update`
    if (!customer || customer.applied >= ticket) return false
    await tx`update billing_customers set sync_applied = ${ticket} where user_id = ${userId} and provider = ${provider}`
    if (!sub) return true
    const status = productStatus(sub)
    const canceling = status === 'canceling'
    const cancelAt = canceling ? sub.cancelAt : null
    await tx`
      insert into subscriptions (user_id, status, cancel_at, cancel_at_period_end, billing_cycle_anchor, provider, subscription_id, provider_status, metered_item_id)
      values (${userId}, ${status}, to_timestamp(${cancelAt}), ${canceling && sub.cancelAtPeriodEnd}, to_timestamp(${sub.billingCycleAnchor}),
              ${provider}, ${sub.id}, ${sub.status}, ${sub.meteredItemId})
      on conflict (user_id) do update set
        status = excluded.status, cancel_at = excluded.cancel_at, cancel_at_period_end = excluded.cancel_at_period_end,
        billing_cycle_anchor = excluded.billing_cycle_anchor, provider = excluded.provider, subscription_id = excluded.subscription_id,
        provider_status = excluded.provider_status, metered_item_id = excluded.metered_item_id, updated_at = now()`
    if (!sub.meteredItemId) {
      await tx`update usage_settings set usage_based_pricing = false, updated_at = now() where user_id = ${userId} and usage_based_pricing`
    }
    return true
  })
}

/** Re-reads the customer's subscriptions from the provider and keeps the current one. */
export async function syncCustomer(provider: BillingProvider, userId: number): Promise<boolean> {
  const taken = await takeSyncTicket(provider.name, userId)
  if (!taken) return false
  const subscriptions = await provider.listSubscriptions(taken.customerId)
  return applySubscription(provider.name, userId, taken.ticket, currentSubscription(subscriptions))
}

/** The provider-managed subscription of a user, as last written. */
export async function managedSubscription(provider: ProviderName, userId: number) {
  const [row] = await sql<{ subscriptionId: string | null; status: string; provider: string | null; meteredItemId: string | null }[]>`
    select subscription_id as "subscriptionId", status, provider, metered_item_id as "meteredItemId"
    from subscriptions where user_id = ${userId}`
  if (!row) return null
  return { ...row, managed: row.provider === provider && row.subscriptionId !== null }
}
