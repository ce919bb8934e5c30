import { verifyPasswordSignIn } from '~/accounts/accounts.server'
import { AuthMessages, CredentialsSchema } from '~/accounts/schema'
import { issueToken } from '~/accounts/tokens.server'
import { ApiFailure, apiJson, apiRoute, readJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** Email and password in, a one-hour bearer token out. */
export const action = apiRoute(async ({ request }) => {
  requireMethod(request, 'POST')
  const { email, password } = await readJson(request, CredentialsSchema)
  const checked = await verifyPasswordSignIn(email, password)
  if (!checked.ok) throw new ApiFailure(401, checked.reason === 'no-account' ? AuthMessages.noAccount : AuthMessages.wrongPassword)
  const { token, expiresAt } = await issueToken(checked.userId)
  return apiJson({ token, tokenType: 'Bearer', expiresAt }, { status: 201 })
})
