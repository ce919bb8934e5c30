import { privateRoute } from '~/accounts/api-auth.server'
import { apiJson, parseOrFail } from '~/lib/api.server'
import { isPieceNameTaken } from '~/pieces/pieces.server'
import { PieceNameQuery } from '~/pieces/schema'

/** Spec 1 §7 call 26: is this name held by a Piece (the caller's own included)? */
export const loader = privateRoute(async (_identity, { request }) => {
  const { name } = parseOrFail(PieceNameQuery, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson({ exists: await isPieceNameTaken(name) })
})
