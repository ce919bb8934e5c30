import type { FormWords } from '~/lib/form-reply'
import { PAYMENT_DIALOG_MODES, type PaymentDialogMode } from '~/lib/payment-dialog'
import { z } from 'zod'
import { BUDGET_MAX, BUDGET_MIN } from '~/lib/constants'
import { lines, text } from '~/lib/text'
import type { UsageData } from '~/usage/usage.server'

/** Spec 1 §2.5: the cancel dialog's reasons; `other` is the default. Each is also one of Stripe's `cancellation_details.feedback` values. */
export const CANCEL_REASONS = ['missing_features', 'switched_service', 'customer_service', 'too_complex', 'low_quality', 'other'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/** How the cancel dialog names each reason. */
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  missing_features: 'Missing features I need',
  switched_service: 'Switched to another service',
  customer_service: 'Customer service fell short',
  too_complex: 'Too complicated to use',
  low_quality: 'Results were not good enough',
  other: 'Other reason',
}

export const FEEDBACK_TEXT_MAX = 1000

/** Spec 1 §3 "Cancellation feedback": the text is trimmed and left out when empty. */
export const CancelBody = z.object({
  feedbackCategory: z.enum(CANCEL_REASONS, { error: `feedbackCategory must be one of ${CANCEL_REASONS.join(', ')}` }).default('other'),
  feedbackText: lines({ error: 'feedbackText must be text' })
    .max(FEEDBACK_TEXT_MAX, `feedbackText must be ${FEEDBACK_TEXT_MAX} characters or less`)
    .nullish()
    .transform((text) => text?.trim() || undefined),
})
export type CancelFeedback = { category: CancelReason; text?: string }

/** Spec 1 §5 monthly budget: whole dollars from 5 to 500. */
export const PRICE_CAP_MESSAGE = `priceCap must be a whole number of dollars from ${BUDGET_MIN} to ${BUDGET_MAX}`
export const PriceCapBody = z.object({
  priceCap: z.number({ error: PRICE_CAP_MESSAGE }).int(PRICE_CAP_MESSAGE).min(BUDGET_MIN, PRICE_CAP_MESSAGE).max(BUDGET_MAX, PRICE_CAP_MESSAGE),
})

/** The budget forms' refusal (no JavaScript, or a value the box would not let through). */
export const BUDGET_MESSAGE = `Choose a monthly budget from $${BUDGET_MIN} to $${BUDGET_MAX}`

const budgetDollars = z.number({ error: BUDGET_MESSAGE }).int(BUDGET_MESSAGE).min(BUDGET_MIN, BUDGET_MESSAGE).max(BUDGET_MAX, BUDGET_MESSAGE)

/**
 * The monthly budget as a form posts it (BudgetInput): `preset`, the radio chosen, and
 * `priceCap`, the custom box, which wins when filled. Spread into a form's schema and add
 * `requireBudget`; `budgetOf` gives the dollars. Conform turns empty fields into undefined
 * and the numbers' text into numbers.
 */
export const budgetShape = { preset: budgetDollars.optional(), priceCap: budgetDollars.optional() }

export function requireBudget(value: { preset?: number; priceCap?: number }, ctx: z.RefinementCtx) {
  if (value.preset === undefined && value.priceCap === undefined) ctx.addIssue({ code: 'custom', path: ['priceCap'], message: BUDGET_MESSAGE })
}

export const budgetOf = (value: { preset?: number; priceCap?: number }) => value.priceCap ?? value.preset ?? 0

export const BudgetFormSchema = z.object(budgetShape).superRefine(requireBudget)

/** The payment dialog's action and its usage loader. */
export const UPGRADE_RESOURCE = '/resources/upgrade'

const returnTo = text().max(2000).optional().catch(undefined)

/**
 * The payment dialog's forms (app/routes/resources.upgrade.ts), one per mode (spec 1 §2.5):
 * the intent is the mode. Upgrade goes to the checkout; the usage modes carry the budget.
 */
