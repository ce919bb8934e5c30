import { jsonb, sql, type Db } from '~/lib/db.server'
import { DomainError } from '~/lib/errors'
import { enqueueJob } from '~/lib/jobs.server'
import { logger } from '~/lib/log.server'
import { QUEUES } from '~/lib/queues'
import { codeVersion } from '~/pieces/code-version'
import { codeAt, readDraft } from '~/pieces/draft'
import { previewUrl } from '~/pieces/preview.server'
import { PieceMessages } from '~/pieces/schema'
import {
  CHECKS_PER_PIECE_MAX,
  CheckStepsSchema,
  CheckWords,
  stepWords,
  type CheckResult,
  type CheckStatus,
  type CheckStep,
  type ListedCheck,
  type PieceCheck,
} from './schema'

const log = logger('checks')

/**
 * Issue 31: a Piece's behaviour checks and their results. Only the owner reads or changes
 * them; anyone else is told the Piece is not there, as for every owner-only call.
 */

export type { ListedCheck, PieceCheck }

const notFound = () => new DomainError('not-found', PieceMessages.notFound)
const checkNotFound = () => new DomainError('not-found', CheckWords.notFound)

async function requireOwned(db: Db, userId: number, pieceId: number, lock = false) {
  const [piece] = lock
    ? await db<{ code: string; draft: unknown }[]>`select code, draft from pieces where id = ${pieceId} and user_id = ${userId} for update`
    : await db<{ code: string; draft: unknown }[]>`select code, draft from pieces where id = ${pieceId} and user_id = ${userId}`
  if (!piece) throw notFound()
  return piece
}

/** The code the owner is looking at: the draft at its point, else the saved code. */
const shownCode = (piece: { code: string; draft: unknown }) => codeAt(readDraft(piece.draft), piece.code)

/** Steps as stored; a row that no longer reads as steps (edited by hand) runs as nothing and says so. */
function readSteps(value: unknown): CheckStep[] {
  const parsed = CheckStepsSchema.safeParse(value)
  return parsed.success ? parsed.data : []
}

type CheckRow = {
  id: number
  name: string
  steps: unknown
  createdAt: Date
  status: CheckStatus | null
  step: number | null
  message: string | null
  screenshot: string | null
  ranAt: Date | null
  version: string | null
}

/** GET /api/private/pieces/{id}/checks and the menu's list, oldest first. */
export async function listChecks(userId: number, pieceId: number): Promise<ListedCheck[]> {
  return checksOfOwnedPiece({ id: pieceId, ...(await requireOwned(sql, userId, pieceId)) })
}

/** The checks of a Piece its owner's page has already read (the editor): no second read of the Piece. */
export async function checksOfOwnedPiece(piece: { id: number; code: string; draft: unknown }): Promise<ListedCheck[]> {
  const pieceId = piece.id
  const shown = codeVersion(shownCode(piece))
  const rows = await sql<CheckRow[]>`
    select c.id::int as id, c.name, c.steps, c.created_at as "createdAt",
           r.status, r.step, r.message, r.screenshot, r.ran_at as "ranAt", r.version
    from piece_checks c
    left join lateral (
      select * from piece_check_results r where r.check_id = c.id
      order by (r.version = ${shown}) desc, r.ran_at desc limit 1
    ) r on true
    where c.piece_id = ${pieceId}
    order by c.id`
  return rows.map((row) => {
    const steps = readSteps(row.steps)
    return {
      id: row.id,
      name: row.name,
      steps,
      words: steps.map(stepWords),
      createdAt: row.createdAt.toISOString(),
      lastResult:
        row.status && row.ranAt
          ? {
              status: row.status,
              step: row.step,
              message: row.message,
              screenshot: row.screenshot,
              ranAt: row.ranAt.toISOString(),
              onVersion: row.version === shown ? 'shown' : 'other',
            }
          : null,
    }
  })
}

/** POST: a new check, run at once on the version shown (by the worker). */
export async function createCheck(userId: number, pieceId: number, input: { name: string; steps: CheckStep[] }): Promise<ListedCheck> {
  const id = await sql.begin(async (tx) => {
    await requireOwned(tx, userId, pieceId, true)
    const [counted] = await tx<{ count: number }[]>`select count(*)::int as count from piece_checks where piece_id = ${pieceId}`
    if ((counted?.count ?? 0) >= CHECKS_PER_PIECE_MAX) throw new DomainError('conflict', CheckWords.tooMany)
    const [row] = await tx<{ id: number }[]>`
      insert into piece_checks (piece_id, name, steps) values (${pieceId}, ${input.name}, ${jsonb(tx, input.steps)}) returning id::int as id`
    if (!row) throw new Error('the new check was not saved')
    return row.id
  })
  await requestCheckRun(pieceId, id)
  return await listedCheck(userId, pieceId, id)
}

