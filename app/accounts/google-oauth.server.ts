import { createCookieSessionStorage, type SessionStorage } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { GoogleStrategy } from 'remix-auth-google'
import { z } from 'zod'
import { getEnv, type Env } from '~/lib/env.server'
import { cookieSecrets, secureCookies } from '~/lib/secrets.server'
import { parseGoogleProfile, type GoogleProfile } from './google.server'
import { logger } from '~/lib/log.server'

const log = logger('google')

/**
 * The OAuth dance with Google through remix-auth-google. Its `state` and what the user
 * was doing (signing in, or linking from settings) live in a short-lived signed cookie
 * scoped to /auth/google; our real session stays server-side and is created afresh by
 * the callback route.
 */

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback'
const STATE_COOKIE = 'pieces_google_oauth'
/** Long enough to pick an account (and type a password at Google), short enough to be useless later. */
const STATE_MAX_AGE_S = 10 * 60

const IntentSchema = z.discriminatedUnion('kind', [
  // Where a signed-in user goes next (already a safe same-site path).
  z.object({ kind: z.literal('signin'), redirect: z.string() }),
  // The session (its id hash) that started the link: only that session may finish it.
  z.object({ kind: z.literal('link'), session: z.string() }),
])
export type GoogleIntent = z.infer<typeof IntentSchema>

export type GoogleCallback =
  | { outcome: 'ok'; intent: GoogleIntent; profile: GoogleProfile }
  | { outcome: 'cancelled'; intent: GoogleIntent | null }
  | { outcome: 'failed'; intent: GoogleIntent | null }

/** Google's three endpoints under one base URL (the test fake), or Google's own. */
export function googleEndpoints(base: string | undefined) {
  if (!base) return null
  const root = base.replace(/\/+$/, '')
  return { authorizationURL: `${root}/o/oauth2/v2/auth`, tokenURL: `${root}/token`, userInfoURL: `${root}/oauth2/v3/userinfo` }
}

function stateStorage() {
  const secure = secureCookies()
  return createCookieSessionStorage({
    cookie: {
      name: secure ? `__Secure-${STATE_COOKIE}` : STATE_COOKIE,
      httpOnly: true,
      // Lax: the cookie must come back on Google's top-level redirect to the callback.
      sameSite: 'lax',
      secure,
      path: '/auth/google',
      maxAge: STATE_MAX_AGE_S,
      secrets: cookieSecrets(),
    },
  })
}

function googleStrategy(env: Env) {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) throw new Error('Google sign-in is not configured')
  const strategy = new GoogleStrategy<GoogleProfile>(
    {
      clientID: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      callbackURL: `${env.APP_ORIGIN}${GOOGLE_CALLBACK_PATH}`,
      scope: ['openid', 'email', 'profile'],
      // Spec 1 §7: an account chooser each time.
      prompt: 'select_account',
    },
    async ({ profile }) => {
      const parsed = parseGoogleProfile(profile._json)
      if (!parsed) throw new Error('Google returned no account')
      return parsed
    },
  )
  // remix-auth-google 2.0 hardcodes Google's URLs in plain instance fields read on each request.
  const endpoints = googleEndpoints(env.GOOGLE_OAUTH_URL)
  if (endpoints) Object.assign(strategy, endpoints)
  return strategy
}

function authenticator(storage: SessionStorage) {
  return new Authenticator<GoogleProfile>(storage, { throwOnError: true }).use(googleStrategy(getEnv()))
}

/** Starts the dance: the redirect to Google, setting the state cookie that remembers `intent`. */
export async function beginGoogle(request: Request, intent: GoogleIntent): Promise<Response> {
  const storage = stateStorage()
  // A fresh state session every time, carrying the intent next to remix-auth's `state`.
  const withIntent: SessionStorage = {
    ...storage,
    getSession: async () => {
      const session = await storage.getSession()
      session.set('intent', intent)
      return session
    },
  }
  // The start request's body is already read; remix-auth only needs its URL.
  const start = new Request(request.url, { headers: request.headers })
  try {
    await authenticator(withIntent).authenticate('google', start)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
  throw new Error('remix-auth did not redirect to Google')
}

/**
 * Finishes the dance at the callback: checks `state` against the cookie, trades the code
 * for the profile, and always clears the state cookie (returned as `clearState`).
 */
export async function finishGoogle(request: Request): Promise<GoogleCallback & { clearState: string }> {
  const storage = stateStorage()
  const session = await storage.getSession(request.headers.get('cookie'))
  const parsed = IntentSchema.safeParse(session.get('intent'))
  const intent = parsed.success ? parsed.data : null
  const clearState = await storage.destroySession(session)
  const error = new URL(request.url).searchParams.get('error')
  if (error === 'access_denied') return { outcome: 'cancelled', intent, clearState }
  if (error || !intent) return { outcome: 'failed', intent, clearState }
  try {
    const profile = await authenticator(storage).authenticate('google', request)
    return { outcome: 'ok', intent, profile, clearState }
  } catch (thrown) {
    // A forged or replayed state, a refused code, an unreachable Google: the user sees one message.
    log.warn({ err: thrown instanceof Error ? thrown.message : thrown }, 'sign-in refused')
    return { outcome: 'failed', intent, clearState }
  }
}
