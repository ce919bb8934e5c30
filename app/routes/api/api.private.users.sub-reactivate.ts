import { privateRoute } from '~/accounts/api-auth.server'
import { reactivateSubscription } from '~/billing/manage.server'
import { apiJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** Spec 1 §7 call 17: Resubscribe; answers the new status. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'PATCH')
  return apiJson(await reactivateSubscription(user.id))
})
