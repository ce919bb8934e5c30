import { parseWithZod } from '@conform-to/zod/v4'
import type { SessionUser } from '~/accounts/session.server'
import { isPlus } from '~/billing/subscription.server'
import { setSelectedModel } from '~/accounts/preferences.server'
import { DomainError } from '~/lib/errors'
import { firstError } from '~/lib/fetcher'
import { sql } from '~/lib/db.server'
import type { Toast } from '~/lib/toast'
import { requireOwnPiece, updatePiece, type OwnPiece } from '~/pieces/pieces.server'
import { previewOriginOf, previewUrl, runnerUrl } from '~/pieces/preview.server'
import { PieceMessages } from '~/pieces/schema'
import { getUsage } from '~/usage/usage.server'
import { codeAt, readDraft, redo, undo, type DraftData } from './draft'
import { restoreStoppedInput } from './draft.server'
import { activeGeneration, startGeneration, stopGeneration } from './generations.server'
import { ChatToasts } from './messages'
import { normalizeModel } from './models'
import { STATUS_MESSAGES } from './progress'
import { ChatFormSchema, type ChatForm, type ChatIntent } from './schema'
import { SendMessages, type SendInput } from './send-schema'
import type { ChatData } from './types'

/** What the chat builder needs besides the Piece itself (the owner's view). */
export async function chatData(user: SessionUser, piece: OwnPiece): Promise<{ chat: ChatData }> {
  const [active, usage, subscribed, [lastFailure]] = await Promise.all([
    activeGeneration(piece.id),
    getUsage(user.id),
    isPlus(sql, user.id),
    sql<{ error: string | null; status: string }[]>`
      select error, status from generations where piece_id = ${piece.id} order by id desc limit 1`,
  ])
  return {
    chat: {
      pieceId: piece.id,
      savedCode: piece.code,
      draft: readDraft(piece.draftData),
      stage: active?.stage ?? 'idle',
      lastOutcome: lastFailure ? { status: lastFailure.status, error: lastFailure.error } : null,
      model: normalizeModel(user.selectedModel),
      subscribed,
      usage: { dailyTokenCount: usage.dailyTokenCount, tokenLimit: usage.tokenLimit },
      showTokenUsage: user.showTokenUsage,
      runnerUrl: runnerUrl(piece.id),
      draftPreviewUrl: previewUrl(piece, 'draft'),
      previewOrigin: previewOriginOf(piece.id),
    },
  }
}

/** A handled chat form: its intent, and for a page load (JavaScript off) the toast to show after the redirect. */
export type ChatFormDone = { intent: ChatIntent; toast?: Omit<Toast, 'id'> }

/** A refusal opens the upgrade dialog when PLUS is needed or today's tokens are spent. */
export const opensUpgrade = (error: DomainError) => Boolean(error.details.requiresSubscription) || error.kind === 'limit-reached'

/**
 * The chat's forms (issue: "the prompt form posts, the page shows the generation's status
 * and refreshes itself until it is done, and Accept, Reject, Undo and Redo are forms"),
 * with or without JavaScript: one schema, one set of rules. Refusals are thrown as
 * DomainErrors; the route shapes the answer.
 */
export async function handleChatForm(user: SessionUser, pieceId: number, formData: FormData): Promise<ChatFormDone> {
  const submission = parseWithZod(formData, { schema: ChatFormSchema })
  if (submission.status !== 'success') {
    // A missing or unknown intent is a failed update; otherwise the first problem, in the user's words.
    throw new DomainError('invalid', submission.error?.intent ? PieceMessages.updateFailed : (firstError(submission.reply()) ?? SendMessages.failed))
  }
  const piece = await requireOwnPiece(user.id, pieceId)
  const toast = await apply(user, piece, readDraft(piece.draftData), submission.value)
  return { intent: submission.value.intent, toast }
}

/** What each intent does; the toast a page load shows afterwards, if any. */
async function apply(user: SessionUser, piece: OwnPiece, draft: DraftData, form: ChatForm): Promise<ChatFormDone['toast']> {
  switch (form.intent) {
    case 'send':
      await startGeneration(user, sendInput(user, piece, draft, form))
      return
    case 'stop':
      await stopAndRestore(user.id, piece.id)
      return { title: STATUS_MESSAGES.stopped, variant: 'default' }
    case 'accept':
      await updatePiece(user.id, piece.id, { code: codeAt(draft, piece.code), draftData: null })
      return { title: ChatToasts.accepted, variant: 'success' }
    case 'reject':
      await updatePiece(user.id, piece.id, { draftData: null })
      return { title: ChatToasts.rejected, variant: 'default' }
    case 'undo':
    case 'redo':
      // Pressed at another point than the draft's (a second tab, a double click): the page catches up instead.
      if (form.at !== undefined && form.at !== draft.historyIndex) return
      await updatePiece(user.id, piece.id, { draftData: form.intent === 'undo' ? undo(draft) : redo(draft) })
      return
    case 'model':
      await setSelectedModel(user.id, form.selectedModel)
      return
  }
}

/**
 * A send from the point the user saw: that point's code and messages go to the model, and
 * the draft stays there with an empty input until the generation ends (spec 2 §4).
 */
function sendInput(user: SessionUser, piece: OwnPiece, draft: DraftData, form: Extract<ChatForm, { intent: 'send' }>): SendInput {
  const seen = form.at !== undefined && form.at >= -1 && form.at < draft.exchangeHistory.length ? form.at : draft.historyIndex
  const point: DraftData = { ...draft, historyIndex: seen, currentInput: '', currentAttachments: [] }
  return {
    pieceId: piece.id,
    message: form.message,
    attachments: form.attachments,
    code: codeAt(point, piece.code),
    draftData: point,
    messageHistory: point.exchangeHistory.slice(0, seen + 1).map((exchange) => ({ role: 'user', content: exchange.userMessage.content })),
    selectedModel: user.selectedModel,
  }
}

/** Stop, and put the stopped generation's message back in the input (spec 2 §4 Stop). */
async function stopAndRestore(userId: number, pieceId: number) {
  const active = await activeGeneration(pieceId)
  await stopGeneration(userId, pieceId)
  if (active) await restoreStoppedInput(active.id)
}
