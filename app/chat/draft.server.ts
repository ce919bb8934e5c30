import { jsonb } from '~/lib/db.server'
import type { TransactionSql } from 'postgres'
import { addExchange, readDraft, type DraftData } from './draft'
import type { GenerationRequest, GenerationResult } from './stored'

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
