import { privateRoute } from '~/accounts/api-auth.server'
import { apiJson } from '~/lib/api.server'
import { getUsage } from '~/usage/usage.server'

/** Spec 1 §7 call 6 (PATCH priceCap comes with billing). */
export const loader = privateRoute(async ({ user }) => apiJson(await getUsage(user.id)))
