/**
 * Asking for the payment dialog (spec 1 §2.5), which any page may do: with JavaScript by a
 * window event, without it by the page's address (`?upgrade=plus|usage|budget`). The dialog
 * itself is billing's (app/billing/payment-dialog.tsx).
 */

/** The window event that opens the dialog over any page. */
export const PAYMENT_DIALOG_EVENT = 'payment dialog open'

export const PAYMENT_DIALOG_MODES = ['upgrade-to-plus', 'enable-usage-based-pricing', 'update-usage-based-pricing'] as const
export type PaymentDialogMode = (typeof PAYMENT_DIALOG_MODES)[number]
export type PaymentDialogDetail = { mode: PaymentDialogMode; open: boolean; source: string }

export function openPaymentDialog(mode: PaymentDialogMode, source: string) {
  window.dispatchEvent(new CustomEvent<PaymentDialogDetail>(PAYMENT_DIALOG_EVENT, { detail: { mode, open: true, source } }))
}

/** Sent when a form of the payment dialog has succeeded, so what asked for it (the chat's limit overlay) can step aside. */
export const PAYMENT_DONE_EVENT = 'payment dialog done'
export type PaymentDoneDetail = { mode: PaymentDialogMode }

export function announcePaymentDone(mode: PaymentDialogMode) {
  window.dispatchEvent(new CustomEvent<PaymentDoneDetail>(PAYMENT_DONE_EVENT, { detail: { mode } }))
}

/** The search parameter that opens the payment dialog without JavaScript: `?upgrade=plus|usage|budget`. */
export const UPGRADE_PARAM = 'upgrade'

const PARAM_VALUES: Record<PaymentDialogMode, string> = {
  'upgrade-to-plus': 'plus',
  'enable-usage-based-pricing': 'usage',
  'update-usage-based-pricing': 'budget',
}

/** The same page with the payment dialog open in `mode`: `path` may carry its own search. */
export function upgradeHref(path: string, mode: PaymentDialogMode = 'upgrade-to-plus') {
  const url = new URL(path, 'http://local')
  url.searchParams.set(UPGRADE_PARAM, PARAM_VALUES[mode])
  return `${url.pathname}${url.search}`
}

/** The mode a page's search asks the dialog to open in, if any. */
export function dialogModeIn(search: string): PaymentDialogMode | null {
  const value = new URLSearchParams(search).get(UPGRADE_PARAM)
  return PAYMENT_DIALOG_MODES.find((mode) => PARAM_VALUES[mode] === value) ?? null
}
