import { z } from 'zod'
import { optionalApiIdentity } from '~/accounts/api-auth.server'
import { getSubscriptionStatusByUid } from '~/accounts/plan.server'
import { apiJson, apiRoute, parseOrFail } from '~/lib/api.server'
import { text } from '~/lib/text'

const Query = z.object({ userId: text().min(1).max(128).optional() })

/**
 * Spec 1 §7 call 8: the subscription status of `userId` (an identity id; the caller's own
 * when omitted). Anyone may ask: Piece pages need the owner's status for the badge.
 */
export const loader = apiRoute(async ({ request }) => {
  const { userId } = parseOrFail(Query, Object.fromEntries(new URL(request.url).searchParams))
  const uid = userId ?? (await optionalApiIdentity(request))?.user.uid
  return apiJson(await getSubscriptionStatusByUid(uid))
})
