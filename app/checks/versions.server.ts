import { z } from 'zod'
import { jsonb, sql } from '~/lib/db.server'
import { enqueueJob } from '~/lib/jobs.server'
import { logger } from '~/lib/log.server'
import { QUEUES } from '~/lib/queues'
import { codeVersion } from '~/pieces/code-version'
import { versionPreviewUrl } from '~/pieces/preview.server'
import { CHECK_STATUSES, type CheckStatus } from './schema'

const log = logger('version-checks')

/**
 * Issue 40.3: a version of a Piece that no generation made (some of a turn's changes, kept or
 * only considered) is checked like every version: loaded in the worker's browser from the
 * preview origin (served there under its id while it is checked), then the Piece's recorded
 * checks run on it. The load's outcome is kept with the version; the checks' results per code
 * version, as always (piece_check_results).
 */

/** How loading a version went: `skipped` when nothing was checked (never the page's fault). */
export const VersionOutcomeSchema = z.object({ ok: z.boolean(), errors: z.array(z.string()).catch([]), skipped: z.boolean().catch(false) })
export type VersionOutcome = z.infer<typeof VersionOutcomeSchema>

/** Queues the browser check and the recorded checks of `code`; answers its code version. A version already checked or queued is not queued again. */
export async function checkVersionLater(pieceId: number, code: string): Promise<{ version: string }> {
  const version = codeVersion(code)
  const [row] = await sql<{ id: number; fresh: boolean }[]>`
    insert into piece_version_checks (piece_id, version, code) values (${pieceId}, ${version}, ${code})
    on conflict (piece_id, version) do update set created_at = now()
    returning id::int as id, (xmax = 0) as fresh`
  if (row?.fresh) {
    try {
      await enqueueJob(QUEUES.versionChecks.name, { id: row.id })
    } catch (error) {
      log.warn({ pieceId, err: (error as Error).message }, 'could not queue a version check')
    }
  }
  return { version }
}

/** The worker's view: the version's Piece, code and address on the preview origin. */
export async function versionCheckTarget(id: number): Promise<{ pieceId: number; code: string; url: string } | null> {
  const [row] = await sql<{ pieceId: number; code: string }[]>`select piece_id::int as "pieceId", code from piece_version_checks where id = ${id}`
  return row ? { ...row, url: versionPreviewUrl(row.pieceId, id) } : null
}

export async function saveVersionOutcome(id: number, outcome: VersionOutcome): Promise<void> {
  await sql`update piece_version_checks set outcome = ${jsonb(sql, outcome)}, checked_at = now() where id = ${id}`
}

export type VersionChecks = {
  /** 'queued' until the worker has checked it. */
  state: 'queued' | 'checked'
  loaded: VersionOutcome | null
  checks: { checkId: number; name: string; status: CheckStatus | null; message: string | null }[]
  /** How many of the Piece's checks passed on it (a flaky pass counts), of how many. */
  passed: number
  total: number
}

const StatusSchema = z.enum(CHECK_STATUSES).nullable().catch(null)

/** What the checks of one version of a Piece found (its owner has been checked by the caller); null when it was never queued. */
export async function versionChecks(pieceId: number, version: string): Promise<VersionChecks | null> {
  const [row] = await sql<{ outcome: unknown; checkedAt: Date | null }[]>`
    select outcome, checked_at as "checkedAt" from piece_version_checks where piece_id = ${pieceId} and version = ${version}`
  if (!row) return null
  const results = await sql<{ checkId: number; name: string; status: string | null; message: string | null }[]>`
    select c.id::int as "checkId", c.name, r.status, r.message
    from piece_checks c left join piece_check_results r on r.check_id = c.id and r.version = ${version}
    where c.piece_id = ${pieceId} order by c.id`
  const checks = results.map((result) => ({ ...result, status: StatusSchema.parse(result.status) }))
  const loaded = row.outcome === null ? null : (VersionOutcomeSchema.safeParse(row.outcome).data ?? null)
  return {
    state: row.checkedAt ? 'checked' : 'queued',
    loaded,
    checks,
    passed: checks.filter((check) => check.status === 'pass' || check.status === 'flaky').length,
    total: checks.length,
  }
}

/** Versions checked more than a day ago are not served any more: called by the hourly cleanup. */
export async function pruneVersionChecks(olderThanHours = 24): Promise<number> {
  const rows = await sql`delete from piece_version_checks where created_at < now() - make_interval(hours => ${olderThanHours}) returning 1`
  return rows.length
}
