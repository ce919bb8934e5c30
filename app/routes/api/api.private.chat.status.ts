import { z } from 'zod'
import { privateRoute } from '~/accounts/api-auth.server'
import { generationStatus } from '~/chat/generations.server'
import { apiJson, parseOrFail } from '~/lib/api.server'

const Query = z.object({ pieceId: z.coerce.number({ error: 'pieceId must be a number' }).int('pieceId must be a number').positive('pieceId must be a number') })

/** Spec 2 §7 call 10: `{ type: 'status', stage, pieceId }`. */
export const loader = privateRoute(async ({ user }, { request }) => {
  const { pieceId } = parseOrFail(Query, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson(await generationStatus(user.id, pieceId))
})
