import { createHmac } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import Stripe from 'stripe'
import { escapeHtml, listen, nowSeconds, randomId, readBody, redirect, sendHtml, sendJson } from './http'

/** Form values as Stripe's form encoding nests them: `a[b][0]=x` is `{ a: { b: ['x'] } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type Params = Record<string, FormValue>

export type CatalogProduct = { id: string; name: string }
export type CatalogPrice = {
  id: string
  product: string
  interval: 'month' | 'year'
  /** Cents; `unitAmountDecimal` instead for fractions of a cent (metered prices). */
  unitAmount?: number
  unitAmountDecimal?: string
  lookupKey?: string
  /** Metered prices bill the sum of meter events with this event name. */
  meterEventName?: string
}
export type Catalog = { products: CatalogProduct[]; prices: CatalogPrice[] }

export const DEFAULT_CATALOG: Catalog = {
  products: [
    { id: 'prod_PiecesPlus', name: 'Pieces PLUS' },
    { id: 'prod_PiecesTokens', name: 'Pieces PLUS usage-based pricing' },
  ],
  prices: [
    { id: 'price_PlusMonthly', product: 'prod_PiecesPlus', interval: 'month', unitAmount: 2000, lookupKey: 'plus_monthly' },
    // $0.50 per million tokens, in cents per token.
    {
      id: 'price_PlusTokens',
      product: 'prod_PiecesTokens',
      interval: 'month',
      unitAmountDecimal: '0.00005',
      lookupKey: 'plus_tokens',
      meterEventName: 'pieces_tokens',
    },
  ],
}

export type StripeFakeOptions = { webhookSecret: string; webhookUrl?: string; port?: number; catalog?: Catalog }

export type Delivery = { eventId: string; type: string; status: number | null; body: string }
export type InjectedError = { status: number; message: string; type?: string; code?: string }

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message)
  }
}

const noSuch = (kind: string, id: string, param = 'id', status = 404) => new ApiError(status, `No such ${kind}: '${id}'`, 'resource_missing', param)
const missingParam = (param: string) => new ApiError(400, `Missing required param: ${param}.`, 'parameter_missing', param)

