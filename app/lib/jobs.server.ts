import type PgBoss from 'pg-boss'
import type { TransactionSql } from 'postgres'
import { sql } from './db.server'
import { currentRequestId } from './log.server'
import { existingSingleton, forgetSingleton, singleton } from './singleton.server'

/** Announced after a job is queued, so idle workers fetch it at once instead of polling. */
export const JOBS_CHANNEL = 'jobs_ready'

const BOSS = 'boss'

/** The process's pg-boss, made by `create` the first time (runtime/boss.ts starts it). */
export const registerProcessBoss = (create: () => PgBoss) => singleton(BOSS, create)

/** Forgets the process's pg-boss once it is stopped (tests that start one per file). */
export const forgetProcessBoss = () => forgetSingleton(BOSS)

function processBoss() {
  const boss = existingSingleton<PgBoss>(BOSS)
  if (!boss) throw new Error('pg-boss is not running in this process')
  return boss
}

/**
 * The job's data with the id of the request that queues it, unless the data names one
 * already: the job's log lines carry it (jobs/context.ts, docs/decisions/0036).
 */
function withRequestId(data: object) {
  const requestId = currentRequestId()
  return requestId && !('requestId' in data) ? { ...data, requestId } : data
}

/**
 * Queues a job on the process's pg-boss (started by the process entry) and wakes the
 * workers listening on any process.
 */
export async function enqueueJob(queue: string, data: object, options: PgBoss.SendOptions = {}) {
  const id = await processBoss().send(queue, withRequestId(data), options)
  await sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`
  return id
}

/**
 * Queues a job as part of the caller's transaction: the job exists, and the workers hear
 * of it (NOTIFY is delivered at commit), only if the transaction commits.
 */
export async function enqueueJobIn(tx: TransactionSql, queue: string, data: object, options: PgBoss.SendOptions = {}) {
  const db: PgBoss.Db = { executeSql: async (text: string, values: Parameters<TransactionSql['unsafe']>[1]) => ({ rows: await tx.unsafe(text, values) }) }
  const id = await processBoss().send(queue, withRequestId(data), { ...options, db })
  await tx`select pg_notify(${JOBS_CHANNEL}, ${queue})`
  return id
}
