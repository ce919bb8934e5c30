import { z } from 'zod'
import { registerIdentity } from '~/accounts/accounts.server'
import { AuthMessages } from '~/accounts/schema'
import { ApiFailure, apiJson, apiRoute, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { EMAIL_PATTERN } from '~/site/schema'

export const loader = rejectGet

const Body = z.object({
  email: z.string({ error: AuthMessages.emailRequired }).trim().regex(EMAIL_PATTERN, AuthMessages.emailInvalid),
  firebaseUid: z.string({ error: 'firebaseUid is required' }).min(1, 'firebaseUid is required').max(128),
})

/**
 * Spec 1 §7 call 2. Accounts are created at sign-up; registering confirms that the identity
 * id and email belong together. Repeating it changes nothing (idempotent).
 */
export const action = apiRoute(async ({ request }) => {
  requireMethod(request, 'POST')
  const { email, firebaseUid } = await readJson(request, Body)
  if (!(await registerIdentity(firebaseUid, email))) throw new ApiFailure(404, AuthMessages.registerFailed)
  return apiJson({ success: true, exists: true })
})
