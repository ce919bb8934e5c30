import { privateRoute } from '~/accounts/api-auth.server'
import { apiJson, parseOrFail, readJson, requireMethod } from '~/lib/api.server'
import { applyTurnSubset, turnReview } from '~/generation/review/review.server'
import { ExchangeParam, KeepBody } from '~/generation/review/schema'
import { PieceIdQuery } from '~/pieces/schema'

const turnOf = (params: { id?: string; exchange?: string }) => ({
  pieceId: parseOrFail(PieceIdQuery, { id: params.id }).id,
  exchange: parseOrFail(ExchangeParam, { exchange: params.exchange }).exchange,
})

/** Issue 40.6: a turn's changes one by one (words, before and after, what each needs and cost), or why it cannot be reviewed. */
export const loader = privateRoute(async ({ user }, { params }) => {
  const { pieceId, exchange } = turnOf(params)
  return apiJson({ data: await turnReview(user.id, pieceId, exchange) }, { headers: { 'Cache-Control': 'no-store' } })
})

/** POST `{ keep, seen? }`: the version with the changes kept becomes the newest point of the draft's history. */
export const action = privateRoute(async ({ user }, { request, params }) => {
  requireMethod(request, 'POST')
  const { pieceId, exchange } = turnOf(params)
  const { keep, seen } = await readJson(request, KeepBody)
  const draft = await applyTurnSubset(user.id, pieceId, exchange, keep, seen)
  const newest = draft.exchangeHistory[draft.historyIndex]
  return apiJson({
    success: true,
    historyIndex: draft.historyIndex,
    exchanges: draft.exchangeHistory.length,
    note: newest?.note ?? '',
    code: newest?.assistantMessage.content ?? '',
  })
})
