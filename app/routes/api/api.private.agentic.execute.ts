import { privateRoute } from '~/accounts/api-auth.server'
import { AgenticBody, executeAgentic } from '~/generation/agentic.server'
import { apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** Spec 2 §7 call 11: `{ result, data, tokensUsed, message }`; 401 when signed out. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST')
  const body = await readJson(request, AgenticBody)
  return apiJson(await executeAgentic(user, body, request.signal))
})
