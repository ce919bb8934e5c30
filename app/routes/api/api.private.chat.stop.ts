import { z } from 'zod'
import { PieceIdField } from '~/pieces/schema'
import { privateRoute } from '~/accounts/api-auth.server'
import { stopGeneration } from '~/generation/generations.server'
import { apiJson, parseOrFail, readJson, rejectGet, requireMethod } from '~/lib/api.server'

const Body = z.object({ pieceId: PieceIdField })

export const loader = rejectGet

/** Spec 2 §7 call 8: stops the Piece's generation; `pieceId` in the body or the query. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST')
  const fromQuery = new URL(request.url).searchParams.get('pieceId')
  const { pieceId } = fromQuery ? parseOrFail(Body, { pieceId: fromQuery }) : await readJson(request, Body)
  return apiJson(await stopGeneration(user.id, pieceId))
})
