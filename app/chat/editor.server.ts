import type { SessionUser } from '~/accounts/session.server'
import { isPlus } from '~/accounts/plan.server'
import { setSelectedModel } from '~/accounts/preferences.server'
import { MAX_MESSAGE_CHARS } from '~/lib/constants'
import { DomainError } from '~/lib/errors'
import { sql } from '~/lib/db.server'
import type { Toast } from '~/lib/toast'
import { getOwnPiece, requireOwnPiece, updatePiece, type OwnPiece } from '~/pieces/pieces.server'
import { pieceOriginIn, type PreviewOrigins } from '~/lib/origins.server'
import { previewUrl, runnerUrl } from '~/pieces/preview.server'
import { getUsage } from '~/usage/usage.server'
import { codeAt, readDraft, redo, undo, type DraftData } from '~/pieces/draft'
import { keepInput } from '~/pieces/draft.server'
import { activeGeneration, startGeneration, stopGeneration } from '~/generation/generations.server'
import { ChatToasts } from './messages'
import { normalizeModel } from '~/lib/models'
import { dismissOutcome, lastOutcome, runningGeneration } from '~/generation/outcome.server'
import type { ChatForm, ChatIntent } from './schema'
import type { SendInput } from '~/generation/send-schema'
import type { ChatData } from './types'
import { imagesAsAttachments } from './uploads.server'
import { costSpreads } from '~/generation/estimate.server'
import { applyVisualEditToDraft } from '~/generation/visual/visual-edit.server'
import { reviewsOf, reviewApply } from './review.server'

/** What the chat builder needs besides the Piece itself (the owner's view). */
export async function chatData(user: SessionUser, piece: OwnPiece, origins: PreviewOrigins): Promise<{ chat: ChatData }> {
  const [active, usage, subscribed, spreads] = await Promise.all([activeGeneration(piece.id), getUsage(user.id), isPlus(sql, user.id), costSpreads(piece.id)])
  // Read after the active generation, never beside it: one that ends between two reads made
  // side by side would be neither active nor ended, and the page would say "Ready" with no
  // word of how it ended (a generation that fails within a tenth of a second did, under load).
  const outcome = await lastOutcome(piece.id)
  // Read after the generation's state: a generation ends in the same transaction that
  // records its exchange or gives its message back to the draft, so this draft is at least
  // as new as the outcome shown beside it (the Piece read before could be older). The
  // Piece's latest event is read in the same statement: a `complete` after it is newer.
  const [current] = await sql<{ draft: unknown; code: string; lastEventId: number }[]>`
    select draft, code, (select coalesce(max(id), 0)::int from generation_events where piece_id = ${piece.id}) as "lastEventId"
    from pieces where id = ${piece.id}`
  const draft = readDraft(current ? current.draft : piece.draftData)
  return {
    chat: {
      pieceId: piece.id,
      savedCode: current?.code ?? piece.code,
      draft,
      reviews: reviewsOf({ ...piece, code: current?.code ?? piece.code }, draft),
      lastEventId: current?.lastEventId ?? 0,
      stage: active?.stage ?? 'idle',
      lastOutcome: outcome,
      running: active ? await runningGeneration(active.id, active.status === 'queued') : null,
      model: normalizeModel(user.selectedModel),
      subscribed,
      usage: {
        dailyTokenCount: usage.dailyTokenCount,
        tokenLimit: usage.tokenLimit,
        usageBasedPricing: usage.usageBasedPricing,
        tokenPricePerMillion: usage.tokenPricePerMillion,
        billableTokenCount: usage.billableTokenCount,
      },
      showTokenUsage: user.showTokenUsage,
      spreads,
      runnerUrl: runnerUrl(piece.id, origins),
      draftPreviewUrl: previewUrl(piece, 'draft', { origins }),
      previewOrigin: pieceOriginIn(origins, piece.id),
      previewElsewhere: origins.elsewhere,
    },
  }
}

/**
 * A handled chat form: its intent, for a page load (JavaScript off) the toast to show after
 * the redirect, and `confirm` when a send waits for Confirm Overwrite.
 */
export type ChatFormDone = { intent: ChatIntent; toast?: Omit<Toast, 'id'>; confirm?: 'overwrite' }

/** A refusal opens the upgrade dialog when PLUS is needed or today's tokens are spent. */
export const opensUpgrade = (error: DomainError) => Boolean(error.details.requiresSubscription) || error.kind === 'limit-reached'

