import { z } from 'zod'
import { PieceIdField } from '~/pieces/schema'
import { privateRoute } from '~/accounts/api-auth.server'
import { openEventStream } from '~/generation/stream.server'
import { parseOrFail } from '~/lib/api.server'

const Query = z.object({ pieceId: PieceIdField })

/** Spec 2 §7 call 9: the Piece's generation events as server-sent events. */
export const loader = privateRoute(async ({ user }, { request }) => {
  const { pieceId } = parseOrFail(Query, Object.fromEntries(new URL(request.url).searchParams))
  return openEventStream(user.id, pieceId, request)
})
