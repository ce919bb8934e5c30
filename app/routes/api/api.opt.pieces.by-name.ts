import { optionalApiIdentity } from '~/accounts/api-auth.server'
import { ApiFailure, apiJson, apiRoute, parseOrFail } from '~/lib/api.server'
import { getViewablePieceByName } from '~/pieces/pieces.server'
import { PieceMessages, PieceNameQuery } from '~/pieces/schema'

/**
 * Spec 1 §7 call 22: a Piece by name for whoever asks, signed in or not. A Piece the caller
 * may not see answers exactly like a name that does not exist.
 */
export const loader = apiRoute(async ({ request }) => {
  const { name } = parseOrFail(PieceNameQuery, Object.fromEntries(new URL(request.url).searchParams))
  const viewer = await optionalApiIdentity(request)
  const piece = await getViewablePieceByName(viewer?.user.id ?? null, name)
  if (!piece) throw new ApiFailure(404, PieceMessages.notFound)
  return apiJson(piece)
})
