import type PgBoss from 'pg-boss'
import { pathToFileURL } from 'node:url'
import { QUEUES, SCHEDULES } from '../app/lib/queues'

/**
 * Registers every job handler and schedule on a started pg-boss instance. Answers the
 * step that stops them, letting generations in flight end first.
 */
export async function startWorkers(boss: PgBoss): Promise<() => Promise<void>> {
  // Loaded here, not at the top: the feature modules need the database the entry resolves first.
  const { runCleanup, runDailyReset } = await import('./cleanup')
  const { startGenerateWorker } = await import('./generate')
  const { startBillingWorkers } = await import('./billing')
  const { startScreenshotWorker } = await import('./screenshot')
  for (const schedule of SCHEDULES) {
    await boss.schedule(schedule.queue, schedule.cron, {}, { tz: schedule.tz })
  }
  await boss.work(QUEUES.cleanup.name, async () => runCleanup())
  await boss.work(QUEUES.dailyReset.name, async () => runDailyReset())
  const stopBilling = await startBillingWorkers(boss)
  const stopGenerate = await startGenerateWorker(boss, { verify: true })
  const stopScreenshots = await startScreenshotWorker(boss)
  return async () => {
    await Promise.all([stopBilling(), stopGenerate(), stopScreenshots()])
  }
}

async function main() {
  const { bootProcess } = await import('../server/boot')
  const runtime = await bootProcess({ role: 'worker' })
  runtime.onShutdown(await startWorkers(runtime.boss))
  console.log('[jobs] workers running; press Ctrl+C to stop')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
