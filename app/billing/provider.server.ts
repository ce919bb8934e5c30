import { getEnv, type Env } from '~/lib/env.server'
import { DomainError } from '~/lib/errors'
import { createLocalProvider } from './local-provider.server'
import { BILLING_MESSAGES, type CancelFeedback } from './schema'
import { createStripeProvider } from './stripe-provider.server'

/**
 * The billing boundary (DESIGN "Parts with two implementations"): Stripe, or the local
 * provider that keeps the same state in our database and takes no payment. Everything past
 * this interface is the same code, whichever one runs.
 */
export type ProviderName = 'stripe' | 'local'

/** A subscription as the provider holds it; times in seconds. */
export type ProviderSubscription = {
  id: string
  customerId: string
  /** The provider's word: active, trialing, past_due, unpaid, canceled, incomplete... */
  status: string
  cancelAtPeriodEnd: boolean
  cancelAt: number | null
  billingCycleAnchor: number | null
  /** The usage-based pricing item, when the subscription has one. */
  meteredItemId: string | null
  created: number
}

/** Spec 1 §3 "Invoice": amounts in cents, times in seconds. */
export type Invoice = {
  id: string
  created: number
  description: string | null
  status: string | null
  amount_paid: number
  total: number
  invoice_pdf: string | null
}
export type InvoicePage = { data: Invoice[]; has_more: boolean }

export type CheckoutRequest = { customerId: string; userId: number; successUrl: string; cancelUrl: string }

/** Billable tokens as one meter event; `identifier` is what makes a resend harmless. */
export type MeterReport = { identifier: string; customerId: string; tokens: number; timestamp: number | null }

export interface BillingProvider {
  readonly name: ProviderName
  createCustomer(customer: { userId: number; email: string }, idempotencyKey: string): Promise<string>
  createCheckout(checkout: CheckoutRequest, idempotencyKey: string): Promise<{ id: string; url: string }>
  /** Every subscription of the customer, canceled ones too. */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>
  /** Cancel at period end (with the reason), or undo that. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, feedback?: CancelFeedback): Promise<ProviderSubscription>
  addMeteredItem(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>
  listInvoices(customerId: string, page: { limit: number; startingAfter?: string }): Promise<InvoicePage>
  reportUsage(report: MeterReport): Promise<void>
}

const refuse = async (): Promise<never> => {
  throw new DomainError('unavailable', BILLING_MESSAGES.off)
}

/** Billing 'off' (an https origin without a Stripe key): every call is a clear refusal. */
const OFF: BillingProvider = {
  name: 'local',
  createCustomer: refuse,
  createCheckout: refuse,
  listSubscriptions: refuse,
  setCancelAtPeriodEnd: refuse,
  addMeteredItem: refuse,
  listInvoices: refuse,
  reportUsage: refuse,
}

/**
 * Per module graph, not per process (app/lib/singleton.server.ts): server.ts with the
 * workers and the Remix build each load this code, and a provider made by one graph throws
 * that graph's errors (ProviderFailure), which the other's `instanceof` would not know.
 */
const providers = new WeakMap<Env, BillingProvider>()

/** The provider `env.billing` names, chosen once per configuration. */
export function getBillingProvider(env: Env = getEnv()): BillingProvider {
  const cache = providers
  let provider = cache.get(env)
  if (!provider) {
    provider = env.billing === 'stripe' ? createStripeProvider(env) : env.billing === 'local' ? createLocalProvider() : OFF
    cache.set(env, provider)
  }
  return provider
}

/** Is billing on at all ('off' answers every call with a refusal)? */
export const billingIsOn = (env: Env = getEnv()) => env.billing !== 'off'

/** The most relevant of a customer's subscriptions: a live one before one that ended, the newest first. */
export function currentSubscription(subscriptions: ProviderSubscription[]): ProviderSubscription | null {
  const rank = (sub: ProviderSubscription) => (sub.status === 'active' || sub.status === 'trialing' ? 0 : ENDED.has(sub.status) ? 2 : 1)
  return [...subscriptions].sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0] ?? null
}
const ENDED = new Set(['canceled', 'incomplete_expired'])

/** Spec 1 §3 subscription status from the provider's: active and trialing count, unless set to end. */
export function productStatus(sub: Pick<ProviderSubscription, 'status' | 'cancelAtPeriodEnd' | 'cancelAt'>): 'active' | 'canceling' | 'other' {
  if (sub.status !== 'active' && sub.status !== 'trialing') return 'other'
  return sub.cancelAtPeriodEnd || sub.cancelAt !== null ? 'canceling' : 'active'
}
