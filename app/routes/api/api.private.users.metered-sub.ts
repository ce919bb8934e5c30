import { privateRoute } from '~/accounts/api-auth.server'
import { disableUsageBasedPricing, enableUsageBasedPricing } from '~/billing/manage.server'
import { apiJson, rejectGet, requireMethod } from '~/lib/api.server'
import { getUsage } from '~/usage/usage.server'

export const loader = rejectGet

/** Spec 1 §7 calls 4 (POST, on) and 5 (DELETE, off); answers the usage data. 403 with requiresSubscription without PLUS. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST', 'DELETE')
  if (request.method === 'POST') await enableUsageBasedPricing(user.id)
  else await disableUsageBasedPricing(user.id)
  return apiJson(await getUsage(user.id))
})
