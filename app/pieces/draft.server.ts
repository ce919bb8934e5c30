import type { TransactionSql } from 'postgres'
import { jsonb, sql } from '~/lib/db.server'
import { addExchange, readDraft, type DraftData, type Exchange } from './draft'
import type { Attachment } from './draft-schema'

/**
 * A finished generation becomes the newest exchange of the Piece's saved draft (spec 2
 * §3), so a reload, another browser or a page without JavaScript shows the same history.
 * Later exchanges after the draft's current point are dropped, as a send from an earlier
 * point asks. The draft is locked with the Piece row.
 */
export async function recordExchange(tx: TransactionSql, pieceId: number, exchange: Exchange): Promise<DraftData> {
  const [row] = await tx<{ draft: unknown }[]>`select draft from pieces where id = ${pieceId} for update`
  const draft = addExchange(readDraft(row?.draft), exchange)
  await tx`update pieces set draft = ${jsonb(tx, draft)}, updated_at = now() where id = ${pieceId}`
  return draft
}

/**
 * Spec 2 §4 Stop and failed send: the message and images of a generation that was not
 * built go back into the saved draft's input, so every page (a reload, a page without
 * JavaScript) offers them again. Something written there since is kept. Runs in the
 * transaction that ends the generation; a Piece without a saved draft is left so.
 */
export async function restoreUnbuiltInput(tx: TransactionSql, pieceId: number, request: { message: string; attachments: Attachment[] }) {
  const [row] = await tx<{ draft: unknown }[]>`select draft from pieces where id = ${pieceId} for update`
  // No saved draft: the sender keeps its own (an API client that sent none).
  if (row?.draft == null) return
  const draft = readDraft(row.draft)
  if (draft.currentInput || draft.currentAttachments.length) return
  const restored: DraftData = { ...draft, currentInput: request.message, currentAttachments: request.attachments }
  await tx`update pieces set draft = ${jsonb(tx, restored)} where id = ${pieceId}`
}

/** A send that was refused or waits for Confirm Overwrite: its message and images are kept in the saved draft's input. */
export async function keepInput(pieceId: number, message: string, attachments: Attachment[]) {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ draft: unknown }[]>`select draft from pieces where id = ${pieceId} for update`
    const kept: DraftData = { ...readDraft(row?.draft), currentInput: message, currentAttachments: attachments }
    await tx`update pieces set draft = ${jsonb(tx, kept)} where id = ${pieceId}`
  })
}

/**
 * Replaces the owner's saved draft only if it is still the one read (`read`: the stored value
 * as it came from the Piece's row). The precondition sits in the update itself, so a save that
 * landed between the read and this write is never overwritten. Answers false when it did not apply.
 */
export async function replaceDraftIfUnchanged(userId: number, pieceId: number, read: Record<string, unknown> | null, next: DraftData) {
  const replaced = await sql`
    update pieces set draft = ${jsonb(sql, next)}, updated_at = now()
    where id = ${pieceId} and user_id = ${userId} and ${read === null ? sql`draft is null` : sql`draft = ${jsonb(sql, read)}`}
    returning id`
  return replaced.length > 0
}
