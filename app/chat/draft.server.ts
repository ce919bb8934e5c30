import type { TransactionSql } from 'postgres'
import { jsonb, sql } from '~/lib/db.server'
import { addExchange, readDraft, type DraftData } from './draft'
import { StoredRequest, type GenerationRequest, type GenerationResult } from './stored'

/**
 * A finished generation becomes the newest exchange of the Piece's saved draft (spec 2
 * §3), so a reload, another browser or a page without JavaScript shows the same history.
 * Later exchanges after the draft's current point are dropped, as a send from an earlier
 * point asks. The draft is locked with the Piece row.
 */
export async function recordExchange(tx: TransactionSql, pieceId: number, request: GenerationRequest, result: GenerationResult): Promise<DraftData> {
  const [row] = await tx<{ draft: unknown }[]>`select draft from pieces where id = ${pieceId} for update`
  const draft = addExchange(readDraft(row?.draft), {
    userMessage: { role: 'user', content: request.message, attachments: request.attachments },
    assistantMessage: { role: 'assistant', content: result.code, attachments: [], patch: result.patch, patches: result.patches },
    tokensUsed: result.tokensUsed,
  })
  await tx`update pieces set draft = ${jsonb(tx, draft)}, updated_at = now() where id = ${pieceId}`
  return draft
}

/**
 * Spec 2 §4 Stop: a stopped generation's message and images go back into the draft's
 * input, so every page (a reload, a page without JavaScript) offers them again. Something
 * written there since is kept.
 */
export async function restoreStoppedInput(generationId: number) {
  await sql.begin(async (tx) => {
    const [stopped] = await tx<{ pieceId: number; request: unknown }[]>`
      select piece_id::int as "pieceId", request from generations where id = ${generationId} and status = 'stopped'`
    if (!stopped) return
    const [row] = await tx<{ draft: unknown }[]>`select draft from pieces where id = ${stopped.pieceId} for update`
    const draft = readDraft(row?.draft)
    if (draft.currentInput || draft.currentAttachments.length) return
    const request = StoredRequest.parse(stopped.request)
    const restored: DraftData = { ...draft, currentInput: request.message, currentAttachments: request.attachments }
    await tx`update pieces set draft = ${jsonb(tx, restored)} where id = ${stopped.pieceId}`
  })
}
