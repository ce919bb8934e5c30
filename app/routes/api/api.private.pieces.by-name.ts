import { privateRoute } from '~/accounts/api-auth.server'
import { apiJson, parseOrFail } from '~/lib/api.server'
import { getOwnPieceByName } from '~/pieces/pieces.server'
import { PieceNameQuery } from '~/pieces/schema'

const NO_CACHE = { 'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0', Pragma: 'no-cache', Expires: '0' }

/**
 * Spec 1 §7 call 21: the caller's own Piece with its code and chat draft; `null` with 404
 * when there is none (another user's Piece reads as missing). `_t` only defeats caches.
 */
export const loader = privateRoute(async ({ user }, { request }) => {
  const { name } = parseOrFail(PieceNameQuery, Object.fromEntries(new URL(request.url).searchParams))
  const piece = await getOwnPieceByName(user.id, name)
  return apiJson(piece, { status: piece ? 200 : 404, headers: NO_CACHE })
})
