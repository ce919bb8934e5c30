import { privateRoute, requireSessionCaller } from '~/accounts/api-auth.server'
import { issueToken } from '~/accounts/tokens.server'
import { apiJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** A bearer token for the signed-in session (it is revoked when the session ends); a bearer caller gets 403. */
export const action = privateRoute(async (identity, { request }) => {
  requireMethod(request, 'POST')
  const sessionIdHash = requireSessionCaller(identity)
  const { token, expiresAt } = await issueToken(identity.user.id, sessionIdHash)
  return apiJson({ token, tokenType: 'Bearer', expiresAt }, { status: 201 })
})
