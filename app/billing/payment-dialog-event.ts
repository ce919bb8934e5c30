/** Spec 1 §2.5: the upgrade dialog opens over any page through this window event. */
export const PAYMENT_DIALOG_EVENT = 'payment dialog open'

export type PaymentDialogMode = 'upgrade-to-plus' | 'enable-usage-based-pricing' | 'update-usage-based-pricing'
export type PaymentDialogDetail = { mode: PaymentDialogMode; open: boolean; source: string }

export function openPaymentDialog(mode: PaymentDialogMode, source: string) {
  window.dispatchEvent(new CustomEvent<PaymentDialogDetail>(PAYMENT_DIALOG_EVENT, { detail: { mode, open: true, source } }))
}
