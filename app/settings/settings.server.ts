import { setDarkMode, setShowTokenUsage } from '~/accounts/preferences.server'
import type { SessionUser } from '~/accounts/session.server'
import {
  cancelSubscription,
  disableUsageBasedPricing,
  enableUsageBasedPricing,
  listInvoices,
  reactivateSubscription,
  setPriceCap,
} from '~/billing/manage.server'
import { budgetOf, INVOICE_FIRST_PAGE, INVOICE_NEXT_PAGE } from '~/billing/schema'
import { getSubscriptionStatus, isSubscribedStatus } from '~/accounts/plan.server'
import { sql } from '~/lib/db.server'
import { isDomainError } from '~/lib/errors'
import { getUsage } from '~/usage/usage.server'
import { DEFAULT_PRICE_CAP, SETTINGS_INTENTS, type BillingHistory, type SettingsForm } from './account-forms'
import { preferenceByIntent, type PreferenceForm } from './preferences'
import { logger } from '~/lib/log.server'

const log = logger('settings')

/** Everything the settings screen shows, loaded together; `invoicePages` more pages of invoices after the first. */
export async function settingsData(user: SessionUser, invoicePages = 0) {
  const [usage, subscription, invoices] = await Promise.all([getUsage(user.id), getSubscriptionStatus(sql, user.id), billingHistory(user.id, invoicePages)])
  return {
    usage,
    subscription: { ...subscription, subscribed: isSubscribedStatus(subscription.status) },
    preferences: { darkMode: user.darkMode, showTokenUsage: user.showTokenUsage },
    invoices,
  }
}

/**
 * Spec 1 §7 call 15 as the page makes it: the first 3 invoices, then `morePages` pages of 5
 * (the 'Load more' of a page without JavaScript). A provider that fails leaves the page
 * usable: what was read is shown, with the spec's toast.
 */
export async function billingHistory(userId: number, morePages = 0): Promise<BillingHistory> {
  let history: BillingHistory
  try {
    history = { ...(await listInvoices(userId, { limit: INVOICE_FIRST_PAGE })), failed: null }
  } catch (error) {
    return failedWith(error, { data: [], has_more: false, failed: 'history' })
  }
  for (let page = 0; page < morePages && history.has_more; page++) {
    try {
      const next = await listInvoices(userId, { limit: INVOICE_NEXT_PAGE, startingAfter: history.data.at(-1)?.id })
      history = { data: [...history.data, ...next.data], has_more: next.has_more, failed: null }
    } catch (error) {
      return failedWith(error, { ...history, failed: 'more' })
    }
  }
  return history
}

function failedWith(error: unknown, history: BillingHistory) {
  // A refusal (billing off, an unknown invoice) is expected; anything else is a fault to look into.
  if (!isDomainError(error)) log.error({ err: error }, 'billing history failed')
  return history
}

/** A Preferences toggle, as its form sends it. */
async function updatePreference(userId: number, { intent, value }: PreferenceForm): Promise<void> {
  if (preferenceByIntent(intent)?.field === 'darkMode') await setDarkMode(userId, value)
  else await setShowTokenUsage(userId, value)
}

/**
 * Usage-based pricing turned on in settings: the monthly limit the page shows (5 when none
 * was set) is saved too, so the user is never on with a limit of nothing.
 */
async function enableWithLimit(userId: number) {
  await enableUsageBasedPricing(userId)
  if ((await getUsage(userId)).priceCap === null) await setPriceCap(userId, DEFAULT_PRICE_CAP)
}

/**
 * A settings form, through the same feature functions as its API call, so a refusal is
 * the same DomainError the JSON API maps to a status.
 */
export async function applySettingsForm(userId: number, form: SettingsForm): Promise<void> {
  switch (form.intent) {
    case SETTINGS_INTENTS.cancel:
      await cancelSubscription(userId, { category: form.feedbackCategory, text: form.feedbackText })
      return
    case SETTINGS_INTENTS.reactivate:
      await reactivateSubscription(userId)
      return
    case SETTINGS_INTENTS.usagePricing:
      return form.value ? enableWithLimit(userId) : disableUsageBasedPricing(userId)
    case SETTINGS_INTENTS.priceCap:
      return setPriceCap(userId, budgetOf(form))
    default:
      return updatePreference(userId, form)
  }
}
