import { sql } from '~/lib/db.server'
import { isPlus } from '~/accounts/plan.server'

/** For a page: whether the user has PLUS now (the checkout's return page waits for it). */
export const hasPlusNow = (userId: number) => isPlus(sql, userId)

/** Sets the plan by hand (CLI and tests until billing drives it). */
export async function setPlan(userId: number, plan: 'plus' | 'free') {
  if (plan === 'free') {
    await sql`delete from subscriptions where user_id = ${userId}`
    return
  }
  await sql`
    insert into subscriptions (user_id, status, billing_cycle_anchor)
    values (${userId}, 'active', now())
    on conflict (user_id) do update set status = 'active', cancel_at = null, cancel_at_period_end = false, updated_at = now()`
}
