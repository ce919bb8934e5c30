import { runChecksLater } from '~/checks/checks.server'
import { DomainError } from '~/lib/errors'
import { addExchange, codeAt, isBehindLatest, type DraftData, type Exchange } from '~/pieces/draft'
import { replaceDraftIfUnchanged } from '~/pieces/draft.server'
import type { OwnPiece } from '~/pieces/pieces.server'
import { activeGeneration } from '../generations.server'
import { VisualEditMessages, VisualEditWords, type VisualEditBatch } from './edits'
import { applyVisualEdits } from './splice'

/**
 * Issue 30.2: Apply. The edit is spliced into the code shown at the draft's current point
 * and becomes the newest point of its history, like a generation's: "Edited visually: …",
 * 0 tokens, with Undo, Redo, Accept and Reject as for any version. What the user was typing
 * stays in the input. Refused while a build runs, from an earlier point of the history, or
 * when the splice cannot land on exactly the element picked (the reason is the refusal), or
 * when the draft was saved again after it was read ("changed").
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
  // Read, checked and written without a lock: the write applies only to the draft as read, so a save meanwhile (another tab) is never undone.
  if (!(await replaceDraftIfUnchanged(userId, piece.id, piece.draftData, next))) throw new DomainError('conflict', VisualEditMessages.changed)
  // Issue 31.2: the new version's checks run in the worker soon after (the Checks list shows them).
  await runChecksLater(piece.id)
  return next
}
