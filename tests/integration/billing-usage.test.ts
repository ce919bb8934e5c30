import { describe, expect, it } from 'vitest'
import { getBillingProvider } from '../../app/billing/provider.server'
import { accrueUsageReports, runUsageReport } from '../../app/billing/usage-reports.server'
import { PLUS_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { enqueueJob } from '../../app/lib/jobs.server'
import { QUEUES } from '../../app/lib/queues'
import * as userUsage from '../../app/routes/api/api.private.user-usage'
import * as meteredSub from '../../app/routes/api/api.private.users.metered-sub'
import { chargeTokens, LIMIT_MESSAGES, reserveTokens } from '../../app/usage/limits.server'
import { expectErrorLog } from '../support/error-guard'
import { eventually, useBilling, usageBasedSubscriber as newSubscriber, type TestUser } from '../support/billing'
import { call } from '../support/routes'

/** Usage-based pricing end to end: billable tokens become meter events at the Stripe fake, each exactly once. */
const billing = useBilling('stripe')

const usageBasedSubscriber = () => newSubscriber(billing.fake())

/** Spends `tokens` past today's PLUS allowance, as a model call's charge does. */
async function spendPastAllowance(user: TestUser, tokens: number) {
  await sql`
    insert into usage_days (user_id, day, tokens) values (${user.id}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${PLUS_DAILY_TOKEN_LIMIT})
    on conflict (user_id, day) do update set tokens = greatest(usage_days.tokens, ${PLUS_DAILY_TOKEN_LIMIT})`
  await sql.begin((tx) => chargeTokens(tx, user.id, { spent: tokens, reserved: tokens }))
}

const meterEventsOf = (customerId: string) => billing.fake().state.meterEvents.filter((event) => event.payload.stripe_customer_id === customerId)

describe('usage reports', () => {
  it('reach the provider exactly once per usage record across a crashed and retried report job', async () => {
    expectErrorLog(/StripeConnectionError.*"msg":"Stripe request failed"/)
    const user = await usageBasedSubscriber()
    const provider = getBillingProvider()
    await spendPastAllowance(user, 3_000_000)
    expect((await call(userUsage, 'GET', '/api/private/user-usage', user.auth)).body.billableTokenCount).toBe(3_000_000)

    // The provider takes the event, but the answer is lost (a crash or a cut right after sending): the run fails.
    billing.fake().dropResponses(3)
    await expect(runUsageReport()).rejects.toThrow(/1 usage report\(s\) failed/)
    expect(meterEventsOf(user.customerId).map((event) => event.payload.value)).toEqual(['3000000'])

    // More tokens, and a run that dies after turning them into a report row, before sending it.
    await spendPastAllowance(user, 1_000_000)
    expect(await accrueUsageReports(provider)).toBe(1)

    // The retried job sends both rows; the one the provider already took is not counted again.
    expect(await runUsageReport()).toMatchObject({ accrued: 0, reported: 2, failed: 0 })
    expect(await runUsageReport()).toMatchObject({ accrued: 0, reported: 0, failed: 0 })
    await Promise.all([runUsageReport(), runUsageReport()])
    const events = meterEventsOf(user.customerId)
    expect(events.map((event) => Number(event.payload.value)).sort()).toEqual([1_000_000, 3_000_000])
    expect(new Set(events.map((event) => event.identifier)).size).toBe(2)
    const [reports] = await sql<{ n: number; tokens: number }[]>`
      select count(*)::int as n, sum(tokens)::float8 as tokens from usage_reports where user_id = ${user.id} and reported_at is not null`
    expect(reports).toEqual({ n: 2, tokens: 4_000_000 })

    // At renewal the invoice bills PLUS ahead plus the 4M tokens at $0.50 per million.
    const [subscription] = await sql<{ id: string }[]>`select subscription_id as id from subscriptions where user_id = ${user.id}`
    const { invoice } = await billing.fake().advanceBillingPeriod(subscription!.id)
    expect(invoice!.total).toBe(2000 + 200)
  })

  it('a report the provider refuses for good is set aside and logged, and stops failing the job; a passing outage does not', async () => {
    expectErrorLog(/(Stripe request failed|usage report \d+ refused for good)/)
    const user = await usageBasedSubscriber()
    await spendPastAllowance(user, 2_000_000)
    billing.fake().failNext({ status: 503, type: 'api_error', message: 'Down for a moment' }, 5)
    await expect(runUsageReport()).rejects.toThrow(/1 usage report\(s\) failed/)
    const pending = await sql<{ abandoned: Date | null; attempts: number }[]>`
      select abandoned_at as abandoned, attempts from usage_reports where user_id = ${user.id}`
    expect(pending).toEqual([{ abandoned: null, attempts: 1 }])

    billing.fake().failNext({ status: 400, type: 'invalid_request_error', message: 'No such customer' })
    expect(await runUsageReport()).toMatchObject({ reported: 0, failed: 0, abandoned: 1 })
    const [row] = await sql<{ abandoned: Date | null; error: string; tokens: number }[]>`
      select abandoned_at as abandoned, last_error as error, tokens::float8 as tokens from usage_reports where user_id = ${user.id}`
    expect(row!.abandoned).toBeInstanceOf(Date)
    expect(row!.tokens).toBe(2_000_000)
    expect(row!.error).toMatch(/No such customer/)
    // Set aside, it is not sent again and fails no run.
    expect(await runUsageReport()).toMatchObject({ reported: 0, failed: 0, abandoned: 0 })
    expect(meterEventsOf(user.customerId)).toEqual([])
  })

  it('are sent by the usage-report job on pg-boss', async () => {
    const user = await usageBasedSubscriber()
    await spendPastAllowance(user, 2_000_000)
    await enqueueJob(QUEUES.usageReport.name, {})
    await eventually(
      async () => meterEventsOf(user.customerId),
      (events) => expect(events.map((event) => event.payload.value)).toEqual(['2000000']),
      30_000,
    )
  })

  it('let PLUS spend past the daily allowance only while usage-based pricing is on, and only up to the monthly cap', async () => {
    const user = await usageBasedSubscriber()
    await spendPastAllowance(user, 0)
    const reserve = () => sql.begin((tx) => reserveTokens(tx, user.id, { prompt: 1_000, answers: 60_000 }))
    expect(await reserve()).toBe(61_000)
    await call(meteredSub, 'DELETE', '/api/private/users/metered-sub', user.auth)
    await expect(reserve()).rejects.toThrow(LIMIT_MESSAGES.plus)
    await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)
    // $20 buys 40M tokens at $0.50 per million.
    await sql`update usage_days set billable_tokens = 40000000 where user_id = ${user.id}`
    await expect(reserve()).rejects.toThrow(LIMIT_MESSAGES.priceCap)
    await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 25 })
    expect(await reserve()).toBe(61_000)
  })
})
