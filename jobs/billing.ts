import type PgBoss from 'pg-boss'
import { processBillingEvent } from '../app/billing/events.server'
import { runUsageReport } from '../app/billing/usage-reports.server'
import { QUEUES } from '../app/lib/queues'
import { startNotifiedWorker } from './notified-worker'

/**
 * Billing's jobs: provider events (webhooks) the moment they are recorded, so a payment
 * shows up within a blink; usage reports every minute (the schedule in app/lib/queues.ts).
 */
export async function startBillingWorkers(boss: PgBoss) {
  const stopEvents = await startNotifiedWorker<{ eventId: string }>(boss, QUEUES.billingEvent.name, (job) => processBillingEvent(job.data.eventId), {
    // Each job mostly waits for the provider's answer, so several run at once.
    concurrency: 8,
    pollMs: 2_000,
  })
  await boss.work(QUEUES.usageReport.name, async () => runUsageReport())
  return async () => {
    await boss.offWork(QUEUES.usageReport.name).catch(() => {})
    await stopEvents()
  }
}
