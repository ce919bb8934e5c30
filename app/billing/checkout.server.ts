import { randomUUID } from 'node:crypto'
import { sql } from '~/lib/db.server'
import { DomainError } from '~/lib/errors'
import { ensureCustomer, withBillingLock } from './customers.server'
import { ProviderFailure } from './failure.server'
import { getBillingProvider } from './provider.server'
import { BILLING_MESSAGES } from './schema'
import { isPlus } from '~/accounts/plan.server'
import { checkoutReturnHref } from './upgrade'

/** A checkout started this recently, for the same page, is answered again instead of a new one. */
const REUSE_MINUTES = 60
/** Stripe keeps idempotency keys for 24 hours; a retry within this reuses the failed attempt's key. */
const RETRY_KEY_HOURS = 23

type Attempt = { provider: string; key: string; params: string; url: string | null; ageMinutes: number }

/**
 * Spec 1 §7 call 3: a checkout for PLUS that comes back to `returnPath` on `appOrigin` (the
 * app's origin as the user opened it), through the return page after a payment. One customer per user, created once; one session for repeated requests; the
 * same idempotency key when a failed attempt is retried, so a lost answer never makes a
 * second session. A PLUS user is refused (409).
 */
export async function startCheckout(user: { id: number; email: string }, returnPath: string, appOrigin: string): Promise<{ url: string }> {
  const provider = getBillingProvider()
  return withBillingLock(user.id, async () => {
    if (await isPlus(sql, user.id)) throw new DomainError('conflict', BILLING_MESSAGES.alreadyPlus)
    const customerId = await ensureCustomer(provider, user)
    // Paid: the return page, which waits for the subscription before going on. Cancelled: straight back.
    const successUrl = `${appOrigin}${checkoutReturnHref(returnPath)}`
    const cancelUrl = `${appOrigin}${returnPath}`
    const params = JSON.stringify({ customerId, successUrl, cancelUrl })
    const [previous] = await sql<Attempt[]>`
      select provider, idempotency_key as key, params, url, extract(epoch from now() - created_at)::float8 / 60 as "ageMinutes"
      from billing_checkouts where user_id = ${user.id}`
    const same = previous && previous.provider === provider.name && previous.params === params
    if (same && previous.url && previous.ageMinutes < REUSE_MINUTES) return { url: previous.url }
    const retry = same && !previous.url && previous.ageMinutes < RETRY_KEY_HOURS * 60
    const key = retry ? previous.key : `checkout-${user.id}-${randomUUID()}`
    if (!retry) {
      await sql`
        insert into billing_checkouts (user_id, provider, idempotency_key, params)
        values (${user.id}, ${provider.name}, ${key}, ${params})
        on conflict (user_id) do update set provider = excluded.provider, idempotency_key = excluded.idempotency_key,
          params = excluded.params, session_id = null, url = null, created_at = now()`
    }
    const session = await provider.createCheckout({ customerId, userId: user.id, successUrl, cancelUrl }, key).catch(async (error: unknown) => {
      if (!(error instanceof ProviderFailure && error.indeterminate)) await sql`delete from billing_checkouts where user_id = ${user.id} and url is null`
      throw error
    })
    await sql`update billing_checkouts set session_id = ${session.id}, url = ${session.url} where user_id = ${user.id} and idempotency_key = ${key}`
    return { url: session.url }
  })
}
