import { privateRoute } from '~/accounts/api-auth.server'
import { cancelSubscription } from '~/billing/manage.server'
import { CancelBody } from '~/billing/schema'
import { apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** Spec 1 §7 call 16: cancel at period end with the survey's answer; answers the new status. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'PATCH')
  const { feedbackCategory, feedbackText } = await readJson(request, CancelBody)
  return apiJson(await cancelSubscription(user.id, { category: feedbackCategory, text: feedbackText }))
})
