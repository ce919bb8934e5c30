import { redirect } from '@remix-run/node'
import { getEnv } from '~/lib/env.server'
import { signedInRedirect } from './redirects'
import { getOptionalUser } from './session.server'
import { sameOriginPath } from './urls'

/**
 * Every redirect target that comes from a request (a `redirect`, `redirectTo` or `returnTo`
 * field, a name in the address) goes through here: the path it leads to on our own origin,
 * or `fallback` when it would leave it.
 */
export function safeRedirect(target: unknown, fallback = '/explore') {
  return sameOriginPath(target, getEnv().APP_ORIGIN) ?? fallback
}

/** For pages open to everyone: applies the signed-in redirects and returns the user. */
export async function redirectSignedIn(request: Request) {
  const user = await getOptionalUser(request)
  if (!user) return null
  const url = new URL(request.url)
  const target = signedInRedirect(url.pathname, url.searchParams, user)
  if (target) throw redirect(target)
  return user
}
