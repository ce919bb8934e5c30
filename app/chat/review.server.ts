import { applyTurnSubset, draftTurnReview, turnReview } from '~/generation/review/review.server'
import type { ChangeReview } from '~/generation/review/describe'
import { codeVersion } from '~/pieces/code-version'
import type { DraftData } from '~/pieces/draft'
import type { OwnPiece } from '~/pieces/pieces.server'
import type { Toast } from '~/lib/toast'
import type { ExchangeReview } from './builder/review/types'
import { ReviewWords } from './builder/review/words'

/** Whether an exchange has operations one could review (the assistant's, building with patches). */
export const hasOperations = (exchange: DraftData['exchangeHistory'][number]) =>
  !exchange.note && Array.isArray(exchange.assistantMessage.patches) && exchange.assistantMessage.patches.length > 0

/**
 * Issue 40.1: the reviews of the draft's exchanges that have operations, for the chat's
 * "Review changes" (and its form without JavaScript). A review that cannot be read is left
 * out: the exchange shows as it did before, never an error page.
 */
export function reviewsOf(piece: OwnPiece, draft: DraftData): ExchangeReview[] {
  return draft.exchangeHistory.flatMap((exchange, index) => {
    if (!hasOperations(exchange)) return []
    try {
      const { message: _message, ...rest } = draftTurnReview(piece, draft, index)
      return [{ ...rest, exchange: index, version: codeVersion(exchange.assistantMessage.content) }]
    } catch {
      return []
    }
  })
}

/** The changes kept that need one left out (in order, as buildSubset drops them), with the first one each needs. */
export function leftOutWith(changes: readonly ChangeReview[], keep: readonly number[]) {
  const kept = new Set(keep)
  const leftOut: { words: string; needs: string }[] = []
  for (const change of changes) {
    if (!kept.has(change.index)) continue
    const missing = change.needs.find((needed) => !kept.has(needed))
    if (missing === undefined) continue
    kept.delete(change.index)
    leftOut.push({ words: change.words, needs: changes.find((other) => other.index === missing)?.words ?? '' })
  }
  return { kept: [...kept], leftOut }
}

/**
 * Issue 40.2: "Apply these changes": the chosen version becomes the newest point of the
 * history (applyTurnSubset refuses a draft that moved on, or a turn that cannot be split).
 * What the page without JavaScript says after it: how many were kept, and what went with a
 * change that was left out.
 */
export async function reviewApply(userId: number, pieceId: number, form: { exchange: number; keep: number[]; at?: number }): Promise<Omit<Toast, 'id'>> {
  const review = await turnReview(userId, pieceId, form.exchange)
  await applyTurnSubset(userId, pieceId, form.exchange, form.keep, form.at)
  if (!review.reviewable) return { title: ReviewWords.applied, variant: 'success' }
  const { kept, leftOut } = leftOutWith(review.changes, form.keep)
  return {
    title: `${ReviewWords.kept(kept.length, review.changes.length)}. ${ReviewWords.applied}.`,
    ...(leftOut.length && { description: ReviewWords.alsoLeftOut(leftOut) }),
    variant: 'success',
  }
}
