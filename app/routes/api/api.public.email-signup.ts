import { ApiFailure, apiJson, apiRoute, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { WaitlistMessages, WaitlistSchema } from '~/site/schema'
import { joinWaitlist } from '~/site/waitlist.server'

export const loader = rejectGet

/** Spec 2 §7 call 18: failures carry the spec's `error` field next to `message`. */
export const action = apiRoute(async ({ request }) => {
  requireMethod(request, 'POST')
  try {
    const { email } = await readJson(request, WaitlistSchema)
    if ((await joinWaitlist(email)) === 'already') throw new ApiFailure(409, WaitlistMessages.alreadyOnList)
    return apiJson({ success: true }, { status: 201 })
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    return apiJson({ error: error.message, message: error.message }, { status: error.status })
  }
})
