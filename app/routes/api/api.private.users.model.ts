import { z } from 'zod'
import { privateRoute } from '~/accounts/api-auth.server'
import { setSelectedModel } from '~/accounts/preferences.server'
import { apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { text } from '~/lib/text'

const Body = z.object({ selectedModel: text({ error: 'selectedModel must be a string' }) })

export const loader = rejectGet

/** Spec 2 §7 call 6: unknown ids fall back to gpt-4.1-mini; PLUS models need a subscription. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'PATCH')
  const { selectedModel } = await readJson(request, Body)
  return apiJson({ selectedModel: await setSelectedModel(user.id, selectedModel) })
})
