import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { beginGoogle } from '~/accounts/google-oauth.server'
import { GoogleMessages, googleLinkState, linkStartMessage, linkStartProblem } from '~/accounts/google.server'
import { getOptionalUser } from '~/accounts/session.server'
import { redirectWithToast } from '~/lib/toast.server'

/** 'Link Google' in settings (spec 1 §5): a recent sign-in, then Google's account chooser. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getOptionalUser(request)
  if (!user?.sessionIdHash) {
    return redirectWithToast('/signin?redirect=%2Fsettings', { title: GoogleMessages.signInRequiredToLink, variant: 'destructive' })
  }
  const state = await googleLinkState(user.id)
  const problem = linkStartProblem(user, state)
  if (problem) return redirectWithToast('/settings', { title: linkStartMessage[problem], variant: 'destructive' })
  return beginGoogle(request, { kind: 'link', session: user.sessionIdHash })
}

export const loader = () => redirect('/settings')
