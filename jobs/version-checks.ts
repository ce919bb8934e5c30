import type PgBoss from 'pg-boss'
import { checksToRun, saveCheckResults } from '../app/checks/checks.server'
import { saveVersionOutcome, versionCheckTarget } from '../app/checks/versions.server'
import { QUEUES } from '../app/lib/queues'
import { runChecks } from './checks'
import { cpuPool } from './cpu-pool'
import { verifyVersion } from './verify'

/**
 * Issue 40.3: a version no generation made (some of a turn's changes) is loaded in the
 * worker's browser like a generation's code, and when it loads cleanly the Piece's recorded
 * checks run on it, in one slot of the CPU pool; how it loaded is kept with the version, the
 * checks' results per code version (piece_check_results).
 */
export async function startVersionChecksWorker(boss: PgBoss): Promise<void> {
  await boss.work<{ id: number }>(QUEUES.versionChecks.name, async ([job]) => {
    const { id } = job!.data
    const target = await versionCheckTarget(id)
    if (!target) return { ran: 0 }
    const signal = new AbortController().signal
    const ran = await cpuPool().run(
      async () => {
        const outcome = await verifyVersion(target.url, id, signal)
        if ('skipped' in outcome) return { loaded: { ok: false, errors: [], skipped: true }, results: [] }
        const checks = outcome.ok ? await checksToRun(target.pieceId) : []
        return {
          loaded: { ok: outcome.ok, errors: outcome.errors, skipped: false },
          results: checks.length ? await runChecks(target.url, target.pieceId, checks, signal) : [],
        }
      },
      { signal },
    )
    await saveCheckResults(target.code, ran.results)
    await saveVersionOutcome(id, ran.loaded)
    return { ran: ran.results.length }
  })
}
