import { AuthMessages, CredentialsSchema } from '~/accounts/schema'
import { signInWithPassword } from '~/accounts/throttle.server'
import { issueToken } from '~/accounts/tokens.server'
import { ApiFailure, apiJson, apiRoute, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE } from '~/lib/messages'

export const loader = rejectGet

/** Email and password in, a one-hour bearer token out. */
export const action = apiRoute(async ({ request, context }) => {
  requireMethod(request, 'POST')
  const { email, password } = await readJson(request, CredentialsSchema)
  const checked = await signInWithPassword(email, password, context.clientIp)
  if (!checked.ok) {
    if (checked.reason === 'locked') throw new ApiFailure(429, TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE)
    throw new ApiFailure(401, checked.reason === 'no-account' ? AuthMessages.noAccount : AuthMessages.wrongPassword)
  }
  const { token, expiresAt } = await issueToken(checked.userId)
  return apiJson({ token, tokenType: 'Bearer', expiresAt }, { status: 201 })
})
