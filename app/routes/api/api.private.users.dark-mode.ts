import { z } from 'zod'
import { privateRoute } from '~/accounts/api-auth.server'
import { setDarkMode } from '~/accounts/preferences.server'
import { apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'

const Body = z.object({ darkMode: z.boolean({ error: 'darkMode must be true or false' }) })

export const loader = rejectGet

/** Spec 1 §7 call 10. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'PATCH')
  const { darkMode } = await readJson(request, Body)
  await setDarkMode(user.id, darkMode)
  return apiJson({ darkMode })
})
