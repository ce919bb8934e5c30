import type PgBoss from 'pg-boss'
import { announceQueue, claimNextGeneration, GENERATION_WAKE, registerWorker, type ClaimedGeneration } from '../app/generation/dispatch.server'
import { endStaleGenerations } from '../app/generation/generations.server'
import type { RunOnCpu } from '../app/generation/types'
import { runClaimedGeneration } from '../app/generation/run.server'
import { getEnv } from '../app/lib/env.server'
import { logger, startLogContext, withLogContext } from '../app/lib/log.server'
import { recordGenerationsRunning, timedJob } from '../app/lib/metrics.server'
import { closeBrowser, describeBrowserPriority } from './browser'
import { wakeOnNotify } from './notified-worker'
import { cpuPool } from './cpu-pool'
import { verifyInBrowser, warmVerifier } from './verify'

const log = logger('jobs')

/** The queue's name in logs and metrics. */
const QUEUE = GENERATION_WAKE
/** A safety net under NOTIFY: a worker with a free slot looks for queued generations this often. */
const FALLBACK_POLL_MS = 1_000
/** How long a stopping worker waits to say it has gone. */
const LEAVE_WITHIN_MS = 1_000
/** Queued generations hear their new place at most this often. */
const ANNOUNCE_EVERY_MS = 1_000

/**
 * Issue 27: runs up to GENERATION_CONCURRENCY generations at once — a model call is network
 * time, so a slot costs next to nothing — claimed fairly from the generations table
 * (../app/generation/dispatch.server.ts) the moment a sender's NOTIFY arrives, a slot or a user's
 * cap comes free, or the slow poll finds one. Browser checks and the offline builder's own
 * work go through the process's one bounded CPU pool (./cpu-pool.ts), which the model calls
 * never wait for. `pgBoss` is unused:
 * generations are not pg-boss jobs (docs/decisions/0041); the parameter keeps the worker's
 * entry uniform. Answers the step that stops claiming and waits for the generations in flight.
 */
export async function startGenerateWorker(_boss: PgBoss, { verify = false }: { verify?: boolean } = {}) {
  const env = getEnv()
  const slots = env.GENERATION_CONCURRENCY
  if (verify) {
    log.info(describeBrowserPriority())
    warmVerifier()
  }
  const worker = await registerWorker(slots)
  log.info(`generations: up to ${slots} at once; browser checks and screenshots: ${cpuPool().size} at once`)

  const onCpu: RunOnCpu = (work, signal) => cpuPool().run(work, { signal })
  const timedRun = timedJob(QUEUE, (claimed: ClaimedGeneration) => runClaimedGeneration(claimed, verify ? verifyInBrowser : undefined, onCpu))
  const announcer = queueAnnouncer()
  const dispatcher = claimLoop(slots, (claimed) =>
    startLogContext({ queue: QUEUE, job: `generation-${claimed.id}`, reqId: claimed.requestId ?? undefined }, () =>
      withLogContext({ generationId: claimed.id }, () => timedRun(claimed)),
    ).catch((error: unknown) => log.error({ generationId: claimed.id, err: error }, 'generation run failed')),
  )
  const tick = () => dispatcher.tick().then(announcer.soon)

  const stopWaking = await wakeOnNotify(QUEUE, tick, FALLBACK_POLL_MS)
  // At start and every few seconds: this worker says it is alive, and generations whose worker
  // died are taken over or ended here, never on a request's path.
  const said = (level: 'warn' | 'error', what: string) => (error: unknown) => log[level]({ err: error instanceof Error ? error.message : error }, what)
  const housekeep = () => {
    void worker.beat().catch(said('warn', 'worker heartbeat failed'))
    void endStaleGenerations().catch(said('error', 'reaper failed'))
  }
  housekeep()
  const housekeeping = setInterval(housekeep, Math.max(1_000, (env.GENERATION_STALE_SECONDS * 1000) / 3))

  /** Stops claiming and waits for the generations in flight to end. */
  return async () => {
    await stopWaking()
    clearInterval(housekeeping)
    announcer.stop()
    await dispatcher.stop()
    // Said if the database answers at once; otherwise its row just goes stale (a shutdown never waits on a database that is gone).
    await Promise.race([worker.leave().catch(() => {}), new Promise((resolve) => setTimeout(resolve, LEAVE_WITHIN_MS).unref())])
    if (verify) await closeBrowser()
  }
}

/**
 * Claims generations while this process has a free slot, and runs each. A wake-up during a
 * round of claims is looked at once the round ends. `stop` ends the claiming and waits for
 * the runs in flight.
 */
function claimLoop(slots: number, run: (claimed: ClaimedGeneration) => Promise<void>) {
  let running = 0
  let claiming = false
  let again = false
  let stopped = false
  const inFlight = new Set<Promise<void>>()

  const tick = async (): Promise<void> => {
    if (stopped) return
    if (claiming) {
      again = true
      return
    }
    claiming = true
    try {
      while (running < slots && !stopped) {
        const claimed = await claimNextGeneration()
        if (!claimed) break
        running += 1
        recordGenerationsRunning(running)
        const work: Promise<void> = run(claimed).finally(() => {
          running -= 1
          recordGenerationsRunning(running)
          inFlight.delete(work)
          void tick()
        })
        inFlight.add(work)
      }
    } catch (error) {
      if (!stopped) log.error({ err: error instanceof Error ? error.message : error }, 'could not claim a generation')
    } finally {
      claiming = false
    }
    if (again) {
      again = false
      return tick()
    }
  }

  return {
    tick,
    stop: async () => {
      stopped = true
      await Promise.allSettled(inFlight)
    },
  }
}

/** Tells queued generations their place, at most once a second (only when the queue changed: ../app/generation/dispatch.server.ts). */
function queueAnnouncer() {
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  return {
    soon: () => {
      if (timer || stopped) return
      timer = setTimeout(() => {
        timer = null
        void announceQueue().catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : error }, 'could not announce the queue'))
      }, ANNOUNCE_EVERY_MS)
    },
    stop: () => {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
