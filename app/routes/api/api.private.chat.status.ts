import { z } from 'zod'
import { PieceIdField } from '~/pieces/schema'
import { privateRoute } from '~/accounts/api-auth.server'
import { generationStatus } from '~/generation/generations.server'
import { apiJson, parseOrFail } from '~/lib/api.server'

const Query = z.object({ pieceId: PieceIdField })

/** Spec 2 §7 call 10: `{ type: 'status', stage, pieceId }`. */
export const loader = privateRoute(async ({ user }, { request }) => {
  const { pieceId } = parseOrFail(Query, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson(await generationStatus(user.id, pieceId))
})
