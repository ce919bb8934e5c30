import { data, redirect } from '@remix-run/node'
import { overlayFor } from '~/chat/builder/overlays'
import { opensUpgrade, type ChatFormDone } from '~/chat/editor.server'
import { CONFIRM_OVERWRITE, CONFIRM_PARAM, type ChatFormReply, type Refusal } from '~/chat/schema'
import { upgradeHref } from '~/billing/upgrade'
import { STATUS_OF } from '~/lib/api.server'
import { isDomainError } from '~/lib/errors'
import { notFound } from '~/lib/http'
import { isDocumentSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'
import { unexpectedFailure } from '~/lib/failure.server'

/**
 * How the editor's action answers (the rules are the chat's, in handleChatForm). A page
 * load (JavaScript off) is redirected back, with a toast when there is something to say
 * (post/redirect/get); a fetcher gets JSON: `{ ok }`, or the refusal the JSON API would
 * give, which the page shows in place. A send from an earlier point without Confirm
 * Overwrite asks for it: a fetcher in JSON, a page load with `?confirm=overwrite`.
 */
export function chatFormDone(request: Request, here: string, done: ChatFormDone) {
  if (!isDocumentSubmission(request)) return data<ChatFormReply>(done.confirm ? { ok: false, confirm: done.confirm } : { ok: true, intent: done.intent })
  // Confirm Overwrite without JavaScript: the editor with the dialog open, the message kept in the draft.
  if (done.confirm) return redirect(`${here}?${new URLSearchParams({ [CONFIRM_PARAM]: CONFIRM_OVERWRITE })}`)
  return done.toast ? redirectWithToast(here, done.toast) : redirect(here)
}

/** A refusal: for a page load, a redirect with its toast, and the payment dialog in the mode its limit calls for (spec 2 §8) when it needs one. */
export function chatFormRefused(request: Request, here: string, refusal: Refusal, { upgrade = false } = {}) {
  if (isDocumentSubmission(request)) {
    const mode = (refusal.status === 429 && overlayFor(refusal.message)) || 'upgrade-to-plus'
    return redirectWithToast(upgrade ? upgradeHref(here, mode) : here, { title: refusal.message, variant: 'destructive' })
  }
  return data<ChatFormReply>({ ok: false, refusal }, { status: refusal.status })
}

/** A thrown refusal answered as one; a Piece gone meanwhile is 'Page Not Found'; anything else is logged and said as the JSON API would. */
export function chatFormFailed(request: Request, here: string, error: unknown) {
  if (isDomainError(error, 'not-found')) throw notFound()
  if (isDomainError(error)) {
    const refusal = { status: STATUS_OF[error.kind], message: error.message, ...error.details }
    return chatFormRefused(request, here, refusal, { upgrade: opensUpgrade(error) })
  }
  return chatFormRefused(request, here, unexpectedFailure('chat', 'form failed', error))
}
