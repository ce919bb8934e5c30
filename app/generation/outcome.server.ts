import { sql } from '~/lib/db.server'
import { queuePosition } from './dispatch.server'
import { StoredRequest } from './stored'
import type { GenerationOutcome, RunningGeneration } from './types'

/**
 * The generation running now, as a page load shows it (the page without JavaScript has
 * nothing else): the message being built and the step its last progress event named.
 */
export async function runningGeneration(generationId: number, waiting = false): Promise<RunningGeneration | null> {
  const [row] = await sql<{ request: unknown; step: { currentStepTitle?: string; currentStepIndex?: number; plannedStepsTotal?: number } | null }[]>`
    select g.request,
      (select jsonb_build_object('currentStepTitle', e.payload->'currentStepTitle', 'currentStepIndex', e.payload->'currentStepIndex',
                                 'plannedStepsTotal', e.payload->'plannedStepsTotal')
       from generation_events e
       where e.generation_id = g.id and e.payload->>'type' = 'progress' and e.payload ? 'currentStepTitle'
       order by e.id desc limit 1) as step
    from generations g where g.id = ${generationId}`
  if (!row) return null
  const request = StoredRequest.parse(row.request)
  const step = row.step?.currentStepTitle ? { title: row.step.currentStepTitle, index: row.step.currentStepIndex, total: row.step.plannedStepsTotal } : null
  const position = waiting ? await queuePosition(generationId) : null
  return { text: request.message, attachments: request.attachments, step, ...(position ? { queuePosition: position } : {}) }
}

/**
 * How the Piece's last generation ended, for the status line on a page load (spec 2 §4):
 * complete, stopped or failed with its error; null before any generation and once a stop
 * or failure has been dismissed.
 */
export async function lastOutcome(pieceId: number): Promise<GenerationOutcome | null> {
  const [row] = await sql<{ status: string; error: string | null; dismissed: boolean; tokensUsed: number }[]>`
    select status, error, dismissed_at is not null as dismissed, tokens_used::int as "tokensUsed"
    from generations where piece_id = ${pieceId} order by id desc limit 1`
  if (!row || row.dismissed) return null
  if (row.status === 'complete' || row.status === 'stopped' || row.status === 'failed')
    return { status: row.status, error: row.error, tokensUsed: row.tokensUsed }
  return null
}

/** Dismiss (spec 2 §4, after a stop or an error): the last generation's ending is no longer said. */
export async function dismissOutcome(pieceId: number) {
  await sql`
    update generations set dismissed_at = now()
    where id = (select max(id) from generations where piece_id = ${pieceId})
      and status in ('stopped', 'failed') and dismissed_at is null`
}
