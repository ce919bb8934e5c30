import { privateRoute } from '~/accounts/api-auth.server'
import { listInvoices } from '~/billing/manage.server'
import { InvoiceQuery } from '~/billing/schema'
import { apiJson, parseOrFail } from '~/lib/api.server'

/** Spec 1 §7 call 15: `{ data: [invoice], has_more }`, newest first, amounts in cents. */
export const loader = privateRoute(async ({ user }, { request }) => {
  const query = parseOrFail(InvoiceQuery, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson(await listInvoices(user.id, { limit: query.limit, startingAfter: query.starting_after }))
})
