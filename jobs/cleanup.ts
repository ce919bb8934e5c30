import { sql } from '../app/lib/db.server'
import { SIGN_IN_LOCKOUT_MINUTES } from '../app/lib/constants'

/**
 * Drops rate-limit windows older than a day and sign-in failure counts older than the
 * lockout; neither can refuse anything any more.
 */
export async function runCleanup() {
  const removed = await sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`
  const failures = await sql`
    delete from sign_in_failures where last_failure_at < now() - make_interval(mins => ${SIGN_IN_LOCKOUT_MINUTES})`
  return { rateLimitWindows: removed.count, signInFailures: failures.count }
}
