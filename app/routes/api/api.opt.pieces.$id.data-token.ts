import { optionalApiIdentity } from '~/accounts/api-auth.server'
import { apiJson, apiRoute, parseOrFail, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { dataTokenFor } from '~/piece-data/access.server'
import { DataTokenBody } from '~/piece-data/schema'
import { visitorIdOf } from '~/piece-data/visitor.server'
import { PieceIdQuery } from '~/pieces/schema'

export const loader = rejectGet

/**
 * Issue 39.3: `{ token, expiresAt, name, space }` for the frame of a Piece the caller may see,
 * naming the caller as the server knows them (`space: "test"` only for the owner; a check's
 * `space: "check:{id}"` with `visitor: 1 | 2` only for the owner recording a check, issue 39.6). The page
 * that frames the Piece asks for it and hands it to the frame; a signed-out browser gets a
 * first-party visitor id on the way.
 */
export const action = apiRoute(async ({ request, params }) => {
  requireMethod(request, 'POST')
  const pieceId = parseOrFail(PieceIdQuery, { id: params.id }).id
  const asked = await readJson(request, DataTokenBody)
  const identity = await optionalApiIdentity(request)
  const { visitorId, setCookie } = identity ? { visitorId: '', setCookie: null } : await visitorIdOf(request)
  const viewer = identity && { id: identity.user.id, username: identity.user.username }
  return apiJson(await dataTokenFor(viewer, visitorId, pieceId, asked), { headers: setCookie ? { 'Set-Cookie': setCookie } : {} })
})
