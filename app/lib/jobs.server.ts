import type PgBoss from 'pg-boss'
import { sql } from './db.server'

/** Announced after a job is queued, so idle workers fetch it at once instead of polling. */
export const JOBS_CHANNEL = 'jobs_ready'

/**
 * Queues a job on the process's pg-boss (started by the process entry) and wakes the
 * workers listening on any process.
 */
export async function enqueueJob(queue: string, data: object, options: PgBoss.SendOptions = {}) {
  const boss = (globalThis as { __pieces?: Map<string, unknown> }).__pieces?.get('boss') as PgBoss | undefined
  if (!boss) throw new Error('pg-boss is not running in this process')
  const id = await boss.send(queue, data, options)
  await sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`
  return id
}
