import { getEnv } from '~/lib/env.server'
import { setPlan } from './subscription.server'

export type UpgradeOutcome = { kind: 'checkout'; url: string } | { kind: 'activated' } | { kind: 'unavailable' }

/**
 * Starts PLUS for a user. With the local billing provider the subscription starts at once,
 * as a stand-in for a paid checkout; Stripe Checkout is wired by the billing work and,
 * until then, reports that it is unavailable, as does billing that is off.
 */
export async function startUpgrade(userId: number): Promise<UpgradeOutcome> {
  if (getEnv().billing !== 'local') return { kind: 'unavailable' }
  await setPlan(userId, 'plus')
  return { kind: 'activated' }
}
