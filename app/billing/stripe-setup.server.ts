import Stripe from 'stripe'
import { PLUS_PLAN, TOKEN_PLAN, tokenUnitAmountDecimal } from './plans'

type Plan = { productId: string; productName: string; lookupKey: string; currency: string; interval: 'month' }

/** The billing meter usage-based pricing counts tokens on, found by event name or created. */
async function ensureMeter(stripe: Stripe, say: (line: string) => void) {
  const meters = await stripe.billing.meters.list({ status: 'active', limit: 100 }).autoPagingToArray({ limit: 1000 })
  const found = meters.find((meter) => meter.event_name === TOKEN_PLAN.meterEventName)
  if (found) {
    say(`meter ${TOKEN_PLAN.meterEventName}: found ${found.id}`)
    return found.id
  }
  const created = await stripe.billing.meters.create({
    display_name: TOKEN_PLAN.meterDisplayName,
    event_name: TOKEN_PLAN.meterEventName,
    default_aggregation: { formula: 'sum' },
    customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
    value_settings: { event_payload_key: 'value' },
  })
  say(`meter ${TOKEN_PLAN.meterEventName}: created ${created.id}`)
  return created.id
}

async function ensureProduct(stripe: Stripe, plan: Plan, say: (line: string) => void) {
  try {
    await stripe.products.retrieve(plan.productId)
    say(`product ${plan.productId}: found`)
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && error.statusCode === 404)) throw error
    await stripe.products.create({ id: plan.productId, name: plan.productName })
    say(`product ${plan.productId}: created`)
  }
}

/** A price by lookup key: kept when it is there (with a warning if it differs from the plan), created otherwise. */
async function ensurePrice(stripe: Stripe, plan: Plan, price: Partial<Stripe.PriceCreateParams>, say: (line: string) => void) {
  const [found] = (await stripe.prices.list({ lookup_keys: [plan.lookupKey], limit: 1 })).data
  if (found) {
    const expected = price.unit_amount !== undefined ? String(price.unit_amount) : String(price.unit_amount_decimal)
    const differs = String(found.unit_amount_decimal) !== expected || found.recurring?.interval !== plan.interval
    say(
      `price ${plan.lookupKey}: found ${found.id}${differs ? ` (differs from the plan in code: ${found.unit_amount_decimal} per ${found.recurring?.interval})` : ''}`,
    )
    return found.id
  }
  await ensureProduct(stripe, plan, say)
  const created = await stripe.prices.create({
    product: plan.productId,
    currency: plan.currency,
    lookup_key: plan.lookupKey,
    nickname: plan.productName,
    ...price,
    recurring: { interval: plan.interval, ...price.recurring },
  })
  say(`price ${plan.lookupKey}: created ${created.id}`)
  return created.id
}

/**
 * `npm run stripe:setup`: makes the Stripe account match app/billing/plans.ts — the PLUS
 * monthly price, the token meter and the metered token price — creating only what is
 * missing, so running it again changes nothing. Answers the lines it printed.
 */
export async function setUpStripe(stripe: Stripe, say: (line: string) => void = console.log) {
  const meterId = await ensureMeter(stripe, say)
  const plus = await ensurePrice(stripe, PLUS_PLAN, { unit_amount: PLUS_PLAN.unitAmount }, say)
  const tokens = await ensurePrice(
    stripe,
    TOKEN_PLAN,
    { unit_amount_decimal: Stripe.Decimal.from(tokenUnitAmountDecimal()), recurring: { interval: TOKEN_PLAN.interval, usage_type: 'metered', meter: meterId } },
    say,
  )
  return { meterId, plus, tokens }
}
