/** Spec 1 §2.5: the upgrade dialog opens over any page through this window event. */
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
