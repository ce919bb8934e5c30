import { apiRoute } from '~/lib/api.server'
import { DomainError } from '~/lib/errors'
import { getOptionalUser } from './session.server'
import { verifyToken } from './tokens.server'
import { getUserById, type AccountUser } from './users.server'

export const AUTH_REQUIRED_MESSAGE = 'Authentication required'
export const SESSION_REQUIRED_MESSAGE =
  'Only a signed-in browser session can issue tokens. Get a new token with your email and password at POST /api/public/auth/token.'

export type ApiIdentity = { user: AccountUser; tokenId: string | null; sessionIdHash: string | null }

/**
 * `/api/private/*`: a bearer token (API clients) or the session cookie (the app itself).
 * A presented but bad, expired, revoked or forged token is a 401; it never falls back to the cookie.
 */
export async function requireApiIdentity(request: Request): Promise<ApiIdentity> {
  const identity = await optionalApiIdentity(request)
  if (!identity) throw new DomainError('unauthenticated', AUTH_REQUIRED_MESSAGE)
  return identity
}

export async function optionalApiIdentity(request: Request): Promise<ApiIdentity | null> {
  const header = request.headers.get('authorization')
  if (header) {
    const [, token] = /^Bearer\s+(\S+)$/i.exec(header) ?? []
    const verified = token === undefined ? null : await verifyToken(token)
    const user = verified ? await getUserById(verified.userId) : null
    if (!verified || !user) throw new DomainError('unauthenticated', 'Invalid or expired token')
    return { user, tokenId: verified.tokenId, sessionIdHash: null }
  }
  const user = await getOptionalUser(request)
  return user ? { user, tokenId: null, sessionIdHash: user.sessionIdHash } : null
}

/**
 * Calls that hand out credentials answer the session only. A bearer caller could otherwise
 * trade each token for a fresh one, unlinked from any session, and so outlive its own
 * revocation and the logout of the session that issued it.
 */
export function requireSessionCaller(identity: ApiIdentity): string {
  if (identity.tokenId || !identity.sessionIdHash) throw new DomainError('forbidden', SESSION_REQUIRED_MESSAGE)
  return identity.sessionIdHash
}

type RouteArgs = { request: Request; params: Record<string, string | undefined> }

/** An `/api/private/*` handler: the caller is known, or the answer is a JSON 401. */
export function privateRoute(handler: (identity: ApiIdentity, args: RouteArgs) => Promise<Response>) {
  return apiRoute(async (args) => handler(await requireApiIdentity(args.request), args))
}
