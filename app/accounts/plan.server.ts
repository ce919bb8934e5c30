import { sql, type Db } from '~/lib/db.server'

/**
 * The account's plan: free or PLUS, read from its subscription row. Usage limits, Pieces and
 * the shell ask this; billing (Stripe, the local provider) writes the row. It sits below
 * both, so neither reaches into the other for "is this user PLUS?".
 */

export type SubscriptionStatus = {
  status: string
  cancel_at: number | null
  cancel_at_period_end: boolean
  billing_cycle_anchor: number | null
}

const NONE: SubscriptionStatus = { status: 'none', cancel_at: null, cancel_at_period_end: false, billing_cycle_anchor: null }

/** Active and canceling both count as subscribed (spec 1 §3). */
export const isSubscribedStatus = (status: string) => status === 'active' || status === 'canceling'

/** Takes the handle it runs on, so a caller inside a transaction passes the transaction. */
export async function getSubscriptionStatus(db: Db, userId: number): Promise<SubscriptionStatus> {
  const [row] = await db<SubscriptionStatus[]>`
    select status,
           extract(epoch from cancel_at)::bigint::int as cancel_at,
           cancel_at_period_end,
           extract(epoch from billing_cycle_anchor)::bigint::int as billing_cycle_anchor
    from subscriptions where user_id = ${userId}`
  return row ?? NONE
}

/** The one answer to "is this user PLUS?". */
export async function isPlus(db: Db, userId: number) {
  return isSubscribedStatus((await getSubscriptionStatus(db, userId)).status)
}

/** By identity id (what clients know); unknown ids have no subscription. */
export async function getSubscriptionStatusByUid(uid: string | undefined): Promise<SubscriptionStatus> {
  if (!uid) return NONE
  const [owner] = await sql<{ id: number }[]>`select id::int as id from users where uid = ${uid}`
  return owner ? getSubscriptionStatus(sql, owner.id) : NONE
}
