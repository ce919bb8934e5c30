import { isDomainError } from '~/lib/errors'
import { startCheckout } from './checkout.server'
import { enableUsageBasedPricing, setPriceCap } from './manage.server'
import { BILLING_MESSAGES, budgetOf, type UpgradeForm } from './schema'

export type UpgradeFormOutcome = { kind: 'checkout'; url: string } | { kind: 'done' } | { kind: 'already-plus' }

/**
 * The payment dialog's three forms (spec 1 §4), with the same feature functions as the
 * JSON API: upgrade starts the checkout; enabling usage-based pricing adds the metered
 * subscription, then sets the cap; updating sets the cap only. A refusal is thrown (the
 * form kit says it as the mode's failure toast), except that the user has PLUS already.
 */
export async function applyUpgradeForm(
  user: { id: number; email: string },
  form: UpgradeForm,
  { returnTo, appOrigin }: { returnTo: string; appOrigin: string },
): Promise<UpgradeFormOutcome> {
  try {
    switch (form.intent) {
      case 'upgrade-to-plus':
        return { kind: 'checkout', ...(await startCheckout(user, returnTo, appOrigin)) }
      case 'enable-usage-based-pricing':
        await enableUsageBasedPricing(user.id)
        await setPriceCap(user.id, budgetOf(form))
        return { kind: 'done' }
      case 'update-usage-based-pricing':
        await setPriceCap(user.id, budgetOf(form))
        return { kind: 'done' }
    }
  } catch (error) {
    if (isDomainError(error) && error.message === BILLING_MESSAGES.alreadyPlus) return { kind: 'already-plus' }
    throw error
  }
}
