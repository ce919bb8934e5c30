import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runUsageReport } from '../../app/billing/usage-reports.server'
import { PLUS_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { resetEnv } from '../../app/lib/env.server'
import type { Receipt } from '../../app/pieces/draft-schema'
import { createPiece } from '../../app/pieces/pieces.server'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import { startGenerateWorker } from '../../jobs/generate'
import { builderResponder, startOpenAIFake, type OpenAIFake } from '../fakes/openai'
import { usageBasedSubscriber, useBilling } from '../support/billing'
import { expectErrorLog } from '../support/error-guard'
import { postJson, type RouteHandler } from '../support/routes'

/**
 * Issue 29.4: usage-based money is exact. Turns past the daily allowance, each with an odd
 * number of billable tokens from the model server, then the month's usage report and the
 * renewal invoice: the receipts' tokens are the meter events' tokens, and their money adds
 * up to the invoice's usage line to the cent.
 */
const billing = useBilling('stripe')
let model: OpenAIFake
let stopWorker: () => Promise<void>
beforeAll(async () => {
  model = await startOpenAIFake()
  Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.baseURL })
  resetEnv()
  // Generations are dispatched from their table; the worker needs no job queue of its own (the billing workers' runs here).
  stopWorker = await startGenerateWorker(undefined as unknown as PgBoss)
})
afterAll(async () => {
  await stopWorker()
  delete process.env.OPENAI_API_KEY
  delete process.env.OPENAI_BASE_URL
  resetEnv()
  await model.close()
})

describe('a month of receipts', () => {
  it('bills exactly what the meter was sent, to the cent of the invoice', async () => {
    // This file's worker also takes up generations other files left queued (their requests, not
    // this one's: some are answered with pages that do not parse, and fail). This test's own
    // turns are checked below: each must answer 200 with its receipt.
    expectErrorLog(/"msg":"generation \d+ failed"/)
    const user = await usageBasedSubscriber(billing.fake(), 'receipts')
    // Today's allowance is spent: every token from here on is billed.
    await sql`insert into usage_days (user_id, day, tokens) values (${user.id}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${PLUS_DAILY_TOKEN_LIMIT})`
    const piece = await createPiece(user.id, { name: `receipts_${Math.random().toString(36).slice(2, 9)}` })

    // Odd sizes, so that turn by turn the money falls between cents.
    const sizes = [12_345, 7_777, 23_456, 9_999, 15_151]
    let call_ = 0
    // The builder's answers (a plan, then pages), with the model server's own odd token counts.
    model.setResponder(async (request) => {
      const total = sizes[call_++ % sizes.length]!
      return { ...(await builderResponder(request)), usage: { prompt_tokens: total - 1_000, completion_tokens: 1_000, total_tokens: total } }
    })
    const receipts: Receipt[] = []
    for (const message of ['a price list', 'add a total', 'make it blue', 'larger text', 'add a footer']) {
      const response = await postJson(send.action as RouteHandler, '/api/private/piece-user-usage', user.auth, { pieceId: piece.id, message })
      expect(response.status).toBe(200)
      receipts.push((await response.json()).receipt)
    }
    const billable = receipts.reduce((sum, receipt) => sum + receipt.billable, 0)
    expect(receipts.every((receipt) => receipt.billable === receipt.charged && receipt.charged > 0)).toBe(true)

    await runUsageReport()
    const [row] = await sql<{ customerId: string; subscriptionId: string }[]>`
      select c.customer_id as "customerId", s.subscription_id as "subscriptionId"
      from billing_customers c join subscriptions s on s.user_id = c.user_id where c.user_id = ${user.id}`
    const metered = billing
      .fake()
      .state.meterEvents.filter((event) => event.payload.stripe_customer_id === row!.customerId)
      .reduce((sum, event) => sum + Number(event.payload.value), 0)
    expect(metered).toBe(billable)

    const { invoice } = await billing.fake().advanceBillingPeriod(row!.subscriptionId)
    const cents = receipts.reduce((sum, receipt) => sum + receipt.billedCents, 0)
    expect(invoice!.total - 2000).toBe(cents)
    expect(cents).toBeGreaterThan(0)
  })
})
