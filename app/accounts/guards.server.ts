import { redirect } from '@remix-run/node'
import { getOptionalUser, type SessionUser } from './session.server'
import { onboardingUrl, signInUrl } from './urls'

/** Signed-in pages: a visitor goes to /signin, a user without a username to /onboarding. */
export async function requireUser(request: Request, { allowUnboarded = false } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request)
  if (!user) throw redirect(signInUrl(request))
  if (!allowUnboarded && !user.username) throw redirect(onboardingUrl(request))
  return user
}
