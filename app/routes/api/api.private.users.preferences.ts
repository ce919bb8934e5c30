import { privateRoute } from '~/accounts/api-auth.server'
import { preferencesOf } from '~/accounts/preferences.server'
import { apiJson } from '~/lib/api.server'

/** Spec 1 §7 call 9. */
export const loader = privateRoute(async ({ user }) => apiJson(preferencesOf(user)))
