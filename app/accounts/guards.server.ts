import { redirect } from '@remix-run/node'
import { isDocumentSubmission } from '~/lib/submission.server'
import { getOptionalUser, type SessionUser } from './session.server'
import { onboardingUrl, signInUrl } from './urls'

/** Signed-in pages: a visitor goes to /signin, a user without a username to /onboarding. */
export async function requireUser(request: Request, { allowUnboarded = false } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request)
  if (!user) throw redirect(signInUrl(request))
  if (!allowUnboarded && !user.username) throw redirect(onboardingUrl(request))
  return user
}

/**
 * Signed-in forms that a fetcher may post: a page load is sent on as `requireUser` sends
 * it, but a fetcher whose session has ended gets null, so the action refuses in place
 * (the change rolls back with its failure) instead of taking the page away.
 */
export async function requireSubmittingUser(request: Request): Promise<SessionUser | null> {
  if (isDocumentSubmission(request)) return requireUser(request)
  const user = await getOptionalUser(request)
  return user?.username ? user : null
}
