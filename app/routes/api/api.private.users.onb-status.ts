import { privateRoute } from '~/accounts/api-auth.server'
import { apiJson } from '~/lib/api.server'

/** Spec 1 §7 call 12. */
export const loader = privateRoute(async ({ user }) => apiJson({ needsOnboarding: !user.username }))
