import { redirect } from '@remix-run/node'
import type { SessionUser } from '~/accounts/session.server'
import { isPlus } from '~/billing/subscription.server'
import { upgradeHref } from '~/billing/upgrade'
import { DomainError } from '~/lib/errors'
import { sql } from '~/lib/db.server'
import { redirectWithToast } from '~/lib/toast.server'
import { getOwnPiece, updatePiece, type OwnPiece } from '~/pieces/pieces.server'
import { previewOriginOf, previewUrl, runnerUrl } from '~/pieces/preview.server'
import { PieceMessages } from '~/pieces/schema'
import { getUsage } from '~/usage/usage.server'
import { codeAt, readDraft, redo, undo } from './draft'
import { activeGeneration, startGeneration, stopGeneration } from './generations.server'
import { normalizeModel } from './models'
import { SendBody } from './send-schema'
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

const text = (form: FormData, key: string) => {
  const value = form.get(key)
  return typeof value === 'string' ? value : ''
}

/**
 * The chat without JavaScript (issue: "the prompt form posts, the page shows the
 * generation's status and refreshes itself until it is done, and Accept, Reject, Undo and
 * Redo are forms"). Each intent redirects back to the editor (post/redirect/get).
 */
export async function handleChatForm(user: SessionUser, pieceId: number, form: FormData): Promise<Response> {
  const piece = await getOwnPiece(user.id, pieceId)
  if (!piece) throw new Response('Not found', { status: 404 })
  const here = `/pieces/${piece.name}`
  const draft = readDraft(piece.draftData)
  try {
    switch (text(form, 'intent')) {
      case 'send': {
        const input = SendBody.safeParse({ pieceId, message: text(form, 'message'), code: codeAt(draft, piece.code), selectedModel: user.selectedModel })
        if (!input.success) return redirectWithToast(here, { title: input.error.issues[0]?.message ?? 'Something went wrong', variant: 'destructive' })
        const messageHistory = draft.exchangeHistory
          .slice(0, draft.historyIndex + 1)
          .map((exchange) => ({ role: 'user' as const, content: exchange.userMessage.content }))
        await startGeneration(user, { ...input.data, messageHistory })
        return redirect(here)
      }
      case 'stop':
        await stopGeneration(user.id, pieceId)
        return redirectWithToast(here, { title: 'Generation stopped', variant: 'default' })
      case 'accept':
        await updatePiece(user.id, pieceId, { code: codeAt(draft, piece.code), draftData: null })
        return redirectWithToast(here, { title: 'Generation accepted', variant: 'success' })
      case 'reject':
        await updatePiece(user.id, pieceId, { draftData: null })
        return redirectWithToast(here, { title: 'Generation rejected', variant: 'default' })
      case 'undo':
        await updatePiece(user.id, pieceId, { draftData: undo(draft) })
        return redirect(here)
      case 'redo':
        await updatePiece(user.id, pieceId, { draftData: redo(draft) })
        return redirect(here)
      default:
        return redirectWithToast(here, { title: PieceMessages.updateFailed, variant: 'destructive' })
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const target = error.details.requiresSubscription || error.kind === 'limit-reached' ? upgradeHref(here) : here
    return redirectWithToast(target, { title: error.message, variant: 'destructive' })
  }
}
