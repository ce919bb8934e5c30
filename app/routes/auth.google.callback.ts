import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { LINK_FAILED_PARAM, LINK_FAILED_VALUE } from '~/accounts/google-messages'
import { finishGoogle, type GoogleCallback } from '~/accounts/google-oauth.server'
import { GoogleMessages, linkGoogle, linkMessage, signInWithGoogle } from '~/accounts/google.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { createSession, destroySession, getOptionalUser } from '~/accounts/session.server'
import { redirectWithToast } from '~/lib/toast.server'

/** Google sends the user back here after sign-in or linking; `state` is checked by remix-auth. */
export async function loader({ request }: LoaderFunctionArgs) {
  const result = await finishGoogle(request)
  const headers = new Headers({ 'Set-Cookie': result.clearState })
  if (result.intent?.kind === 'link') return finishLink(request, result, result.intent.session, headers)
  return finishSignIn(request, result, headers)
}

async function finishSignIn(request: Request, result: GoogleCallback, headers: Headers) {
  // Checked when the dance began; checked again here, where it becomes a Location.
  const target = safeRedirect(result.intent?.kind === 'signin' ? result.intent.redirect : null)
  const back = target === '/explore' ? '/signin' : `/signin?${new URLSearchParams({ redirect: target })}`
  // Spec 1 §8: cancelling sign-in is silent (the cancelled toast belongs to linking).
  if (result.outcome === 'cancelled') return redirect(back, { headers })
  if (result.outcome === 'failed') return redirectWithToast(back, { title: GoogleMessages.signInFailed, variant: 'destructive' }, { headers })
  const signedIn = await signInWithGoogle(result.profile)
  if (!signedIn.ok) {
    const title = signedIn.reason === 'email-registered' ? GoogleMessages.emailRegistered : GoogleMessages.signInFailed
    return redirectWithToast(back, { title, variant: 'destructive' }, { headers })
  }
  // A fresh session at every sign-in: any session this browser had is ended first.
  await destroySession(request)
  headers.append('Set-Cookie', await createSession(signedIn.userId))
  return redirect(target, { headers })
}

async function finishLink(request: Request, result: GoogleCallback, startedBy: string, headers: Headers) {
  const user = await getOptionalUser(request)
  if (!user || user.sessionIdHash !== startedBy) {
    return redirectWithToast('/signin', { title: GoogleMessages.signInRequiredToLink, variant: 'destructive' }, { headers })
  }
  if (result.outcome === 'cancelled') return redirectWithToast('/settings', { title: GoogleMessages.cancelled, variant: 'default' }, { headers })
  if (result.outcome === 'failed') {
    const withBanner = `/settings?${new URLSearchParams({ [LINK_FAILED_PARAM]: LINK_FAILED_VALUE })}`
    return redirectWithToast(withBanner, { title: GoogleMessages.linkFailed, variant: 'destructive' }, { headers })
  }
  const linked = await linkGoogle(user.id, result.profile)
  if (!linked.ok) return redirectWithToast('/settings', { title: linkMessage[linked.reason], variant: 'destructive' }, { headers })
  return redirectWithToast('/settings', { title: GoogleMessages.linked, variant: 'success' }, { headers })
}
