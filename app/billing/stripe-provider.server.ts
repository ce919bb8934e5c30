import Stripe from 'stripe'
import type { Env } from '~/lib/env.server'
import { DomainError } from '~/lib/errors'
import { ProviderFailure } from './failure.server'
import { PLUS_PLAN, TOKEN_PLAN } from './plans'
import type { BillingProvider, Invoice, ProviderSubscription } from './provider.server'
import { BILLING_MESSAGES } from './schema'
import { logger } from '~/lib/log.server'

const log = logger('billing')

/**
 * The real `stripe` client, pointed at STRIPE_API_URL when it is set (a Stripe-compatible
 * server such as the test fake). The SDK retries network failures and 5xx answers itself,
 * with the same idempotency key.
 */
export function stripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>) {
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null
  const protocol = api?.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(env.STRIPE_SECRET_KEY, {
    // Three tries of 8 s stay inside a statement timeout (30 s), which bounds a wait for the billing lock.
    maxNetworkRetries: 2,
    timeout: 8_000,
    telemetry: false,
    ...(api && { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol }),
  })
}

/** A Stripe failure in the user's words; the details go to the log. */
function refusal(error: unknown): Error {
  if (error instanceof DomainError) return error
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'starting_after') {
    return new DomainError('invalid', BILLING_MESSAGES.unknownInvoice)
  }
  const detail = error instanceof Stripe.errors.StripeError ? `${error.type} ${error.statusCode ?? ''} ${error.message}` : String(error)
  log.error({ err: detail }, 'Stripe request failed')
  const permanent = error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError
  return new ProviderFailure(error instanceof Stripe.errors.StripeConnectionError, permanent, detail)
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id)

function toSubscription(sub: Stripe.Subscription): ProviderSubscription {
  return {
    id: sub.id,
    customerId: idOf(sub.customer),
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelAt: sub.cancel_at,
    billingCycleAnchor: sub.billing_cycle_anchor,
    meteredItemId: sub.items.data.find((item) => item.price.recurring?.usage_type === 'metered')?.id ?? null,
    created: sub.created,
  }
}

function toInvoice(invoice: Stripe.Invoice): Invoice {
  return {
    id: invoice.id ?? '',
    created: invoice.created,
    description: invoice.description,
    status: invoice.status,
    amount_paid: invoice.amount_paid,
    total: invoice.total,
    invoice_pdf: invoice.invoice_pdf ?? null,
  }
}

/** The price ids of the plans, found by lookup key once (`npm run stripe:setup` creates them). */
function planPrices(stripe: Stripe) {
  let found: Promise<{ plus: string; tokens: string }> | null = null
  const lookUp = async () => {
    const { data } = await stripe.prices.list({ lookup_keys: [PLUS_PLAN.lookupKey, TOKEN_PLAN.lookupKey], active: true, limit: 10 })
    const idOfKey = (key: string) => data.find((price) => price.lookup_key === key)?.id
    const plus = idOfKey(PLUS_PLAN.lookupKey)
    const tokens = idOfKey(TOKEN_PLAN.lookupKey)
    if (!plus || !tokens) {
      log.error(`Stripe has no price with lookup key ${plus ? TOKEN_PLAN.lookupKey : PLUS_PLAN.lookupKey}: run npm run stripe:setup`)
      throw new DomainError('unavailable', BILLING_MESSAGES.notSetUp)
    }
    return { plus, tokens }
  }
  return () => {
    found ??= lookUp().catch((error: unknown) => {
      found = null
      throw error
    })
    return found
  }
}

export function createStripeProvider(env: Env): BillingProvider {
  const stripe = stripeClient(env)
  const prices = planPrices(stripe)
  const call = async <T>(run: () => Promise<T>) => {
    try {
      return await run()
    } catch (error) {
      throw refusal(error)
    }
  }
  return {
    name: 'stripe',
    createCustomer: ({ userId, email }, idempotencyKey) =>
      call(async () => (await stripe.customers.create({ email, metadata: { userId: String(userId) } }, { idempotencyKey })).id),
    createCheckout: ({ customerId, userId, successUrl, cancelUrl }, idempotencyKey) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: customerId,
            client_reference_id: String(userId),
            line_items: [{ price: (await prices()).plus, quantity: 1 }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            subscription_data: { metadata: { userId: String(userId) } },
          },
          { idempotencyKey },
        )
        if (!session.url) throw new Error(`checkout session ${session.id} has no url`)
        return { id: session.id, url: session.url }
      }),
    listSubscriptions: (customerId) =>
      call(async () => (await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 })).data.map(toSubscription)),
    setCancelAtPeriodEnd: (subscriptionId, cancel, feedback) =>
      call(async () => {
        const details = feedback && { cancellation_details: { feedback: feedback.category, ...(feedback.text && { comment: feedback.text }) } }
        return toSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel, ...details }))
      }),
    addMeteredItem: (subscriptionId, idempotencyKey) =>
      call(async () => toSubscription(await stripe.subscriptions.update(subscriptionId, { items: [{ price: (await prices()).tokens }] }, { idempotencyKey }))),
    listInvoices: (customerId, { limit, startingAfter }) =>
      call(async () => {
        const page = await stripe.invoices.list({ customer: customerId, limit, ...(startingAfter && { starting_after: startingAfter }) })
        return { data: page.data.map(toInvoice), has_more: page.has_more }
      }),
    reportUsage: ({ identifier, customerId, tokens, timestamp }) =>
      call(async () => {
        await stripe.billing.meterEvents.create(
          {
            event_name: TOKEN_PLAN.meterEventName,
            identifier,
            payload: { stripe_customer_id: customerId, value: String(tokens) },
            ...(timestamp && { timestamp }),
          },
          { idempotencyKey: `meter-${identifier}` },
        )
      }),
  }
}

/**
 * A webhook delivery's event, when its `Stripe-Signature` proves Stripe sent these exact
 * bytes with our secret (within Stripe's 5-minute tolerance); null otherwise.
 */
export function verifyStripeEvent(env: Env, rawBody: Buffer, signature: string | null): Stripe.Event | null {
  if (!signature || !env.STRIPE_WEBHOOK_SECRET) return null
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET)
  } catch {
    return null
  }
}
