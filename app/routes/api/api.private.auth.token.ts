import { privateRoute } from '~/accounts/api-auth.server'
import { issueToken } from '~/accounts/tokens.server'
import { apiJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** A bearer token for the signed-in session (it is revoked when the session ends). */
export const action = privateRoute(async ({ user, sessionIdHash }, { request }) => {
  requireMethod(request, 'POST')
  const { token, expiresAt } = await issueToken(user.id, sessionIdHash)
  return apiJson({ token, tokenType: 'Bearer', expiresAt }, { status: 201 })
})
