import { privateRoute } from '~/accounts/api-auth.server'
import { saveFeedback } from '~/feedback/feedback.server'
import { FeedbackSchema } from '~/feedback/schema'
import { apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** Spec 2 §7 call 16: stores the signed-in user's feedback. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST')
  const { content } = await readJson(request, FeedbackSchema)
  const saved = await saveFeedback(user.id, content)
  return apiJson({ success: true, id: saved.id }, { status: 201 })
})