export async function startStripeFake(options: StripeFakeOptions) {
  const catalog = options.catalog ?? DEFAULT_CATALOG
  let webhookUrl = options.webhookUrl
  let origin = ''
  let injected: InjectedError | null = null
  let injectedTimes = 0
  let responsesToDrop = 0
  let deliveryQueue = Promise.resolve()
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>()

  const meters = new Map(catalog.prices.flatMap((p) => (p.meterEventName ? [[p.id, { id: randomId('mtr_', 24), event_name: p.meterEventName }] as const] : [])))
  const state = {
    products: new Map(catalog.products.map((p) => [p.id, productObject(p)])),
    prices: new Map(catalog.prices.map((p) => [p.id, priceObject(p, meters.get(p.id)?.id ?? null)])),
    meters: new Map([...meters.values()].map((m) => [m.id, meterObject(m.id, m.event_name, m.event_name)])),
    customers: new Map<string, Customer>(),
    checkoutSessions: new Map<string, CheckoutSession>(),
    subscriptions: new Map<string, Subscription>(),
    invoices: new Map<string, Invoice>(),
    meterEvents: [] as MeterEvent[],
    events: [] as StripeEvent[],
    deliveries: [] as Delivery[],
  }
  const billed = new WeakSet<MeterEvent>()
  const checkoutItems = new Map<string, { items: { price: Price; quantity?: number }[]; subscriptionMetadata: Record<string, string> }>()

  type Customer = ReturnType<typeof customerObject>
  type Price = ReturnType<typeof priceObject>
  type SubscriptionItem = ReturnType<typeof itemObject>
  type Subscription = ReturnType<typeof subscriptionObject>
  type Invoice = ReturnType<typeof invoiceObject>
  type CheckoutSession = ReturnType<typeof sessionObject>
  type MeterEvent = {
    object: 'billing.meter_event'
    created: number
    event_name: string
    identifier: string
    livemode: false
    payload: Record<string, string>
    timestamp: number
  }
  type StripeEvent = ReturnType<typeof eventObject>

  function customerObject(params: Params) {
    return {
      id: randomId('cus_', 14),
      object: 'customer' as const,
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(params.description) ?? null,
      email: str(params.email) ?? null,
      invoice_prefix: randomId('', 8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: applyMetadata({}, params.metadata),
      name: str(params.name) ?? null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [] as string[],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    }
  }

  function itemObject(subscription: string, price: Price, quantity: number | undefined, period: { start: number; end: number }) {
    return {
      id: randomId('si_', 14),
      object: 'subscription_item' as const,
      billing_thresholds: null,
      created: nowSeconds(),
      current_period_end: period.end,
      current_period_start: period.start,
      discounts: [] as string[],
      metadata: {} as Record<string, string>,
      plan: planOf(price),
      price,
      // Stripe omits quantity on metered items.
      ...(price.recurring.usage_type === 'licensed' ? { quantity: quantity ?? 1 } : {}),
      subscription,
      tax_rates: [] as unknown[],
    }
  }

  function subscriptionObject(customer: string, metadata: Record<string, string>) {
    const id = randomId('sub_', 24)
    const now = nowSeconds()
    return {
      id,
      object: 'subscription' as const,
      application: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: now,
      billing_mode: { type: 'flexible' },
      cancel_at: null as number | null,
      cancel_at_period_end: false,
      canceled_at: null as number | null,
      cancellation_details: { comment: null as string | null, feedback: null as string | null, reason: null as string | null },
      collection_method: 'charge_automatically',
      created: now,
      currency: 'usd',
      customer,
      default_payment_method: null,
      description: null as string | null,
      discounts: [] as string[],
      ended_at: null as number | null,
      items: { object: 'list' as const, data: [] as SubscriptionItem[], has_more: false, total_count: 0, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null as string | null,
      livemode: false,
      metadata,
      pause_collection: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: 'active' as 'active' | 'past_due' | 'canceled',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    }
  }

  function invoiceObject(
    subscription: Subscription,
    customer: Customer,
    billingReason: string,
    lines: { amount: number; item: SubscriptionItem; quantity: number | null; description: string }[],
    paid: boolean,
  ) {
    const id = randomId('in_', 24)
    const created = nowSeconds()
    const total = lines.reduce((sum, line) => sum + line.amount, 0)
    return {
      id,
      object: 'invoice' as const,
      account_country: 'US',
      account_name: 'Pieces',
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      amount_shipping: 0,
      attempt_count: 1,
      attempted: true,
      auto_advance: !paid,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created,
      currency: 'usd',
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      description: null as string | null,
      discounts: [] as string[],
      due_date: null,
      effective_at: created,
      ending_balance: 0,
      footer: null,
      hosted_invoice_url: `${origin}/invoice/${id}`,
      invoice_pdf: `${origin}/invoice/${id}/pdf`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      lines: {
        object: 'list' as const,
        data: lines.map((line) => ({
          id: randomId('il_', 24),
          object: 'line_item' as const,
          amount: line.amount,
          currency: 'usd',
          description: line.description,
          discount_amounts: [] as unknown[],
          discountable: true,
          discounts: [] as string[],
          invoice: id,
          livemode: false,
          metadata: {} as Record<string, string>,
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription: subscription.id,
              subscription_item: line.item.id,
            },
          },
          period: { end: line.item.current_period_end, start: line.item.current_period_start },
          pricing: {
            type: 'price_details',
            price_details: { price: line.item.price.id, product: line.item.price.product },
            unit_amount_decimal: line.item.price.unit_amount_decimal,
          },
          quantity: line.quantity,
          taxes: [] as unknown[],
        })),
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {} as Record<string, string>,
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      on_behalf_of: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_end: created,
      period_start: created,
      receipt_number: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: paid ? created : null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: null,
      total,
      total_discount_amounts: [] as unknown[],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [] as unknown[],
      total_taxes: [] as unknown[],
      webhooks_delivered_at: created,
    }
  }

  function sessionObject(params: Params, customer: string | null, items: { price: Price; quantity?: number }[]) {
    const id = randomId('cs_test_', 58)
    const created = nowSeconds()
    const amount = items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 0), 0)
    return {
      id,
      object: 'checkout.session' as const,
      after_expiration: null,
      allow_promotion_codes: str(params.allow_promotion_codes) === 'true' ? true : null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      client_secret: null,
      created,
      currency: 'usd',
      customer,
      customer_creation: customer ? null : 'always',
      customer_details: null as { email: string | null; name: null; address: null; phone: null; tax_exempt: string; tax_ids: unknown[] } | null,
      customer_email: str(params.customer_email) ?? null,
      expires_at: created + 24 * 3600,
      invoice: null as string | null,
      livemode: false,
      locale: null,
      metadata: applyMetadata({}, params.metadata),
      mode: 'subscription' as const,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid' as 'unpaid' | 'paid',
      status: 'open' as 'open' | 'complete' | 'expired',
      subscription: null as string | null,
      success_url: str(params.success_url) ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${origin}/checkout/${id}` as string | null,
    }
  }

  function eventObject(type: string, object: object, previousAttributes?: Record<string, unknown>) {
    return {
      id: randomId('evt_', 24),
      object: 'event' as const,
      api_version: Stripe.API_VERSION as string,
      created: nowSeconds(),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    }
  }

  /** Records an event and queues its delivery; deliveries go out one at a time, in order. */
  function emit(type: string, object: object, previousAttributes?: Record<string, unknown>) {
    const event = eventObject(type, object, previousAttributes)
    state.events.push(event)
    const url = webhookUrl
    if (url) deliveryQueue = deliveryQueue.then(() => deliver(url, event))
    return event
  }

  async function deliver(url: string, event: StripeEvent) {
    // Stripe sends pretty-printed JSON; a receiver that re-serializes the parsed body fails verification, as in production.
    const payload = JSON.stringify(event, null, 2)
    const delivery: Delivery = { eventId: event.id, type: event.type, status: null, body: '' }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature(payload, options.webhookSecret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      })
      delivery.status = response.status
      delivery.body = await response.text()
    } catch (error) {
      delivery.body = String(error)
    }
    state.deliveries.push(delivery)
  }

  function customer(id: string, param = 'id', status = 404) {
    const found = state.customers.get(id)
    if (!found) throw noSuch('customer', id, param, status)
    return found
  }

  function price(id: string, param = 'id', status = 404) {
    const found = state.prices.get(id)
    if (!found) throw noSuch('price', id, param, status)
    return found
  }

  function subscription(id: string, param = 'id', status = 404) {
    const found = state.subscriptions.get(id)
    if (!found) throw noSuch('subscription', id, param, status)
    return found
  }

  function findItem(id: string) {
    for (const sub of state.subscriptions.values()) {
      const item = sub.items.data.find((candidate) => candidate.id === id)
      if (item) return { sub, item }
    }
    throw noSuch('subscription_item', id)
  }

  function firstPeriod() {
    const start = nowSeconds()
    return { start, end: addMonths(start, 1) }
  }

  function addItem(sub: Subscription, priceId: string, quantity: number | undefined, param: string) {
    const newPrice = price(priceId, param, 400)
    if (sub.items.data.some((item) => item.price.id === newPrice.id)) {
      throw new ApiError(400, `Cannot add multiple subscription items with the same plan: ${newPrice.id}`, undefined, param)
    }
    const period = sub.items.data[0] ? { start: sub.items.data[0].current_period_start, end: sub.items.data[0].current_period_end } : firstPeriod()
    const item = itemObject(sub.id, newPrice, quantity, period)
    sub.items.data.push(item)
    sub.items.total_count = sub.items.data.length
    return item
  }

  function removeItem(sub: Subscription, id: string) {
    if (sub.items.data.length === 1) {
      throw new ApiError(
        400,
        'A subscription must have at least one active plan. To cancel a subscription, please use the cancel API endpoint on /v1/subscriptions.',
      )
    }
    sub.items.data = sub.items.data.filter((item) => item.id !== id)
    sub.items.total_count = sub.items.data.length
  }

  function changeItem(item: SubscriptionItem, params: Params, prefix: string) {
    const priceId = str(params.price)
    if (priceId) {
      item.price = price(priceId, `${prefix}price`, 400)
      item.plan = planOf(item.price)
    }
    const quantity = optionalInt(params.quantity, `${prefix}quantity`)
    if (quantity !== undefined && item.price.recurring.usage_type === 'licensed') item.quantity = quantity
    item.metadata = applyMetadata(item.metadata, params.metadata)
  }

  /** Runs `change` on a subscription and announces it with the attributes it changed. */
  function updateSubscription<T>(sub: Subscription, change: () => T): T {
    const before = structuredClone(sub)
    const result = change()
    const previous = Object.fromEntries(
      Object.entries(before).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(sub[key as keyof Subscription])),
    )
    if (Object.keys(previous).length > 0) emit('customer.subscription.updated', sub, previous)
    return result
  }

  function invoiceFor(sub: Subscription, billingReason: string, paid: boolean, billUsage: boolean) {
    const owner = customer(sub.customer)
    const lines = sub.items.data.map((item) => {
      const unit = item.price.unit_amount_decimal
      if (item.price.recurring.usage_type === 'licensed') {
        const quantity = item.quantity ?? 1
        return {
          item,
          quantity,
          amount: Number(unit) * quantity,
          description: `${quantity} × ${productName(item.price.product)} (at $${(Number(unit) / 100).toFixed(2)} / ${item.price.recurring.interval})`,
        }
      }
      // Metered usage is billed in arrears, so a new subscription's first invoice has none.
      const meter = meters.get(item.price.id)
      const used = billUsage && meter ? takeUnbilledUsage(sub.customer, meter.event_name) : 0
      return { item, quantity: used, amount: Math.round(used * Number(unit)), description: `${productName(item.price.product)} (usage)` }
    })
    const invoice = invoiceObject(sub, owner, billingReason, lines, paid)
    state.invoices.set(invoice.id, invoice)
    sub.latest_invoice = invoice.id
    return invoice
  }

  // By event rather than by timestamp: advanceBillingPeriod moves periods ahead of the clock that stamps events.
  function takeUnbilledUsage(customerId: string, eventName: string) {
    const events = state.meterEvents.filter((event) => !billed.has(event) && event.event_name === eventName && event.payload.stripe_customer_id === customerId)
    for (const event of events) billed.add(event)
    return events.reduce((sum, event) => sum + Number(event.payload.value), 0)
  }

  function productName(id: string) {
    return state.products.get(id)?.name ?? id
  }

  function findObject(id: string): object | undefined {
    const stores: Map<string, object>[] = [state.customers, state.subscriptions, state.invoices, state.prices, state.products, state.checkoutSessions]
    return stores.map((store) => store.get(id)).find(Boolean) ?? state.events.find((event) => event.id === id)
  }

  /** Completes an open Checkout Session the way a customer paying on Stripe's page does. */
  async function completeCheckout(sessionId: string, email?: string) {
    const session = state.checkoutSessions.get(sessionId)
    const details = checkoutItems.get(sessionId)
    if (!session || !details) throw noSuch('checkout.session', sessionId)
    if (session.status !== 'open' || session.expires_at < nowSeconds()) throw new ApiError(400, 'This Checkout Session is no longer active.')
    const payer = session.customer ? customer(session.customer) : createCustomer({ email: session.customer_email ?? email ?? 'customer@example.com' })
    const sub = subscriptionObject(payer.id, details.subscriptionMetadata)
    state.subscriptions.set(sub.id, sub)
    for (const item of details.items) addItem(sub, item.price.id, item.quantity, 'price')
    const invoice = invoiceFor(sub, 'subscription_create', true, false)
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: payer.id,
      customer_details: { email: payer.email, name: null, address: null, phone: null, tax_exempt: 'none', tax_ids: [] },
      subscription: sub.id,
      invoice: invoice.id,
      url: null,
    })
    emit('checkout.session.completed', session)
    emit('customer.subscription.created', sub)
    emit('invoice.paid', invoice)
    await flushWebhooks()
    return session
  }

  /**
   * Moves a subscription into its next period as if a month had passed: a subscription set to cancel at period
   * end ends; otherwise a renewal invoice bills the licensed items ahead and the metered usage not billed yet,
   * then is paid (or fails, leaving the subscription past_due).
   */
  async function advanceBillingPeriod(subscriptionId: string, { paymentFails = false } = {}) {
    const sub = subscription(subscriptionId)
    if (sub.status === 'canceled') throw new Error(`${subscriptionId} is canceled`)
    let invoice: Invoice | null = null
    if (sub.cancel_at_period_end) {
      endSubscription(sub, 'cancellation_requested')
    } else {
      invoice = updateSubscription(sub, () => {
        for (const item of sub.items.data) {
          item.current_period_start = item.current_period_end
          item.current_period_end = addMonths(item.current_period_end, item.price.recurring.interval === 'year' ? 12 : 1)
        }
        sub.status = paymentFails ? 'past_due' : 'active'
        return invoiceFor(sub, 'subscription_cycle', !paymentFails, true)
      })
      emit(paymentFails ? 'invoice.payment_failed' : 'invoice.paid', invoice)
    }
    await flushWebhooks()
    return { subscription: sub, invoice }
  }

  /**
   * Stripe's retry of a failed renewal, this time paid: the open invoice is paid and the
   * past_due subscription is active again.
   */
  async function retryPayment(subscriptionId: string) {
    const sub = subscription(subscriptionId)
    if (sub.status !== 'past_due') throw new Error(`${subscriptionId} is ${sub.status}, not past_due`)
    const invoice = state.invoices.get(String(sub.latest_invoice))
    if (!invoice || invoice.status !== 'open') throw new Error(`${subscriptionId} has no open invoice`)
    const paidAt = nowSeconds()
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.total,
      amount_remaining: 0,
      status_transitions: { ...invoice.status_transitions, paid_at: paidAt },
    })
    updateSubscription(sub, () => {
      sub.status = 'active'
    })
    emit('invoice.paid', invoice)
    await flushWebhooks()
    return { subscription: sub, invoice }
  }

  function endSubscription(sub: Subscription, reason: string) {
    const now = nowSeconds()
    Object.assign(sub, { status: 'canceled', canceled_at: sub.canceled_at ?? now, ended_at: now, cancel_at: sub.cancel_at ?? now })
    sub.cancellation_details.reason = reason
    emit('customer.subscription.deleted', sub)
  }

  function createCustomer(params: Params) {
    const created = customerObject(params)
    state.customers.set(created.id, created)
    return created
  }

  function flushWebhooks() {
    return deliveryQueue
  }

  function createProduct(params: Params) {
    const name = str(params.name)
    if (!name) throw missingParam('name')
    const id = str(params.id) ?? randomId('prod_', 14)
    if (state.products.has(id)) throw new ApiError(400, `Product already exists.`, 'resource_already_exists', 'id')
    const created = { ...productObject({ id, name }), created: nowSeconds(), updated: nowSeconds(), metadata: applyMetadata({}, params.metadata) }
    state.products.set(id, created)
    return created
  }

  function createPrice(params: Params) {
    const productId = str(params.product)
    if (!productId) throw missingParam('product')
    if (!state.products.has(productId)) throw noSuch('product', productId, 'product', 400)
    const recurring = record(params.recurring)
    const interval = str(recurring.interval)
    if (interval !== 'month' && interval !== 'year') throw missingParam('recurring[interval]')
    const meterId = str(recurring.meter)
    const metered = str(recurring.usage_type) === 'metered'
    if (metered !== Boolean(meterId)) throw new ApiError(400, 'Metered prices must name a billing meter (recurring[meter]).', undefined, 'recurring[meter]')
    const meter = meterId ? (state.meters.get(meterId) ?? throwError(noSuch('billing.meter', meterId, 'recurring[meter]', 400))) : null
    const lookupKey = str(params.lookup_key)
    const holder = lookupKey ? [...state.prices.values()].find((p) => p.lookup_key === lookupKey) : undefined
    if (holder) throw new ApiError(400, `A price (\`${holder.id}\`) already uses that lookup key.`, undefined, 'lookup_key')
    const unitAmount = optionalInt(params.unit_amount, 'unit_amount')
    const unitAmountDecimal = str(params.unit_amount_decimal)
    if (unitAmount === undefined && unitAmountDecimal === undefined) throw missingParam('unit_amount')
    const id = randomId('price_', 24)
    const created = {
      ...priceObject({ id, product: productId, interval, unitAmount, unitAmountDecimal, lookupKey }, meter?.id ?? null),
      created: nowSeconds(),
      metadata: applyMetadata({}, params.metadata),
    }
    if (meter) meters.set(id, { id: meter.id, event_name: meter.event_name })
    state.prices.set(id, created)
    return created
  }

  function createMeter(params: Params) {
    const eventName = str(params.event_name)
    const displayName = str(params.display_name)
    if (!eventName) throw missingParam('event_name')
    if (!displayName) throw missingParam('display_name')
    if (str(record(params.default_aggregation).formula) === undefined) throw missingParam('default_aggregation[formula]')
    if ([...state.meters.values()].some((m) => m.event_name === eventName && m.status === 'active')) {
      throw new ApiError(400, `An active meter with event_name \`${eventName}\` already exists.`, undefined, 'event_name')
    }
    const created = meterObject(randomId('mtr_', 24), eventName, displayName)
    state.meters.set(created.id, created)
    return created
  }

  type Handler = (ids: string[], params: Params) => object | Promise<object>
  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/customers$/, (_, params) => createCustomer(params)],
    [
      'GET',
      /^\/v1\/customers$/,
      (_, params) =>
        page(
          [...state.customers.values()].filter((c) => !params.email || c.email === str(params.email)),
          params,
          '/v1/customers',
        ),
    ],
    ['GET', /^\/v1\/customers\/([^/]+)$/, ([id]) => customer(id!)],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      ([id], params) => {
        const found = customer(id!)
        for (const key of ['email', 'name', 'description'] as const) {
          if (params[key] !== undefined) found[key] = str(params[key]) || null
        }
        found.metadata = applyMetadata(found.metadata, params.metadata)
        return found
      },
    ],
    ['POST', /^\/v1\/products$/, (_, params) => createProduct(params)],
    ['GET', /^\/v1\/products$/, (_, params) => page([...state.products.values()], params, '/v1/products')],
    ['POST', /^\/v1\/prices$/, (_, params) => createPrice(params)],
    ['GET', /^\/v1\/billing\/meters$/, (_, params) => page([...state.meters.values()], params, '/v1/billing/meters')],
    ['GET', /^\/v1\/billing\/meters\/([^/]+)$/, ([id]) => state.meters.get(id!) ?? throwError(noSuch('billing.meter', id!))],
    ['POST', /^\/v1\/billing\/meters$/, (_, params) => createMeter(params)],
    ['GET', /^\/v1\/products\/([^/]+)$/, ([id]) => state.products.get(id!) ?? throwError(noSuch('product', id!))],
    ['GET', /^\/v1\/prices\/([^/]+)$/, ([id]) => price(id!)],
    [
      'GET',
      /^\/v1\/prices$/,
      (_, params) => {
        const lookupKeys = list(params.lookup_keys).map(String)
        const matches = [...state.prices.values()].filter(
          (p) => (lookupKeys.length === 0 || lookupKeys.includes(p.lookup_key ?? '')) && (!params.product || p.product === str(params.product)),
        )
        return page(matches, params, '/v1/prices')
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_, params) => {
        const mode = str(params.mode)
        if (!mode) throw missingParam('mode')
        if (mode !== 'subscription') throw new ApiError(400, `This fake supports mode=subscription only, not ${mode}.`, undefined, 'mode')
        if (!str(params.success_url)) throw missingParam('success_url')
        if (params.customer && params.customer_email)
          throw new ApiError(400, 'You may only specify one of these parameters: customer, customer_email.', undefined, 'customer')
        const customerId = str(params.customer) ?? null
        if (customerId) customer(customerId, 'customer', 400)
        const lineItems = list(params.line_items)
        if (lineItems.length === 0) throw missingParam('line_items')
        const items = lineItems.map((line, index) => {
          const fields = record(line)
          const prefix = `line_items[${index}]`
          const priceId = str(fields.price)
          if (!priceId) throw missingParam(`${prefix}[price]`)
          const linePrice = price(priceId, `${prefix}[price]`, 400)
          const quantity = optionalInt(fields.quantity, `${prefix}[quantity]`)
          const metered = linePrice.recurring.usage_type === 'metered'
          if (metered && quantity !== undefined)
            throw new ApiError(
              400,
              `Quantity should not be specified where usage_type is \`metered\`. Remove quantity from \`${prefix}\`.`,
              undefined,
              `${prefix}[quantity]`,
            )
          if (!metered && quantity === undefined)
            throw new ApiError(400, `Quantity is required. Add \`quantity\` to \`${prefix}\``, 'parameter_missing', `${prefix}[quantity]`)
          return { price: linePrice, quantity }
        })
        const session = sessionObject(params, customerId, items)
        state.checkoutSessions.set(session.id, session)
        checkoutItems.set(session.id, { items, subscriptionMetadata: applyMetadata({}, record(params.subscription_data).metadata) })
        return session
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, ([id]) => state.checkoutSessions.get(id!) ?? throwError(noSuch('checkout.session', id!))],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ([id]) => {
        const session = state.checkoutSessions.get(id!) ?? throwError(noSuch('checkout.session', id!))
        if (session.status !== 'open')
          throw new ApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`)
        Object.assign(session, { status: 'expired', url: null })
        emit('checkout.session.expired', session)
        return session
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (_, params) => {
        const status = str(params.status)
        const matches = [...state.subscriptions.values()].filter(
          (sub) =>
            (!params.customer || sub.customer === str(params.customer)) &&
            (!params.price || sub.items.data.some((item) => item.price.id === str(params.price))) &&
            (status === 'all' || (status ? sub.status === status : sub.status !== 'canceled')),
        )
        return page(matches, params, '/v1/subscriptions')
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ([id]) => subscription(id!)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id], params) => {
        const sub = subscription(id!)
        if (sub.status === 'canceled' && Object.keys(params).some((key) => !['metadata', 'cancellation_details', 'expand'].includes(key))) {
          throw new ApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.')
        }
        updateSubscription(sub, () => {
          const atPeriodEnd = str(params.cancel_at_period_end)
          if (atPeriodEnd !== undefined) {
            sub.cancel_at_period_end = atPeriodEnd === 'true'
            sub.cancel_at = sub.cancel_at_period_end ? (sub.items.data[0]?.current_period_end ?? null) : null
            sub.canceled_at = sub.cancel_at_period_end ? nowSeconds() : null
            sub.cancellation_details.reason = sub.cancel_at_period_end ? 'cancellation_requested' : null
          }
          if (params.cancel_at !== undefined) {
            sub.cancel_at = optionalInt(params.cancel_at, 'cancel_at') ?? null
            sub.cancel_at_period_end = false
          }
          const details = record(params.cancellation_details)
          if (details.comment !== undefined) sub.cancellation_details.comment = str(details.comment) || null
          if (details.feedback !== undefined) sub.cancellation_details.feedback = str(details.feedback) || null
          if (params.description !== undefined) sub.description = str(params.description) || null
          sub.metadata = applyMetadata(sub.metadata, params.metadata)
          list(params.items).forEach((entry, index) => {
            const fields = record(entry)
            const prefix = `items[${index}]`
            const itemId = str(fields.id)
            if (!itemId) {
              const priceId = str(fields.price)
              if (!priceId) throw missingParam(`${prefix}[price]`)
              return void addItem(sub, priceId, optionalInt(fields.quantity, `${prefix}[quantity]`), `${prefix}[price]`)
            }
            const item = sub.items.data.find((candidate) => candidate.id === itemId)
            if (!item) throw noSuch('subscription_item', itemId, `${prefix}[id]`, 400)
            if (str(fields.deleted) === 'true') removeItem(sub, itemId)
            else changeItem(item, fields, `${prefix}[`)
          })
        })
        return sub
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id], params) => {
        const sub = subscription(id!)
        if (sub.status === 'canceled') throw new ApiError(400, `This subscription has already been canceled: ${sub.id}`)
        const details = record(params.cancellation_details)
        sub.cancellation_details.comment = str(details.comment) ?? sub.cancellation_details.comment
        sub.cancellation_details.feedback = str(details.feedback) ?? sub.cancellation_details.feedback
        endSubscription(sub, 'cancellation_requested')
        return sub
      },
    ],
    [
      'GET',
      /^\/v1\/subscription_items$/,
      (_, params) => {
        const subscriptionId = str(params.subscription)
        if (!subscriptionId) throw missingParam('subscription')
        return page([...subscription(subscriptionId, 'subscription', 400).items.data].reverse(), params, '/v1/subscription_items')
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_items$/,
      (_, params) => {
        const subscriptionId = str(params.subscription)
        if (!subscriptionId) throw missingParam('subscription')
        const priceId = str(params.price)
        if (!priceId) throw missingParam('price')
        const sub = subscription(subscriptionId, 'subscription', 400)
        return updateSubscription(sub, () => {
          const item = addItem(sub, priceId, optionalInt(params.quantity, 'quantity'), 'price')
          item.metadata = applyMetadata({}, params.metadata)
          return item
        })
      },
    ],
    ['GET', /^\/v1\/subscription_items\/([^/]+)$/, ([id]) => findItem(id!).item],
    [
      'POST',
      /^\/v1\/subscription_items\/([^/]+)$/,
      ([id], params) => {
        const { sub, item } = findItem(id!)
        updateSubscription(sub, () => changeItem(item, params, ''))
        return item
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscription_items\/([^/]+)$/,
      ([id]) => {
        const { sub } = findItem(id!)
        updateSubscription(sub, () => removeItem(sub, id!))
        return { id: id!, object: 'subscription_item', deleted: true }
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (_, params) => {
        const matches = [...state.invoices.values()].filter(
          (invoice) =>
            (!params.customer || invoice.customer === str(params.customer)) &&
            (!params.subscription || invoice.parent.subscription_details.subscription === str(params.subscription)) &&
            (!params.status || invoice.status === str(params.status)),
        )
        return page(matches, params, '/v1/invoices')
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, ([id]) => state.invoices.get(id!) ?? throwError(noSuch('invoice', id!))],
    [
      'POST',
      /^\/v1\/billing\/meter_events$/,
      (_, params) => {
        const eventName = str(params.event_name)
        if (!eventName) throw missingParam('event_name')
        const payload = record(params.payload)
        for (const key of ['stripe_customer_id', 'value']) {
          if (typeof payload[key] !== 'string') throw missingParam(`payload[${key}]`)
        }
        if (!/^-?\d+(\.\d+)?$/.test(str(payload.value) ?? ''))
          throw new ApiError(400, 'Invalid value: payload[value] must be a number.', 'parameter_invalid_string', 'payload[value]')
        const identifier = str(params.identifier) ?? randomId('', 32)
        // Stripe enforces identifier uniqueness for at least 24 hours; a repeat is answered but not counted twice.
        const earlier = state.meterEvents.find((event) => event.identifier === identifier)
        if (earlier) return earlier
        const now = nowSeconds()
        const timestamp = optionalInt(params.timestamp, 'timestamp') ?? now
        if (timestamp < now - 35 * 86400 || timestamp > now + 300) {
          throw new ApiError(
            400,
            'Timestamp must be within the past 35 calendar days and no more than 5 minutes in the future.',
            'timestamp_out_of_range',
            'timestamp',
          )
        }
        const event: MeterEvent = {
          object: 'billing.meter_event',
          created: now,
          event_name: eventName,
          identifier,
          livemode: false,
          payload: Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)])),
          timestamp,
        }
        state.meterEvents.push(event)
        return event
      },
    ],
    ['GET', /^\/v1\/events\/([^/]+)$/, ([id]) => state.events.find((event) => event.id === id) ?? throwError(noSuch('event', id!))],
  ]

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const requestId = randomId('req_', 14)
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      if (responsesToDrop > 0) {
        // Done (or replayed), but the answer is lost on the way: a network cut or a crash after the request.
        responsesToDrop -= 1
        return void res.destroy()
      }
      sendJson(res, status, body, { 'request-id': requestId, 'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION), ...extra })
    }
    const errorBody = (error: ApiError) => ({
      error: {
        ...(error.code ? { code: error.code, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` } : {}),
        message: error.message,
        ...(error.param ? { param: error.param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        type: error.type,
      },
    })
    const replyError = (error: ApiError) => reply(error.status, errorBody(error))

    const key = apiKey(req.headers.authorization ?? '')
    if (!key) {
      return replyError(
        new ApiError(
          401,
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        ),
      )
    }
    if (!/^(sk|rk)_test_/.test(key)) return replyError(new ApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`))

    const method = req.method ?? 'GET'
    const raw = method === 'POST' ? await readBody(req) : url.search.slice(1)
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined
    const fingerprint = `${method} ${url.pathname} ${raw}`
    const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined
    if (earlier) {
      if (earlier.request !== fingerprint) {
        return replyError(
          new ApiError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            undefined,
            undefined,
            'idempotency_error',
          ),
        )
      }
      return reply(earlier.status, earlier.body, { 'idempotent-replayed': 'true' })
    }
    if (injected) {
      const { status, message, type, code } = injected
      if (--injectedTimes <= 0) injected = null
      return replyError(new ApiError(status, message, code, undefined, type))
    }

    const match = routes.map(([m, pattern, handler]) => ({ m, found: pattern.exec(url.pathname), handler })).find(({ m, found }) => m === method && found)
    let status = 200
    let body: unknown
    try {
      if (!match?.found)
        throw new ApiError(
          404,
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        )
      const params = parseForm(raw)
      const result = await match.handler(match.found.slice(1).map(decodeURIComponent), params)
      body = list(params.expand).reduce<unknown>((value, path) => expand(value, String(path).split('.'), findObject), result)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      status = error.status
      body = errorBody(error)
    }
    if (idempotencyKey) idempotent.set(idempotencyKey, { request: fingerprint, status, body })
    reply(status, body)
  }

  function checkoutPage(res: ServerResponse, id: string) {
    const session = state.checkoutSessions.get(id)
    const details = checkoutItems.get(id)
    if (!session || !details) return sendHtml(res, 404, 'Not found', '<h1>Checkout Session not found</h1>')
    if (session.status !== 'open') return sendHtml(res, 200, 'Checkout', '<h1>This Checkout Session is no longer active.</h1>')
    const email = session.customer ? state.customers.get(session.customer)?.email : session.customer_email
    const lines = details.items
      .map(
        ({ price: p, quantity }) =>
          `<li>${escapeHtml(productName(p.product))}${quantity ? ` × ${quantity}` : ''}: ${p.unit_amount === null ? 'billed by usage' : `$${(p.unit_amount / 100).toFixed(2)} / ${p.recurring.interval}`}</li>`,
      )
      .join('')
    sendHtml(
      res,
      200,
      'Checkout',
      `<h1>Subscribe</h1><ul>${lines}</ul><p>Total due today: $${(session.amount_total / 100).toFixed(2)}</p>` +
        `<form method="post" action="/checkout/${escapeHtml(id)}"><label>Email <input type="email" name="email" value="${escapeHtml(email ?? '')}" required></label><button type="submit">Pay</button></form>` +
        (session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''),
    )
  }

  async function pay(req: IncomingMessage, res: ServerResponse, id: string) {
    try {
      const session = await completeCheckout(id, new URLSearchParams(await readBody(req)).get('email') || undefined)
      redirect(res, (session.success_url ?? origin).replace('{CHECKOUT_SESSION_ID}', session.id), 303)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      sendHtml(res, error.status, 'Checkout', `<h1>${escapeHtml(error.message)}</h1>`)
    }
  }

  function invoicePage(res: ServerResponse, id: string, pdf: boolean) {
    const invoice = state.invoices.get(id)
    if (!invoice) return sendHtml(res, 404, 'Not found', '<h1>Invoice not found</h1>')
    const summary = `Invoice ${invoice.number}: $${(invoice.total / 100).toFixed(2)} ${invoice.status}`
    if (!pdf) return sendHtml(res, 200, `Invoice ${invoice.number}`, `<h1>${escapeHtml(summary)}</h1>`)
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="Invoice-${invoice.number}.pdf"` })
    res.end(minimalPdf(summary))
  }

  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname.startsWith('/v1/')) return api(req, res, url)
    const [, page, id, pdf] = /^\/(checkout|invoice)\/([^/]+)(\/pdf)?$/.exec(url.pathname) ?? []
    if (page === 'checkout' && id && !pdf && req.method === 'GET') return checkoutPage(res, id)
    if (page === 'checkout' && id && !pdf && req.method === 'POST') return pay(req, res, id)
    if (page === 'invoice' && id && req.method === 'GET') return invoicePage(res, id, Boolean(pdf))
    sendHtml(res, 404, 'Not found', '<h1>Not found</h1>')
  }, options.port)
  origin = server.origin

  return {
    /** The base URL, e.g. for STRIPE_API_URL. */
    url: origin,
    host: '127.0.0.1',
    port: server.port,
    protocol: 'http' as const,
    /** Spread into `new Stripe(key, { ...fake.stripeOptions })`. */
    stripeOptions: { host: '127.0.0.1', port: server.port, protocol: 'http' as const },
    state,
    setWebhookUrl: (url: string | undefined) => {
      webhookUrl = url
    },
    /** Signs and delivers an event of any type (for order and duplicate scenarios); resolves once delivered. */
    sendWebhook: async (type: string, object: object) => {
      const event = emit(type, object)
      await flushWebhooks()
      return { event, delivery: state.deliveries.findLast((delivery) => delivery.eventId === event.id) }
    },
    completeCheckout,
    advanceBillingPeriod,
    retryPayment,
    /** The next API request (the next `times` ones) answers this error instead. */
    failNext: (error: InjectedError, times = 1) => {
      injected = error
      injectedTimes = times
    },
    /** Ends what `failNext` set: the next API request is answered as usual. */
    stopFailing: () => {
      injected = null
      injectedTimes = 0
    },
    /** The next `count` API requests are carried out, but their connection is cut before the answer. */
    dropResponses: (count: number) => {
      responsesToDrop = count
    },
    flushWebhooks,
    close: async () => {
      await flushWebhooks()
      await server.close()
    },
  }
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>

