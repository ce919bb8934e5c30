import { privateRoute } from '~/accounts/api-auth.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { startCheckout } from '~/billing/checkout.server'
import { CheckoutQuery } from '~/billing/schema'
import { apiJson, parseOrFail, rejectGet, requireMethod } from '~/lib/api.server'
import { appOriginOf } from '~/lib/origins.server'

export const loader = rejectGet

/**
 * Spec 1 §7 call 3: `{ url }` of a checkout for PLUS that comes back to `returnURL` (a path
 * of ours, sent without its leading slash). 409 when the user has PLUS already.
 */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST')
  const { returnURL } = parseOrFail(CheckoutQuery, Object.fromEntries(new URL(request.url).searchParams))
  const returnPath = safeRedirect(`/${(returnURL ?? '').replace(/^\/+/, '')}`, '/settings')
  return apiJson(await startCheckout(user, returnPath, appOriginOf(request)))
})
