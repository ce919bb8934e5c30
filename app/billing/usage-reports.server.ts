import { sql } from '~/lib/db.server'
import { messageOf } from '~/lib/errors'
import { ProviderFailure } from './failure.server'
import { advanceLocalPeriods } from './local-checkout.server'
import { billingIsOn, getBillingProvider, type BillingProvider } from './provider.server'
import { logger } from '~/lib/log.server'

const log = logger('billing')

/** Meter events sent per run, and how many at once. */
const BATCH = 200
const PARALLEL = 4
/** Stripe takes meter events up to 35 days old; older ones are sent as of now. */
const MAX_EVENT_AGE_DAYS = 30

type Report = { id: number; customerId: string; tokens: number; createdAt: number }

/**
 * Turns billable tokens not yet reported into report rows, one per user and day, each the
 * difference since the last run. Run in one statement under the usage rows' locks, so two
 * runs never take the same tokens twice.
 */
export async function accrueUsageReports(provider: BillingProvider): Promise<number> {
  const rows = await sql`
    with due as (
      select u.user_id, u.day, u.billable_tokens, u.billable_tokens - u.billable_reported as tokens, c.customer_id
      from usage_days u join billing_customers c on c.user_id = u.user_id and c.provider = ${provider.name}
      where u.billable_tokens > u.billable_reported
      for update of u
    ), marked as (
      update usage_days u set billable_reported = due.billable_tokens from due where u.user_id = due.user_id and u.day = due.day
    )
    insert into usage_reports (user_id, day, tokens, provider, customer_id)
    select user_id, day, tokens, ${provider.name}, customer_id from due
    returning id`
  return rows.count
}

/** The meter event identifier of a report: the same on every attempt, so a resend is never billed twice. */
export const reportIdentifier = (report: { id: number; customerId: string }) => `pieces-usage-${report.customerId}-${report.id}`

/**
 * Sends unreported rows to the provider, oldest first. A row is marked only after the
 * provider took it; one that fails stays for the next run (and a resend carries the same
 * identifier), unless the provider refused it for good: that one is set aside (abandoned,
 * logged, kept with its tokens for an operator) so it does not fail every run after.
 * Answers how many went, failed and were set aside.
 */
export async function sendUsageReports(provider: BillingProvider): Promise<{ reported: number; failed: number; abandoned: number }> {
  const due = await sql<Report[]>`
    select id::int as id, customer_id as "customerId", tokens::float8 as tokens, extract(epoch from created_at)::bigint::int as "createdAt"
    from usage_reports where reported_at is null and abandoned_at is null and provider = ${provider.name} order by id limit ${BATCH}`
  let reported = 0
  let failed = 0
  let abandoned = 0
  const oldest = Math.floor(Date.now() / 1000) - MAX_EVENT_AGE_DAYS * 86400
  for (let start = 0; start < due.length; start += PARALLEL) {
    await Promise.all(
      due.slice(start, start + PARALLEL).map(async (report) => {
        try {
          const timestamp = report.createdAt >= oldest ? report.createdAt : null
          await provider.reportUsage({ identifier: reportIdentifier(report), customerId: report.customerId, tokens: report.tokens, timestamp })
          await sql`update usage_reports set reported_at = now(), attempts = attempts + 1, last_error = null where id = ${report.id}`
          reported += 1
        } catch (error) {
          const permanent = error instanceof ProviderFailure && error.permanent
          const detail = error instanceof ProviderFailure && error.detail ? error.detail : String(messageOf(error) ?? error)
          if (permanent) {
            abandoned += 1
            log.error({ report: report.id, tokens: report.tokens, customer: report.customerId }, `usage report ${report.id} refused for good; set aside`)
          } else failed += 1
          await sql`
            update usage_reports set attempts = attempts + 1, last_error = ${detail},
              abandoned_at = ${permanent ? sql`now()` : null}
            where id = ${report.id}`
        }
      }),
    )
  }
  return { reported, failed, abandoned }
}

/**
 * The usage-report job (every minute): accrue, then send; a run with failures fails, so
 * pg-boss shows it and retries. With the local provider it also moves its clock.
 */
export async function runUsageReport() {
  if (!billingIsOn()) return { skipped: 'billing is off' }
  const provider = getBillingProvider()
  const renewed = provider.name === 'local' ? await advanceLocalPeriods() : 0
  const accrued = await accrueUsageReports(provider)
  const sent = await sendUsageReports(provider)
  if (sent.failed > 0) throw new Error(`${sent.failed} usage report(s) failed; they are sent again on the next run`)
  return { renewed, accrued, ...sent }
}
