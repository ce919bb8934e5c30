import type PgBoss from 'pg-boss'
import { runGenerationJob } from '../app/chat/run.server'
import { endStaleGenerations, GENERATE_QUEUE } from '../app/chat/generations.server'
import { getEnv } from '../app/lib/env.server'
import { QUEUES } from '../app/lib/queues'
import { startNotifiedWorker } from './notified-worker'
import { closeBrowser } from './browser'
import { verifyInBrowser, warmVerifier } from './verify'
import { logger, withLogContext } from '../app/lib/log.server'

const log = logger('jobs')

const CONCURRENCY = 4
const FALLBACK_POLL_MS = 1_000

/**
 * Runs generate jobs the moment they are queued (see ./notified-worker.ts). Each job gets an
 * abort signal that fires at its expiry. With `verify`, every result is loaded in this
 * process's browser before it completes (issue 13.1, docs/decisions/0028); the app's
 * generation code gets the check from here, as it may not import jobs/.
 */
export async function startGenerateWorker(boss: PgBoss, { verify = false }: { verify?: boolean } = {}) {
  if (verify) warmVerifier()
  const stop = await startNotifiedWorker<{ generationId: number }>(
    boss,
    GENERATE_QUEUE,
    async (job) => {
      const controller = new AbortController()
      const expiry = setTimeout(() => controller.abort(), QUEUES.generate.expireInSeconds * 1000 - 5_000)
      try {
        const generationId = Number(job.data.generationId)
        await withLogContext({ generationId }, () => runGenerationJob(generationId, controller.signal, verify ? verifyInBrowser : undefined))
      } finally {
        clearTimeout(expiry)
      }
    },
    { concurrency: CONCURRENCY, pollMs: FALLBACK_POLL_MS },
  )
  // Generations whose worker died are noticed here too, not only when someone asks.
  const reaper = setInterval(
    () => void endStaleGenerations().catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : error }, 'reaper failed')),
    Math.max(1_000, (getEnv().GENERATION_STALE_SECONDS * 1000) / 3),
  )

  /** Stops fetching and waits for the generations in flight to end. */
  return async () => {
    clearInterval(reaper)
    await stop()
    if (verify) await closeBrowser()
  }
}
