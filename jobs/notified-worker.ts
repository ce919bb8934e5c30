import type PgBoss from 'pg-boss'
import { sql } from '../app/lib/db.server'
import { JOBS_CHANNEL } from '../app/lib/jobs.server'
import { timedJob } from '../app/lib/metrics.server'
import { logger, startLogContext } from '../app/lib/log.server'
import { inJobContext } from './context'

const log = logger('jobs')

type Options = { concurrency: number; pollMs: number }

/**
 * Runs a queue's jobs as soon as they are queued. pg-boss's own polling waits seconds, too
 * slow for a chat or a webhook, so this worker LISTENs for the senders' NOTIFY and fetches
 * at once; a slow poll remains as a safety net (and picks up retries whose delay is over).
 * A handler that throws fails the job, and pg-boss retries it per the queue's policy.
 * Answers the step that stops fetching and waits for the jobs in flight.
 */
export async function startNotifiedWorker<T extends object>(
  boss: PgBoss,
  queue: string,
  handle: (job: PgBoss.Job<T>) => Promise<unknown>,
  { concurrency, pollMs }: Options,
) {
  let running = 0
  let fetching = false
  let stopped = false
  const inFlight = new Set<Promise<void>>()
  const timedHandle = timedJob(queue, handle)

  const run = async (job: PgBoss.Job<T>) => {
    try {
      await inJobContext(queue, job, () => timedHandle(job))
      await boss.complete(queue, job.id)
    } catch (error) {
      await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) }).catch(() => {})
    }
  }

  const tick = async () => {
    if (fetching || stopped) return
    fetching = true
    try {
      while (running < concurrency && !stopped) {
        const [job] = await boss.fetch<T>(queue, { batchSize: 1 })
        if (!job) break
        running += 1
        const work = run(job).finally(() => {
          running -= 1
          inFlight.delete(work)
          void tick()
        })
        inFlight.add(work)
      }
    } catch (error) {
      if (!stopped) log.error({ queue, err: error instanceof Error ? error.message : error }, 'could not fetch a job')
    } finally {
      fetching = false
    }
  }

  const stopWaking = await wakeOnNotify(queue, tick, pollMs)

  return async () => {
    stopped = true
    await stopWaking()
    await Promise.allSettled(inFlight)
  }
}

/**
 * Calls `tick` whenever a sender announces work under `name` on the jobs channel, every
 * `pollMs` as a safety net, and each time postgres.js LISTENs again after its connection was
 * lost (a database restart), so work queued meanwhile (its NOTIFY unheard) is taken at once.
 * Answers what stops it.
 */
export async function wakeOnNotify(name: string, tick: () => unknown, pollMs: number) {
  const listening = await sql.listen(
    JOBS_CHANNEL,
    (announced) => {
      if (announced === name) startLogContext({}, () => void tick())
    },
    () => startLogContext({}, () => void tick()),
  )
  const poll = setInterval(() => void tick(), pollMs)
  return async () => {
    clearInterval(poll)
    await listening.unlisten().catch(() => {})
  }
}
