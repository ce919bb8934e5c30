import { privateRoute } from '~/accounts/api-auth.server'
import { ReviewCheckBody, ReviewChecksQuery } from '~/chat/builder/review/checks-schema'
import { checkTurnSubset, subsetChecks } from '~/generation/review/review.server'
import { apiJson, parseOrFail, readJson, requireMethod } from '~/lib/api.server'

/** Issue 40.3: what the checks of a choice of a turn's changes found so far. */
export const loader = privateRoute(async ({ user }, { request }) => {
  const { pieceId, version } = parseOrFail(ReviewChecksQuery, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson({ data: await subsetChecks(user.id, pieceId, version) }, { headers: { 'Cache-Control': 'no-store' } })
})

/** POST `{ pieceId, exchange, keep }`: the browser check and the Piece's checks of that choice are queued; answers its version. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST')
  const { pieceId, exchange, keep } = await readJson(request, ReviewCheckBody)
  return apiJson({ data: await checkTurnSubset(user.id, pieceId, exchange, keep) })
})
