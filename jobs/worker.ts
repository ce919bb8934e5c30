import type PgBoss from 'pg-boss'
import { timedJob } from '../app/lib/metrics.server'
import { QUEUES, SCHEDULES } from '../app/lib/queues'
import { logger } from '../app/lib/log.server'
import type { Runtime } from '../runtime/boot'
import { readinessChecks, startHealthServer } from '../runtime/health'
import { inJobContext } from './context'

const log = logger('jobs')

/**
 * Registers every job handler and schedule on a started pg-boss instance. Answers the
 * step that stops them, letting generations in flight end first.
 */
export async function startWorkers(pgBoss: PgBoss): Promise<() => Promise<void>> {
  const boss = instrumentedJobs(pgBoss)
  // Loaded here, not at the top: the feature modules need the database the entry resolves first.
  const { runCleanup, runDailyReset } = await import('./cleanup')
  const { startGenerateWorker } = await import('./generate')
  const { startBillingWorkers } = await import('./billing')
  const { startScreenshotWorker } = await import('./screenshot')
  const { runImageCollection } = await import('./image-gc')
  const { startChecksWorker } = await import('./checks')
  const { startVersionChecksWorker } = await import('./version-checks')
  for (const schedule of SCHEDULES) {
    await boss.schedule(schedule.queue, schedule.cron, {}, { tz: schedule.tz })
  }
  await boss.work(QUEUES.cleanup.name, async () => runCleanup())
  await boss.work(QUEUES.dailyReset.name, async () => runDailyReset())
  await boss.work(QUEUES.imageGc.name, async () => runImageCollection())
  const stopBilling = await startBillingWorkers(boss)
  const stopGenerate = await startGenerateWorker(boss, { verify: true })
  const stopScreenshots = await startScreenshotWorker(boss)
  await startChecksWorker(boss)
  await startVersionChecksWorker(boss)
  return async () => {
    await Promise.all([stopBilling(), stopGenerate(), stopScreenshots()])
  }
}

/**
 * The same pg-boss, except that every handler given to `work` is timed under its queue
 * (docs/decisions/0034) and logs with its job in the context (0036); the queues run by
 * ./notified-worker.ts do both there.
 */
function instrumentedJobs(boss: PgBoss): PgBoss {
  return new Proxy(boss, {
    get(target, property) {
      if (property !== 'work') {
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      }
      return (queue: string, ...rest: unknown[]) => {
        const handler = rest.pop() as (jobs: PgBoss.Job[]) => Promise<unknown>
        const timed = timedJob(queue, handler)
        const inContext = (jobs: PgBoss.Job[]) => inJobContext(queue, jobs[0], () => timed(jobs))
        return (target.work as (...args: unknown[]) => Promise<string>)(queue, ...rest, inContext)
      }
    },
  })
}

/**
 * What a process that runs only workers (`npm run worker`) adds: its metrics and health
 * listeners, when their ports are set.
 */
export async function startWorkerListeners(runtime: Runtime) {
  const { getObjectStore } = await import('../app/lib/object-store.server')
  log.info(`images: ${getObjectStore(runtime.env).description}`)
  const { WORKER_HEALTH_PORT: healthPort, HOST: host, METRICS_PORT: metricsPort } = runtime.env
  if (metricsPort) {
    const { serveMetrics, watchQueues } = await import('../app/lib/metrics.server')
    const { queuedGenerations } = await import('../app/generation/dispatch.server')
    watchQueues(runtime.boss, { generate: queuedGenerations })
    const server = await serveMetrics(metricsPort, host)
    runtime.onShutdown(async () => {
      server.close()
      server.closeAllConnections()
    })
    log.info(`metrics at http://${host}:${metricsPort}/metrics`)
  }
  if (healthPort) {
    const server = await startHealthServer(healthPort, host, readinessChecks({ boss: runtime.boss, stopping: runtime.stopping }))
    runtime.onShutdown(async () => {
      server.close()
      server.closeAllConnections()
    })
    log.info(`health at http://${host}:${healthPort}/healthz and /readyz`)
  }
}
