import { z } from 'zod'
import { privateRoute } from '~/accounts/api-auth.server'
import { setShowTokenUsage } from '~/accounts/preferences.server'
import { apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'

const Body = z.object({ showTokenUsage: z.boolean({ error: 'showTokenUsage must be true or false' }) })

export const loader = rejectGet

/** Spec 1 §7 call 11. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'PATCH')
  const { showTokenUsage } = await readJson(request, Body)
  await setShowTokenUsage(user.id, showTokenUsage)
  return apiJson({ showTokenUsage })
})
