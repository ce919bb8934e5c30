import type { TransactionSql } from 'postgres'
import { z } from 'zod'
import { jsonb, sql } from '~/lib/db.server'
import { getEnv } from '~/lib/env.server'
import { DomainError } from '~/lib/errors'
import { enqueueJobIn } from '~/lib/jobs.server'
import { QUEUES } from '~/lib/queues'
import { userOfCustomer } from './customers.server'
import { getBillingProvider, type ProviderName } from './provider.server'
import { verifyStripeEvent } from './stripe-provider.server'
import { syncCustomer } from './sync.server'

/** The events that can change a subscription; each one only says "re-read this customer". */
export const HANDLED_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
])

export const WEBHOOK_SIGNATURE_MESSAGE = 'The Stripe-Signature header is missing or does not match this body.'

export type BillingEvent = { id: string; provider: ProviderName; type: string; customerId: string | null; payload: object }

/**
 * Records a provider event once (by id) and queues its work in the same transaction, so
 * an event is either recorded with its job or not at all. Answers false for a duplicate.
 * Events of other types are recorded as ignored.
 */
export async function recordBillingEventIn(tx: TransactionSql, event: BillingEvent): Promise<boolean> {
  const handled = HANDLED_EVENT_TYPES.has(event.type)
  const [row] = await tx`
    insert into billing_events (id, provider, type, customer_id, payload, processed_at, outcome)
    values (${event.id}, ${event.provider}, ${event.type}, ${event.customerId}, ${jsonb(tx, event.payload)},
            ${handled ? null : tx`now()`}, ${handled ? null : 'ignored'})
    on conflict (id) do nothing
    returning id`
  if (!row) return false
  if (handled) await enqueueJobIn(tx, QUEUES.billingEvent.name, { eventId: event.id })
  return true
}

/** The customer an event's object names, as an id or expanded: what says whose subscription to re-read. */
const CustomerOfEventSchema = z.object({ customer: z.union([z.string(), z.object({ id: z.string() })]).nullish() })

/**
 * A webhook delivery (spec: Habit 14): the signature is checked on the exact bytes Stripe
 * sent, the event is recorded once and its work queued; nothing else happens before the 200.
 */
export async function receiveStripeWebhook(rawBody: Buffer, signature: string | null) {
  const env = getEnv()
  if (env.billing !== 'stripe') throw new DomainError('not-found', 'Stripe webhooks are not used on this server.')
  const event = verifyStripeEvent(env, rawBody, signature)
  if (!event) throw new DomainError('invalid', WEBHOOK_SIGNATURE_MESSAGE)
  const customer = CustomerOfEventSchema.safeParse(event.data?.object).data?.customer
  const customerId = typeof customer === 'string' ? customer : (customer?.id ?? null)
  const recorded = await sql.begin((tx) => recordBillingEventIn(tx, { id: event.id, provider: 'stripe', type: event.type, customerId, payload: event }))
  return { received: true, duplicate: !recorded }
}

/**
 * The job of one event: re-read the customer's subscription from the provider (which makes
 * the order of events irrelevant) and mark the event done. A provider failure throws, and
 * pg-boss retries the job with backoff.
 */
export async function processBillingEvent(eventId: string): Promise<string> {
  const [event] = await sql<{ provider: string; customerId: string | null; processed: boolean }[]>`
    select provider, customer_id as "customerId", processed_at is not null as processed from billing_events where id = ${eventId}`
  if (!event) return 'missing'
  if (event.processed) return 'done before'
  const provider = getBillingProvider()
  let outcome = 'other provider'
  if (event.provider === provider.name) {
    const userId = event.customerId ? await userOfCustomer(sql, provider.name, event.customerId) : null
    outcome = userId === null ? 'unknown customer' : (await syncCustomer(provider, userId)) ? 'synced' : 'superseded'
  }
  await sql`update billing_events set processed_at = now(), outcome = ${outcome} where id = ${eventId} and processed_at is null`
  return outcome
}
