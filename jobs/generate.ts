import type PgBoss from 'pg-boss'
import { runGenerationJob } from '../app/chat/run.server'
import { endStaleGenerations, GENERATE_QUEUE } from '../app/chat/generations.server'
import { getEnv } from '../app/lib/env.server'
import { sql } from '../app/lib/db.server'
import { JOBS_CHANNEL } from '../app/lib/jobs.server'
import { QUEUES } from '../app/lib/queues'

const CONCURRENCY = 4
const FALLBACK_POLL_MS = 1_000

/**
 * Runs generate jobs. pg-boss's own polling is too slow for a chat, so this worker also
 * LISTENs for the senders' NOTIFY and fetches a job the moment one is queued; a slow poll
 * remains as a safety net. Each job gets an abort signal that fires at its expiry.
 */
export async function startGenerateWorker(boss: PgBoss) {
  let running = 0
  let fetching = false
  let stopped = false
  const inFlight = new Set<Promise<void>>()

  const handle = async (job: PgBoss.Job<{ generationId: number }>) => {
    const controller = new AbortController()
    const expiry = setTimeout(() => controller.abort(), QUEUES.generate.expireInSeconds * 1000 - 5_000)
    try {
      await runGenerationJob(Number(job.data.generationId), controller.signal)
      await boss.complete(GENERATE_QUEUE, job.id)
    } catch (error) {
      await boss.fail(GENERATE_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) }).catch(() => {})
    } finally {
      clearTimeout(expiry)
    }
  }

  const tick = async () => {
    if (fetching || stopped) return
    fetching = true
    try {
      while (running < CONCURRENCY && !stopped) {
        const [job] = await boss.fetch<{ generationId: number }>(GENERATE_QUEUE, { batchSize: 1 })
        if (!job) break
        running += 1
        const work = handle(job).finally(() => {
          running -= 1
          inFlight.delete(work)
          void tick()
        })
        inFlight.add(work)
      }
    } catch (error) {
      if (!stopped) console.error('[jobs] could not fetch a generate job:', error instanceof Error ? error.message : error)
    } finally {
      fetching = false
    }
  }

  const listening = await sql.listen(JOBS_CHANNEL, (queue) => {
    if (queue === GENERATE_QUEUE) void tick()
  })
  const poll = setInterval(() => void tick(), FALLBACK_POLL_MS)
  // Generations whose worker died are noticed here too, not only when someone asks.
  const reaper = setInterval(
    () => void endStaleGenerations().catch((error) => console.error('[jobs] reaper:', error instanceof Error ? error.message : error)),
    Math.max(1_000, (getEnv().GENERATION_STALE_SECONDS * 1000) / 3),
  )
  void tick()

  /** Stops fetching and waits for the generations in flight to end. */
  return async () => {
    stopped = true
    clearInterval(poll)
    clearInterval(reaper)
    await listening.unlisten().catch(() => {})
    await Promise.allSettled(inFlight)
  }
}