/**
 * The chat's forms (issue: "the prompt form posts, the page shows the generation's status
 * and refreshes itself until it is done, and Accept, Reject, Undo and Redo are forms"),
 * with or without JavaScript: one schema, one set of rules, read and answered by the form
 * kit in the route. Refusals are thrown as DomainErrors. `keep`: the message of a send that
 * did not start is kept in the saved draft (the page without JavaScript; the page with it
 * keeps the message in its input itself).
 */
export async function handleChatForm(user: SessionUser, pieceId: number, form: ChatForm, { keep = false } = {}): Promise<ChatFormDone> {
  const piece = await requireOwnPiece(user.id, pieceId)
  const draft = readDraft(piece.draftData)
  if (form.intent === 'send') return send(user, piece, draft, form, keep)
  return { intent: form.intent, toast: await apply(user, piece, draft, form) }
}

/** A send refused before it could be read (JavaScript off): its text, when it is text, goes back in the input. */
export async function keepUnsent(userId: number, pieceId: number, sent: Record<string, unknown>) {
  const message = sent.message
  if (sent.intent !== 'send' || typeof message !== 'string' || !message.trim() || message.length > MAX_MESSAGE_CHARS) return
  if (await getOwnPiece(userId, pieceId)) await keepInput(pieceId, message, [])
}

/**
 * Spec 2 §4 send: from an earlier point it waits for Confirm Overwrite; a refusal puts the
 * message back in the input. With `keep` (a page without JavaScript, which has only the
 * saved draft to show after its redirect) the message and images wait in the draft's input.
 */
async function send(user: SessionUser, piece: OwnPiece, draft: DraftData, form: SendForm, keep: boolean): Promise<ChatFormDone> {
  const attachments = [...form.attachments, ...(await imagesAsAttachments(form.images))]
  // Estimate (without JavaScript): the message waits in the input, where the page estimates it.
  if (form.estimate) {
    await keepInput(piece.id, form.message, attachments)
    return { intent: 'send' }
  }
  const message = { ...form, attachments }
  if (sendsFrom(draft, form.at) < draft.exchangeHistory.length - 1 && !form.overwrite) {
    if (keep) await keepInput(piece.id, form.message, attachments)
    return { intent: 'send', confirm: 'overwrite' }
  }
  try {
    await startGeneration(user, sendInput(user, piece, draft, message))
  } catch (error) {
    if (keep && error instanceof DomainError) await keepInput(piece.id, form.message, attachments)
    throw error
  }
  return { intent: 'send' }
}

type SendForm = Extract<ChatForm, { intent: 'send' }>

/** The history point a send builds on: the one the user saw, if it is still in the draft. */
const sendsFrom = (draft: DraftData, at: number | undefined) => (at !== undefined && at >= -1 && at < draft.exchangeHistory.length ? at : draft.historyIndex)

/** What each intent other than send does; the toast a page load shows afterwards, if any. */
async function apply(user: SessionUser, piece: OwnPiece, draft: DraftData, form: Exclude<ChatForm, SendForm>): Promise<ChatFormDone['toast']> {
  switch (form.intent) {
    case 'stop':
      // The status line says "Generation stopped", with Retry and Dismiss, with or without JavaScript.
      // The stopped generation's message goes back in the input as it ends (finishGeneration).
      await stopGeneration(user.id, piece.id)
      return
    case 'dismiss':
      await dismissOutcome(piece.id)
      return
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
    case 'visual-edit':
      await applyVisualEditToDraft(user.id, piece, draft, form.edit, form.at)
      return
    case 'review-apply':
      return reviewApply(user.id, piece.id, form)
  }
}

/**
 * A send from the point the user saw: that point's code and messages go to the model, and
 * the draft stays there with an empty input until the generation ends (spec 2 §4).
 */
function sendInput(user: SessionUser, piece: OwnPiece, draft: DraftData, form: Omit<SendForm, 'images'>): SendInput {
  const seen = sendsFrom(draft, form.at)
  const point: DraftData = { ...draft, historyIndex: seen, currentInput: '', currentAttachments: [] }
  return {
    pieceId: piece.id,
    message: form.message,
    attachments: form.attachments,
    code: codeAt(point, piece.code),
    draftData: point,
    // Entries the assistant did not build (a remix's credit, a visual edit) said nothing to it.
    messageHistory: point.exchangeHistory
      .slice(0, seen + 1)
      .filter((exchange) => !exchange.note)
      .map((exchange) => ({ role: 'user', content: exchange.userMessage.content })),
    selectedModel: user.selectedModel,
    target: form.target,
    ...(form.redo && { redo: true }),
  }
}
