/** The page a checkout comes back to after payment: it waits for PLUS, then goes on to `returnPath`. */
export const BILLING_RETURN_PATH = '/billing/return'
export const checkoutReturnHref = (returnPath: string) => `${BILLING_RETURN_PATH}?${new URLSearchParams({ to: returnPath })}`