/** One check as the list shows it; not found when it went meanwhile. */
async function listedCheck(userId: number, pieceId: number, checkId: number): Promise<ListedCheck> {
  const check = (await listChecks(userId, pieceId)).find((listed) => listed.id === checkId)
  if (!check) throw checkNotFound()
  return check
}

export async function renameCheck(userId: number, pieceId: number, checkId: number, name: string): Promise<ListedCheck> {
  await requireOwned(sql, userId, pieceId)
  const rows = await sql`update piece_checks set name = ${name} where id = ${checkId} and piece_id = ${pieceId} returning id`
  if (!rows.length) throw checkNotFound()
  return await listedCheck(userId, pieceId, checkId)
}

export async function deleteCheck(userId: number, pieceId: number, checkId: number): Promise<void> {
  await requireOwned(sql, userId, pieceId)
  const rows = await sql`delete from piece_checks where id = ${checkId} and piece_id = ${pieceId} returning id`
  if (!rows.length) throw checkNotFound()
}

/** "Run now": the worker runs the Piece's checks (or one of them) on the version shown. */
export async function runChecksNow(userId: number, pieceId: number, checkId?: number): Promise<void> {
  await requireOwned(sql, userId, pieceId)
  if (checkId !== undefined) {
    const [row] = await sql`select 1 from piece_checks where id = ${checkId} and piece_id = ${pieceId}`
    if (!row) throw checkNotFound()
  }
  await requestCheckRun(pieceId, checkId)
}

/** A version made without the worker (a visual edit): its checks run on it soon after, when the Piece has any. */
export async function runChecksLater(pieceId: number): Promise<void> {
  const [any] = await sql`select 1 from piece_checks where piece_id = ${pieceId} limit 1`
  if (any) await requestCheckRun(pieceId)
}

async function requestCheckRun(pieceId: number, checkId?: number) {
  try {
    await enqueueJob(QUEUES.checks.name, { pieceId, ...(checkId !== undefined && { checkId }) })
  } catch (error) {
    // The check is kept; it runs with the next version, or when asked again.
    log.warn({ pieceId, err: error instanceof Error ? error.message : error }, 'could not queue a check run')
  }
}

/** The worker's view: a Piece's checks to run, with whether each passed on the accepted (saved) version. */
export async function checksToRun(pieceId: number, only?: number): Promise<(PieceCheck & { passedOnSaved: boolean })[]> {
  const [piece] = await sql<{ code: string }[]>`select code from pieces where id = ${pieceId}`
  if (!piece) return []
  const saved = codeVersion(piece.code)
  const rows = await sql<{ id: number; name: string; steps: unknown; savedStatus: CheckStatus | null }[]>`
    select c.id::int as id, c.name, c.steps, r.status as "savedStatus"
    from piece_checks c left join piece_check_results r on r.check_id = c.id and r.version = ${saved}
    where c.piece_id = ${pieceId} and (${only ?? null}::bigint is null or c.id = ${only ?? null})
    order by c.id`
  return rows
    .map((row) => ({ id: row.id, name: row.name, steps: readSteps(row.steps), passedOnSaved: row.savedStatus === 'pass' || row.savedStatus === 'flaky' }))
    .filter((check) => check.steps.length > 0)
}

/** What "Run now" runs on: the draft at its point (else the saved code), and its address on the preview origin; null when there is no page. */
export async function shownTarget(pieceId: number): Promise<{ code: string; url: string } | null> {
  const [piece] = await sql<
    { code: string; draft: unknown; updatedAt: Date }[]
  >`select code, draft, updated_at as "updatedAt" from pieces where id = ${pieceId}`
  if (!piece) return null
  const code = shownCode(piece)
  return code.trim() ? { code, url: previewUrl({ id: pieceId, updatedAt: piece.updatedAt.toISOString() }, 'draft') } : null
}

/** Keeps how each check ended on this version of the code (the latest run of a version wins). */
export async function saveCheckResults(code: string, results: CheckResult[]): Promise<void> {
  if (!results.length) return
  const version = codeVersion(code)
  for (const result of results) {
    // A check deleted while it ran is simply not there to keep a result for.
    await sql`
      insert into piece_check_results (check_id, version, status, step, message, screenshot)
      select ${result.checkId}, ${version}, ${result.status}, ${result.step}, ${result.message}, ${result.screenshot}
      where exists (select 1 from piece_checks where id = ${result.checkId})
      on conflict (check_id, version) do update
        set status = excluded.status, step = excluded.step, message = excluded.message, screenshot = excluded.screenshot, ran_at = now()`
  }
}

/** Old results, but never a check's latest: called by the hourly cleanup. */
export async function pruneCheckResults(olderThanDays = 30): Promise<number> {
  const rows = await sql`
    delete from piece_check_results r
    where r.ran_at < now() - make_interval(days => ${olderThanDays})
      and r.ran_at < (select max(ran_at) from piece_check_results l where l.check_id = r.check_id)
    returning 1`
  return rows.length
}
