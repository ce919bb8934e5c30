import PgBoss from 'pg-boss'
import postgres from 'postgres'
import { registerProcessBoss } from '../app/lib/jobs.server'
import { QUEUES } from '../app/lib/queues'
import { logger } from '../app/lib/log.server'

const log = logger('jobs')

/** Any fixed number; it names the "installing pg-boss" lock. */
const BOSS_SETUP_LOCK = 7_310_441

/**
 * Passed through to pg-boss's node-postgres pool: a database host that does not answer is
 * given up on instead of holding a job fetch (or the shutdown) for ever. A refused or
 * broken connection fails at once, and the pool opens fresh ones when the database is back.
 */
const POOL_OPTIONS = { connectionTimeoutMillis: 5_000 }

/**
 * Starts the process's pg-boss instance and makes sure every queue exists. Several
 * processes starting at once on a fresh database would race pg-boss's schema and queue
 * creation into deadlocks, so setup runs under a session advisory lock.
 */
export async function startBoss(connectionString: string): Promise<PgBoss> {
  const boss = registerProcessBoss(() => new PgBoss({ connectionString, schema: 'pgboss', max: 4, ...POOL_OPTIONS }))
  boss.on('error', (error) => log.error({ err: error.message }, 'pg-boss error'))
  const lock = postgres(connectionString, { max: 1, onnotice: () => {} })
  try {
    await lock`select pg_advisory_lock(${BOSS_SETUP_LOCK})`
    await boss.start()
    for (const queue of Object.values(QUEUES)) {
      const deadLetter = `${queue.name}.dead`
      await boss.createQueue(deadLetter)
      await boss.createQueue(queue.name, { ...queue, deadLetter })
    }
  } finally {
    await lock`select pg_advisory_unlock(${BOSS_SETUP_LOCK})`.catch(() => {})
    await lock.end({ timeout: 5 })
  }
  return boss
}
