import { z } from 'zod'
import { userExistsByUid } from '~/accounts/accounts.server'
import { AuthMessages } from '~/accounts/schema'
import { ApiFailure, apiJson, apiRoute, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { EMAIL_PATTERN, text } from '~/lib/text'

export const loader = rejectGet

const Body = z.object({
  email: text({ error: AuthMessages.emailRequired }).trim().regex(EMAIL_PATTERN, AuthMessages.emailInvalid),
  firebaseUid: text({ error: 'firebaseUid is required' }).min(1, 'firebaseUid is required').max(128),
})

/**
 * Spec 1 §7 call 2. Accounts are created at sign-up, so registering an identity id that
 * exists is a success that changes nothing (idempotent), and one that does not is 'Failed to
 * register user'. The email is checked for shape only and never compared with the account's:
 * identity ids are public (the gallery shows its authors'), and an answer that differed by
 * email would confirm a guessed address for any of them.
 */
export const action = apiRoute(async ({ request }) => {
  requireMethod(request, 'POST')
  const { firebaseUid } = await readJson(request, Body)
  if (!(await userExistsByUid(firebaseUid))) throw new ApiFailure(404, AuthMessages.registerFailed)
  return apiJson({ success: true, exists: true })
})
