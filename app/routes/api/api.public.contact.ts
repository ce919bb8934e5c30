import { apiJson, apiRoute, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { saveContactMessage } from '~/site/contact.server'
import { ContactSchema } from '~/site/schema'

export const loader = rejectGet

export const action = apiRoute(async ({ request }) => {
  requireMethod(request, 'POST')
  const input = await readJson(request, ContactSchema)
  const saved = await saveContactMessage(input)
  return apiJson({ success: true, id: saved.id }, { status: 201 })
})
