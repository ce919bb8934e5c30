import { privateRoute } from '~/accounts/api-auth.server'
import { setPriceCap } from '~/billing/manage.server'
import { PriceCapBody } from '~/billing/schema'
import { apiJson, readJson, requireMethod } from '~/lib/api.server'
import { getUsage } from '~/usage/usage.server'

/** Spec 1 §7 call 6. */
export const loader = privateRoute(async ({ user }) => apiJson(await getUsage(user.id)))

/** Spec 1 §7 call 7: the monthly cap, whole dollars 5–500; 403 with requiresSubscription without PLUS. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'PATCH')
  const { priceCap } = await readJson(request, PriceCapBody)
  await setPriceCap(user.id, priceCap)
  return apiJson(await getUsage(user.id))
})
