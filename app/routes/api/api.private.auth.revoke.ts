import { z } from 'zod'
import { privateRoute } from '~/accounts/api-auth.server'
import { revokeAllTokens, revokeToken } from '~/accounts/tokens.server'
import { apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

const Body = z.object({ all: z.boolean({ error: 'all must be true or false' }).optional() })

/** Revokes the bearer token that authenticates this call, or with `{ "all": true }` every token of the user. */
export const action = privateRoute(async ({ user, tokenId }, { request }) => {
  requireMethod(request, 'POST')
  const { all } = await readJson(request, Body)
  if (all) {
    const count = await revokeAllTokens(user.id)
    return apiJson({ revoked: count > 0, count })
  }
  if (tokenId) await revokeToken(tokenId)
  return apiJson({ revoked: Boolean(tokenId) })
})
