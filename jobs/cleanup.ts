import { endStaleGenerations } from '../app/generation/generations.server'
import { pruneEvents } from '../app/generation/events.server'
import { SIGN_IN_LOCKOUT_MINUTES } from '../app/lib/constants'
import { sql } from '../app/lib/db.server'
import { prunePendingRemixes, pruneViews } from '../app/pieces/remixes.server'
import { pruneCheckResults } from '../app/checks/checks.server'
import { pruneVersionChecks } from '../app/checks/versions.server'
import { pruneCheckSpaces, pruneDataChanges } from '../app/piece-data/store.server'

/**
 * Hourly: drops rate-limit windows older than a day, sign-in failure counts older than
 * the lockout and stream events older than a day (none can matter any more), view marks
 * past their window and views too old to trend (issue 32.4), pending remixes past their
 * quarter of an hour (issue 37.11), check results older than 30 days but a check's latest
 * (issue 31), changes to Pieces' shared data older than a day (a page that was away longer
 * reads the data again; issue 39), behaviour checks' data spaces idle for a day (a recording's),
 * and ends generations whose
 * worker died. Images are collected by jobs/image-gc.ts.
 */
export async function runCleanup() {
  return {
    rateLimitWindows: await pruneRateLimitWindows(),
    signInFailures: await pruneSignInFailures(),
    events: await pruneEvents(),
    staleGenerations: await endStaleGenerations(),
    pieceViews: await pruneViews(),
    pendingRemixes: await prunePendingRemixes(),
    checkResults: await pruneCheckResults(),
    versionChecks: await pruneVersionChecks(),
    dataChanges: await pruneDataChanges(),
    checkSpaces: await pruneCheckSpaces(),
  }
}

export async function pruneRateLimitWindows() {
  return (await sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`).count
}

export async function pruneSignInFailures() {
  return (await sql`delete from sign_in_failures where last_failure_at < now() - make_interval(mins => ${SIGN_IN_LOCKOUT_MINUTES})`).count
}

/**
 * Midnight in New York. Usage is kept per calendar day in that zone, so a new day starts
 * at zero by itself — however late this runs, and across DST changes. The job only tidies:
 * reservations of dead generations are released, and usage rows older than 13 months go.
 */
export async function runDailyReset() {
  const stale = await endStaleGenerations()
  const old = await sql`delete from usage_days where day < (now() - interval '13 months')::date`
  return { staleGenerations: stale, oldUsageDays: old.count }
}
