import { runChecksLater } from '~/checks/checks.server'
import { DomainError } from '~/lib/errors'
import { addExchange, codeAt, isBehindLatest, type DraftData, type Exchange } from '~/pieces/draft'
import { updatePiece, type OwnPiece } from '~/pieces/pieces.server'
import { activeGeneration } from '../generations.server'
import { VisualEditWords, type VisualEditBatch } from './edits'
import { applyVisualEdits } from './splice'

/**
 * Issue 30.2: Apply. The edit is spliced into the code shown at the draft's current point
 * and becomes the newest point of its history, like a generation's: "Edited visually: …",
 * 0 tokens, with Undo, Redo, Accept and Reject as for any version. What the user was typing
 * stays in the input. Refused while a build runs, from an earlier point of the history, or
 * when the splice cannot land on exactly the element picked (the reason is the refusal).
 * The Piece's recorded checks then run on the new version in the worker (issue 31.2).
 */
export async function applyVisualEditToDraft(userId: number, piece: OwnPiece, draft: DraftData, batch: VisualEditBatch, seen?: number) {
  if (piece.generating || (await activeGeneration(piece.id))) throw new DomainError('conflict', VisualEditWords.whileBuilding)
  if ((seen !== undefined && seen !== draft.historyIndex) || isBehindLatest(draft)) throw new DomainError('conflict', VisualEditWords.notNewest)
  const result = applyVisualEdits(codeAt(draft, piece.code), batch)
  if (!result.ok) throw new DomainError('conflict', result.message)
  const exchange: Exchange = {
    userMessage: { role: 'user', content: '', attachments: [] },
    assistantMessage: { role: 'assistant', content: result.html, attachments: [] },
    tokensUsed: 0,
    note: `${VisualEditWords.notePrefix} ${result.summary}`,
  }
  const next = { ...addExchange(draft, exchange), currentInput: draft.currentInput, currentAttachments: draft.currentAttachments }
  await updatePiece(userId, piece.id, { draftData: next })
  // Issue 31.2: the new version's checks run in the worker soon after (the Checks list shows them).
  await runChecksLater(piece.id)
  return next
}
