import { apiJson, apiRoute, parseOrFail } from '~/lib/api.server'
import { publicGallery } from '~/pieces/gallery.server'
import { PublicPieceListQuery } from '~/pieces/schema'

/** Spec 2 §7 call 17: the gallery of public Pieces, 12 a page, newest first (or by `order`, issue 32.4), with remix counts and credits. */
export const loader = apiRoute(async ({ request }) => {
  const query = parseOrFail(PublicPieceListQuery, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson(await publicGallery({ limit: query.limit, order: query.order, startingAfter: query.startingAfter, offset: query.offset }))
})
