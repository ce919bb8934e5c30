import { privateRoute } from '~/accounts/api-auth.server'
import { revokeToken } from '~/accounts/tokens.server'
import { apiJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** Revokes the bearer token that authenticates this call. */
export const action = privateRoute(async ({ tokenId }, { request }) => {
  requireMethod(request, 'POST')
  if (tokenId) await revokeToken(tokenId)
  return apiJson({ revoked: Boolean(tokenId) })
})
