import type PgBoss from 'pg-boss'
import { startLogContext } from '../app/lib/log.server'

/**
 * Runs a job's handler with the job, its queue and the request that queued it (the
 * `requestId` enqueueJob adds to its data) on every line it logs: docs/decisions/0036.
 */
export function inJobContext<T>(queue: string, job: PgBoss.Job<T> | undefined, work: () => Promise<unknown>) {
  const data: unknown = job?.data
  const requestId = typeof data === 'object' && data !== null && 'requestId' in data ? data.requestId : undefined
  return startLogContext({ queue, job: job?.id, reqId: typeof requestId === 'string' ? requestId : undefined }, work)
}
