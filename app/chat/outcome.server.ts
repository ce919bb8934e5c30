import { sql } from '~/lib/db.server'
import type { ChatData } from './types'

/**
 * How the Piece's last generation ended, for the status line on a page load (spec 2 §4):
 * complete, stopped or failed with its error; null before any generation and once a stop
 * or failure has been dismissed.
 */
export async function lastOutcome(pieceId: number): Promise<ChatData['lastOutcome']> {
  const [row] = await sql<{ status: string; error: string | null; dismissed: boolean }[]>`
    select status, error, dismissed_at is not null as dismissed
    from generations where piece_id = ${pieceId} order by id desc limit 1`
  if (!row || row.dismissed) return null
  if (row.status === 'complete' || row.status === 'stopped' || row.status === 'failed') return { status: row.status, error: row.error }
  return null
}

/** Dismiss (spec 2 §4, after a stop or an error): the last generation's ending is no longer said. */
export async function dismissOutcome(pieceId: number) {
  await sql`
    update generations set dismissed_at = now()
    where id = (select max(id) from generations where piece_id = ${pieceId})
      and status in ('stopped', 'failed') and dismissed_at is null`
}
