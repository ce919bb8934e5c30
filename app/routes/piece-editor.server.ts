import { data, redirect } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireUser } from '~/accounts/guards.server'
import { getOptionalUser } from '~/accounts/session.server'
import { upgradeHref } from '~/billing/upgrade'
import { opensUpgrade, type ChatFormDone } from '~/chat/editor.server'
import type { ChatFormReply } from '~/chat/schema'
import { STATUS_OF } from '~/lib/api.server'
import { DomainError } from '~/lib/errors'
import { isDocumentSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'

/**
 * How the editor's action answers. A page load (JavaScript off) is redirected back with a
 * toast (post/redirect/get); a fetcher gets JSON, `{ ok }` or the refusal the JSON API
 * would give, which the page shows in place.
 */

/** The user posting: a page load goes to sign-in as any page would; a fetcher is answered instead. */
export async function chatFormUser(request: Request) {
  if (isDocumentSubmission(request)) return requireUser(request)
  const user = await getOptionalUser(request)
  return user?.username ? user : null
}

export function chatFormDone(request: Request, here: string, done: ChatFormDone) {
  if (!isDocumentSubmission(request)) return data<ChatFormReply>({ ok: true })
  return done.toast ? redirectWithToast(here, done.toast) : redirect(here)
}

export function chatFormRefused(request: Request, here: string, error: DomainError) {
  if (isDocumentSubmission(request)) {
    return redirectWithToast(opensUpgrade(error) ? upgradeHref(here) : here, { title: error.message, variant: 'destructive' })
  }
  const status = STATUS_OF[error.kind]
  return data<ChatFormReply>({ ok: false, refusal: { status, message: error.message, ...error.details } }, { status })
}

export const signedOut = () => new DomainError('unauthenticated', AUTH_REQUIRED_MESSAGE)
