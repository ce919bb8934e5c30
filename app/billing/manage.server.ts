import { sql } from '~/lib/db.server'
import { DomainError } from '~/lib/errors'
import { findCustomer, withBillingLock } from './customers.server'
import { getBillingProvider, type BillingProvider, type InvoicePage, type ProviderSubscription } from './provider.server'
import { BILLING_MESSAGES, type CancelFeedback } from './schema'
import { getSubscriptionStatus, isSubscribedStatus, type SubscriptionStatus } from '~/accounts/plan.server'
import { applySubscription, managedSubscription, takeSyncTicket } from './sync.server'

type Managed = NonNullable<Awaited<ReturnType<typeof managedSubscription>>> & { subscriptionId: string }

/**
 * Changes the user's subscription at the provider and writes the provider's answer at once
 * (the same write a webhook makes), so the status call reflects it immediately; the
 * webhook that follows finds nothing new. One change per user at a time. Without a
 * subscription of ours that is active or canceling, `nothing` is the refusal.
 */
async function changeSubscription(
  userId: number,
  nothing: () => DomainError,
  change: (provider: BillingProvider, current: Managed) => Promise<ProviderSubscription | null>,
): Promise<SubscriptionStatus> {
  const provider = getBillingProvider()
  return withBillingLock(userId, async () => {
    const found = await managedSubscription(provider.name, userId)
    if (found && !found.managed && isSubscribedStatus(found.status)) throw new DomainError('conflict', BILLING_MESSAGES.notManaged)
    const current = found?.managed && found.subscriptionId !== null ? { ...found, subscriptionId: found.subscriptionId } : null
    if (!current || !isSubscribedStatus(current.status)) throw nothing()
    const taken = await takeSyncTicket(provider.name, userId)
    const changed = await change(provider, current)
    if (taken && changed) await applySubscription(provider.name, userId, taken.ticket, changed)
    return getSubscriptionStatus(sql, userId)
  })
}

/** Spec 1 §7 call 16: cancel at the end of the period, keeping the reason (ours and the provider's). */
export function cancelSubscription(userId: number, feedback: CancelFeedback) {
  return changeSubscription(
    userId,
    () => new DomainError('conflict', BILLING_MESSAGES.nothingToCancel),
    async (provider, current) => {
      if (current.status === 'canceling') return null
      const changed = await provider.setCancelAtPeriodEnd(current.subscriptionId, true, feedback)
      await sql`
        insert into subscription_feedback (user_id, subscription_id, category, text)
        values (${userId}, ${current.subscriptionId}, ${feedback.category}, ${feedback.text ?? null})`
      return changed
    },
  )
}

/** Spec 1 §7 call 17: Resubscribe undoes a cancellation that has not taken effect yet. */
export function reactivateSubscription(userId: number) {
  return changeSubscription(
    userId,
    () => new DomainError('conflict', BILLING_MESSAGES.nothingToReactivate),
    async (provider, current) => (current.status === 'active' ? null : provider.setCancelAtPeriodEnd(current.subscriptionId, false)),
  )
}

const subscriptionRequired = () => new DomainError('forbidden', BILLING_MESSAGES.subscriptionRequired, { requiresSubscription: true })

/** Spec 1 §6: usage-based pricing and its cap need an active or canceling subscription. */
async function requireSubscribed(userId: number) {
  if (!isSubscribedStatus((await getSubscriptionStatus(sql, userId)).status)) throw subscriptionRequired()
}

/**
 * Spec 1 §7 call 4: the subscription gets the metered item (once), then tokens past the
 * daily allowance are billable. The item stays when pricing is turned off again, so usage
 * already reported in the period is still invoiced.
 */
export async function enableUsageBasedPricing(userId: number) {
  await changeSubscription(userId, subscriptionRequired, async (provider, current) =>
    current.meteredItemId ? null : provider.addMeteredItem(current.subscriptionId, `metered-${current.subscriptionId}`),
  )
  await setUsageBasedPricing(userId, true)
}

/** Spec 1 §7 call 5. */
export async function disableUsageBasedPricing(userId: number) {
  await requireSubscribed(userId)
  await setUsageBasedPricing(userId, false)
}

async function setUsageBasedPricing(userId: number, on: boolean) {
  await sql`
    insert into usage_settings (user_id, usage_based_pricing) values (${userId}, ${on})
    on conflict (user_id) do update set usage_based_pricing = excluded.usage_based_pricing, updated_at = now()`
}

/** Spec 1 §7 call 7: the monthly cap in whole dollars (validated by the route's schema). */
export async function setPriceCap(userId: number, priceCap: number) {
  await requireSubscribed(userId)
  await sql`
    insert into usage_settings (user_id, price_cap) values (${userId}, ${priceCap})
    on conflict (user_id) do update set price_cap = excluded.price_cap, updated_at = now()`
}

/** Spec 1 §7 call 15: the user's invoices, newest first, from the provider. */
export async function listInvoices(userId: number, page: { limit: number; startingAfter?: string }): Promise<InvoicePage> {
  const provider = getBillingProvider()
  const customerId = await findCustomer(sql, provider.name, userId)
  if (!customerId) {
    if (page.startingAfter) throw new DomainError('invalid', BILLING_MESSAGES.unknownInvoice)
    return { data: [], has_more: false }
  }
  return provider.listInvoices(customerId, page)
}
