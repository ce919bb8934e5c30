import { receiveStripeWebhook } from '~/billing/events.server'
import { apiJson, apiRoute, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/**
 * Stripe's webhook deliveries. The signature covers the exact bytes sent, so the body is
 * read as bytes, never parsed and re-encoded first (server/remix.ts hands them over as
 * received). 400 for a bad or missing signature, 200 at once otherwise: the work is a job.
 */
export const action = apiRoute(async ({ request }) => {
  requireMethod(request, 'POST')
  const rawBody = Buffer.from(await request.arrayBuffer())
  return apiJson(await receiveStripeWebhook(rawBody, request.headers.get('stripe-signature')))
})
