import { redirect } from '@remix-run/node'
import { signedInRedirect } from './redirects'
import { getOptionalUser } from './session.server'

/** For pages open to everyone: applies the signed-in redirects and returns the user. */
export async function redirectSignedIn(request: Request) {
  const user = await getOptionalUser(request)
  if (!user) return null
  const url = new URL(request.url)
  const target = signedInRedirect(url.pathname, url.searchParams, user)
  if (target) throw redirect(target)
  return user
}
