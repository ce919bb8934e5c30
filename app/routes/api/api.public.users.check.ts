import { z } from 'zod'
import { userExistsByUid } from '~/accounts/accounts.server'
import { apiJson, apiRoute, parseOrFail } from '~/lib/api.server'
import { text } from '~/lib/text'

const Query = z.object({ firebaseUid: text({ error: 'firebaseUid is required' }).min(1, 'firebaseUid is required').max(128) })

/** Spec 1 §7 call 1: does an account with this identity id exist? */
export const loader = apiRoute(async ({ request }) => {
  const { firebaseUid } = parseOrFail(Query, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson({ exists: await userExistsByUid(firebaseUid) })
})
