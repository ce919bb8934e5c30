import { sql } from '../app/lib/db.server'

/** Drops rate-limit windows older than a day; they can no longer refuse anything. */
export async function runCleanup() {
  const removed = await sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`
  return { rateLimitWindows: removed.count }
}
