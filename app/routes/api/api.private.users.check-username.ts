import { z } from 'zod'
import { privateRoute } from '~/accounts/api-auth.server'
import { normalizeName } from '~/accounts/schema'
import { isUsernameTaken } from '~/accounts/users.server'
import { apiJson, parseOrFail } from '~/lib/api.server'
import { text } from '~/lib/text'

const Query = z.object({ username: text({ error: 'username is required' }).max(64) })

/** Spec 1 §7 call 13: is this username held by someone else? */
export const loader = privateRoute(async ({ user }, { request }) => {
  const { username } = parseOrFail(Query, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson({ exists: await isUsernameTaken(normalizeName(username), user.id) })
})