export const UpgradeFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('upgrade-to-plus'), returnTo }),
  z.object({ intent: z.literal('enable-usage-based-pricing'), returnTo, ...budgetShape }).superRefine(requireBudget),
  z.object({ intent: z.literal('update-usage-based-pricing'), returnTo, ...budgetShape }).superRefine(requireBudget),
])
export type UpgradeForm = z.infer<typeof UpgradeFormSchema>

/** Spec 1 §8: the destructive toast of each mode's failure. */
export const UPGRADE_FAILURES = {
  'upgrade-to-plus': 'Failed to start subscription',
  'enable-usage-based-pricing': 'Failed to enable usage-based pricing',
  'update-usage-based-pricing': 'Failed to update price cap',
} as const

/** The mode a payment dialog's form was sent from (a form without one is the upgrade). */
export const modeOfForm = (sent: { intent?: string }): PaymentDialogMode => PAYMENT_DIALOG_MODES.find((mode) => mode === sent.intent) ?? 'upgrade-to-plus'

/** What the payment dialog's forms say of a refusal (the form kit: app/lib/form-reply.ts): the mode's failure toast, and why. */
export const UPGRADE_FORM_WORDS: FormWords = { failure: (sent) => UPGRADE_FAILURES[modeOfForm(sent)] }

/** Spec 1 §8: the toast when the payment dialog's usage cannot be loaded. */
export const USAGE_LOAD_FAILED = 'Failed to fetch usage data'

/** What the payment dialog's usage modes load first: the usage, or why it could not be loaded. */
export type UsageReply = { usage: UsageData; failed?: undefined } | { usage?: undefined; failed: string }

/** Spec 1 §9 invoice pages: 3 first, then 5 per "Load more". */
export const INVOICE_FIRST_PAGE = 3
export const INVOICE_NEXT_PAGE = 5

/** Spec 1 §7 call 15: any page size up to 20 is accepted. */
export const InvoiceQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 20' })
    .int()
    .min(1, 'limit must be a number from 1 to 20')
    .max(20, 'limit must be a number from 1 to 20')
    .default(INVOICE_FIRST_PAGE),
  starting_after: text().min(1).max(255, 'starting_after is not an invoice id').optional(),
})

/** Spec 1 §7 call 3: the page to come back to, without its leading slash. */
export const CheckoutQuery = z.object({ returnURL: text().max(2000, 'returnURL is too long').optional() })

export const BILLING_MESSAGES = {
  alreadyPlus: 'You already have PLUS.',
  activated: 'PLUS is active. Enjoy!',
  off: 'Billing is turned off on this server.',
  unavailable: 'Billing is unavailable right now. Please try again in a moment.',
  notSetUp: 'Billing is not set up yet on this server.',
  subscriptionRequired: 'Usage-based pricing requires an active PLUS subscription.',
  nothingToCancel: 'There is no active PLUS subscription to cancel.',
  nothingToReactivate: 'There is no canceled PLUS subscription to resume. Upgrade to PLUS to subscribe again.',
  notManaged: 'This PLUS plan was granted by hand, not bought: there is no subscription to change.',
  unknownInvoice: 'starting_after is not one of your invoices.',
  historyUnavailable: 'Your billing history could not be loaded.',
} as const

/** Spec 1 §8: the destructive toasts of the subscription card, usage-based pricing and billing history. */
export const BILLING_TOASTS = {
  cancelFailed: 'Failed to cancel subscription',
  reactivateFailed: 'Failed to reactivate subscription',
  enableUsagePricingFailed: UPGRADE_FAILURES['enable-usage-based-pricing'],
  disableUsagePricingFailed: 'Failed to disable usage-based pricing',
  priceCapFailed: UPGRADE_FAILURES['update-usage-based-pricing'],
  historyFailed: 'Failed to load billing history',
  moreInvoicesFailed: 'Failed to load more invoices',
} as const
