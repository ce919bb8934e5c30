import type { FormWords } from '~/lib/form-reply'
import { z } from 'zod'
import type { Invoice, InvoicePage } from '~/billing/provider.server'
import { BILLING_TOASTS, budgetShape, CancelBody, requireBudget } from '~/billing/schema'
import { BUDGET_MIN } from '~/lib/constants'
import { PreferenceFormSchema, preferenceByIntent, SETTINGS_FAILED } from './preferences'

/**
 * The forms of the settings page (spec 1 §2.5): the Preferences toggles, and in the
 * Account card cancel, resubscribe, the usage-based pricing toggle and the monthly limit.
 * Each posts to the settings page's action (a fetcher with JavaScript, a page post
 * without), told apart by `intent`, and does what its spec §7 call does.
 */
export const SETTINGS_INTENTS = {
  cancel: 'cancel-subscription',
  reactivate: 'reactivate-subscription',
  usagePricing: 'usage-pricing',
  priceCap: 'price-cap',
} as const

/** `?cancel-subscription=1` opens the cancel dialog without JavaScript. */
export const CANCEL_PARAM = 'cancel-subscription'
/** `?invoice-pages=2`: the first invoices and two more pages, for 'Load more' without JavaScript. */
export const INVOICE_PAGES_PARAM = 'invoice-pages'
export const INVOICE_PAGES_MAX = 20
/** Where 'Load more' fetches the next invoices with JavaScript. */
export const INVOICES_RESOURCE = '/resources/invoices'

/** Spec 1 §5: the monthly limit shown in settings when none is set. */
export const DEFAULT_PRICE_CAP = BUDGET_MIN

/** Call 16's body, as the cancel dialog sends it (the reason defaults to `other`, the text is trimmed). */
export const CancelFormSchema = CancelBody.extend({ intent: z.literal(SETTINGS_INTENTS.cancel) })
export const ReactivateFormSchema = z.object({ intent: z.literal(SETTINGS_INTENTS.reactivate) })
export const UsagePricingFormSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.usagePricing),
  value: z.enum(['true', 'false']).transform((value) => value === 'true'),
})
/** Call 7's cap as the budget input posts it: a preset or a custom amount, whole dollars from 5 to 500 (`budgetOf` reads it). */
export const PriceCapFormSchema = z.object({ intent: z.literal(SETTINGS_INTENTS.priceCap), ...budgetShape }).superRefine(requireBudget)

/** Every form of the page: what the action parses. */
export const SettingsFormSchema = z.discriminatedUnion('intent', [
  PreferenceFormSchema,
  CancelFormSchema,
  ReactivateFormSchema,
  UsagePricingFormSchema,
  PriceCapFormSchema,
])
export type SettingsForm = z.infer<typeof SettingsFormSchema>

/** The spec's toast for a refused form, from what was posted (parsed or not). */
export function settingsFailure(payload: Record<string, unknown>): string {
  switch (payload.intent) {
    case SETTINGS_INTENTS.cancel:
      return BILLING_TOASTS.cancelFailed
    case SETTINGS_INTENTS.reactivate:
      return BILLING_TOASTS.reactivateFailed
    case SETTINGS_INTENTS.usagePricing:
      return payload.value === 'false' ? BILLING_TOASTS.disableUsagePricingFailed : BILLING_TOASTS.enableUsagePricingFailed
    case SETTINGS_INTENTS.priceCap:
      return BILLING_TOASTS.priceCapFailed
    default:
      return preferenceByIntent(payload.intent)?.failure ?? SETTINGS_FAILED
  }
}

/** What the page's forms say of a refusal (the form kit: app/lib/form-reply.ts): the spec's toast for that form, and why. */
export const SETTINGS_FORM_WORDS: FormWords = { failure: settingsFailure }

/** The invoices the page shows, whether more can be loaded, and which load failed (spec 1 §8 names both). */
export type BillingHistory = { data: Invoice[]; has_more: boolean; failed: 'history' | 'more' | null }

/** What 'Load more' gets back: the next page, or why not. */
export type InvoicesReply = { ok: true; page: InvoicePage } | { ok: false; message: string }

/** The number of 'Load more' pages asked for in the URL (0 when absent or not a number). */
export function invoicePagesOf(search: URLSearchParams) {
  const pages = Number(search.get(INVOICE_PAGES_PARAM) ?? 0)
  return Number.isInteger(pages) && pages > 0 ? Math.min(pages, INVOICE_PAGES_MAX) : 0
}
