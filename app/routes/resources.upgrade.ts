import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { startUpgrade } from '~/billing/checkout.server'
import { redirectWithToast } from '~/lib/toast.server'

/** The upgrade dialog's primary button. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const returnTo = safeRedirect((await request.formData()).get('returnTo'), '/settings')
  const outcome = await startUpgrade(user.id)
  if (outcome.kind === 'checkout') return redirect(outcome.url)
  if (outcome.kind === 'activated') return redirectWithToast(returnTo, { title: 'Welcome to PLUS', variant: 'success' })
  return redirectWithToast(returnTo, { title: 'Failed to start subscription', variant: 'destructive' })
}

export const loader = () => redirect('/settings')