/** The `Stripe-Signature` header value Stripe computes for a payload. */
export function signature(payload: string, secret: string, timestamp = nowSeconds()) {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`
}

export function parseForm(text: string): Params {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[')
    const path = [head, ...rest.map((segment) => segment.replace(/\]$/, ''))]
    let node = root
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment
      if (index === path.length - 1) node[name] = value
      else node = (typeof node[name] === 'object' ? node[name] : (node[name] = {})) as Record<string, unknown>
    })
  }
  return arraysFromIndexes(root) as Params
}

/** `{ '0': a, '1': b }` becomes `[a, b]`, as Stripe reads `items[0]`, `items[1]`. */
function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).map(([key, child]) => [key, arraysFromIndexes(child)] as const)
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child)
  }
  return Object.fromEntries(entries)
}

function productObject(product: CatalogProduct) {
  return {
    id: product.id,
    object: 'product' as const,
    active: true,
    created: 1_700_000_000,
    default_price: null,
    description: null,
    images: [] as string[],
    livemode: false,
    marketing_features: [] as unknown[],
    metadata: {} as Record<string, string>,
    name: product.name,
    package_dimensions: null,
    shippable: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: 1_700_000_000,
    url: null,
  }
}

function meterObject(id: string, eventName: string, displayName: string) {
  return {
    id,
    object: 'billing.meter' as const,
    created: nowSeconds(),
    customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
    default_aggregation: { formula: 'sum' },
    display_name: displayName,
    event_name: eventName,
    event_time_window: null,
    livemode: false,
    status: 'active' as 'active' | 'inactive',
    status_transitions: { deactivated_at: null },
    updated: nowSeconds(),
    value_settings: { event_payload_key: 'value' },
  }
}

function priceObject(price: CatalogPrice, meter: string | null) {
  return {
    id: price.id,
    object: 'price' as const,
    active: true,
    billing_scheme: 'per_unit',
    created: 1_700_000_000,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookupKey ?? null,
    metadata: {} as Record<string, string>,
    nickname: null,
    product: price.product,
    recurring: {
      interval: price.interval,
      interval_count: 1,
      meter,
      trial_period_days: null,
      usage_type: meter ? ('metered' as const) : ('licensed' as const),
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unitAmount ?? null,
    unit_amount_decimal: price.unitAmountDecimal ?? String(price.unitAmount ?? 0),
  }
}

/** The legacy `plan` Stripe still mirrors on every subscription item. */
function planOf(price: ReturnType<typeof priceObject>) {
  return {
    id: price.id,
    object: 'plan' as const,
    active: true,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: price.recurring.meter,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: price.recurring.usage_type,
  }
}

function page<T extends { id: string }>(oldestFirst: T[], params: Params, url: string) {
  const all = [...oldestFirst].reverse()
  const limit = optionalInt(params.limit, 'limit') ?? 10
  if (limit < 1 || limit > 100)
    throw new ApiError(400, 'This value must be greater than or equal to 1 and less than or equal to 100.', 'parameter_invalid_integer', 'limit')
  const cursor = (param: 'starting_after' | 'ending_before') => {
    const id = str(params[param])
    if (id === undefined) return undefined
    const index = all.findIndex((item) => item.id === id)
    if (index < 0) throw noSuch('object', id, param, 400)
    return index
  }
  const after = cursor('starting_after')
  const before = cursor('ending_before')
  const window = after !== undefined ? all.slice(after + 1) : before !== undefined ? all.slice(0, before) : all
  const data = before !== undefined && after === undefined ? window.slice(-limit) : window.slice(0, limit)
  return { object: 'list' as const, data, has_more: data.length < window.length, url }
}

function expand(value: unknown, path: string[], lookup: (id: string) => object | undefined): unknown {
  const [head, ...rest] = path
  if (head === undefined || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((element) => expand(element, path, lookup))
  const child = (value as Record<string, unknown>)[head]
  const resolved = typeof child === 'string' ? (lookup(child) ?? child) : child
  return { ...value, [head]: expand(resolved, rest, lookup) }
}

/** Stripe metadata semantics: keys merge, an empty value removes a key, an empty `metadata` clears all. */
function applyMetadata(current: Record<string, string>, update: FormValue | undefined): Record<string, string> {
  if (update === undefined) return current
  if (update === '') return {}
  const next = { ...current }
  for (const [key, value] of Object.entries(record(update))) {
    if (value === '') delete next[key]
    else next[key] = String(value)
  }
  return next
}

function str(value: FormValue | undefined) {
  return typeof value === 'string' ? value : undefined
}

function list(value: FormValue | undefined): FormValue[] {
  return Array.isArray(value) ? value : []
}

function record(value: FormValue | undefined): Record<string, FormValue> {
  return typeof value === 'object' && !Array.isArray(value) ? value : {}
}

function optionalInt(value: FormValue | undefined, param: string) {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw new ApiError(400, 'Invalid integer: ' + String(value), 'parameter_invalid_integer', param)
  return Number(value)
}

/** Stripe takes the key as a Bearer token or, as `curl -u sk_test_...:` sends it, as the Basic user name. */
function apiKey(authorization: string) {
  const [, scheme, value = ''] = /^(Bearer|Basic) (\S+)$/.exec(authorization) ?? []
  const key = scheme === 'Basic' ? Buffer.from(value, 'base64').toString('utf8').split(':')[0] : value
  return key || undefined
}

function throwError(error: Error): never {
  throw error
}

function addMonths(seconds: number, months: number) {
  const date = new Date(seconds * 1000)
  date.setUTCMonth(date.getUTCMonth() + months)
  return Math.floor(date.getTime() / 1000)
}

/** A one-page PDF showing `text`, so invoice_pdf links open in a viewer. */
function minimalPdf(text: string) {
  const stream = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets = objects.map((object, index) => {
    const offset = out.length
    out += `${index + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return out
}
