import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { beginGoogle } from '~/accounts/google-oauth.server'
import { GoogleMessages, googleEnabled } from '~/accounts/google.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { redirectWithToast } from '~/lib/toast.server'

/** 'Continue with Google' on the sign-in card: off to Google's account chooser. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const target = safeRedirect(form.get('redirect') ?? new URL(request.url).searchParams.get('redirect'))
  if (!googleEnabled()) return redirectWithToast('/signin', { title: GoogleMessages.signInFailed, variant: 'destructive' })
  return beginGoogle(request, { kind: 'signin', redirect: target })
}

export const loader = () => redirect('/signin')
