import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { startUpgrade } from '~/billing/checkout.server'
import { redirectWithToast } from '~/lib/toast.server'

/** The upgrade dialog's primary button: off to the checkout (Stripe's, or the local test checkout). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const returnTo = safeRedirect((await request.formData()).get('returnTo'), '/settings')
  const outcome = await startUpgrade(user, returnTo)
  if (outcome.kind === 'checkout') return redirect(outcome.url)
  return redirectWithToast(returnTo, { title: outcome.message, variant: 'destructive' })
}

export const loader = () => redirect('/settings')
