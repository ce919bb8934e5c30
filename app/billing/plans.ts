import { centsPerToken } from '~/usage/format'
import { DEFAULT_TOKEN_PRICE_PER_MILLION, PRODUCT_NAME } from '~/lib/constants'

/**
 * What we sell, declared once (DESIGN Habit 14). `npm run stripe:setup` makes Stripe match
 * it; the app finds the prices by lookup key, so no Stripe id is configured anywhere.
 */
export const PLUS_PLAN = {
  productId: 'pieces_plus',
  productName: `${PRODUCT_NAME} PLUS`,
  lookupKey: 'plus_monthly',
  /** Cents a month. */
  unitAmount: 2000,
  currency: 'usd',
  interval: 'month',
} as const

/** Usage-based pricing: tokens past the PLUS daily allowance, metered. */
export const TOKEN_PLAN = {
  productId: 'pieces_plus_tokens',
  productName: `${PRODUCT_NAME} PLUS usage-based pricing`,
  lookupKey: 'plus_tokens',
  meterEventName: 'pieces_tokens',
  meterDisplayName: `${PRODUCT_NAME} tokens`,
  tokenPricePerMillion: DEFAULT_TOKEN_PRICE_PER_MILLION,
  currency: 'usd',
  interval: 'month',
} as const

/** The metered price in cents per token, as Stripe's `unit_amount_decimal` wants it ($0.50 per million is '0.00005'). */
export const tokenUnitAmountDecimal = (pricePerMillion: number = TOKEN_PLAN.tokenPricePerMillion) => String(centsPerToken(pricePerMillion))

/** "$20.00 / month" */
export const plusPriceLabel = () => `$${(PLUS_PLAN.unitAmount / 100).toFixed(2)} / ${PLUS_PLAN.interval}`
