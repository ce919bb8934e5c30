import type { PaymentDialogMode } from './payment-dialog-event'

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
  const found = Object.entries(PARAM_VALUES).find(([, param]) => param === value)
  return found ? (found[0] as PaymentDialogMode) : null
}

/** The page a checkout comes back to after payment: it waits for PLUS, then goes on to `returnPath`. */
export const BILLING_RETURN_PATH = '/billing/return'
export const checkoutReturnHref = (returnPath: string) => `${BILLING_RETURN_PATH}?${new URLSearchParams({ to: returnPath })}`
