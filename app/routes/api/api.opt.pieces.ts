import { apiJson, apiRoute, parseOrFail } from '~/lib/api.server'
import { listPublicPieces } from '~/pieces/pieces.server'
import { PieceListQuery } from '~/pieces/schema'

/** Spec 2 §7 call 17: the gallery of public Pieces, 12 a page, newest first. */
export const loader = apiRoute(async ({ request }) => {
  const query = parseOrFail(PieceListQuery, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson(await listPublicPieces({ limit: query.limit, startingAfter: query.starting_after }))
})
