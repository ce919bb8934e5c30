import { createCookie } from '@remix-run/node'
import { cookieSecrets, secureCookies } from '~/lib/secrets.server'
import { newVisitorId } from './token.server'

/** Sent only to the call that signs data tokens, so it never splits the page cache of anonymous pages. */
export const VISITOR_COOKIE_PATH = '/api/opt/pieces'

const visitorCookie = () =>
  createCookie('pieces_visitor', {
    httpOnly: true,
    sameSite: 'lax',
    path: VISITOR_COOKIE_PATH,
    maxAge: 400 * 24 * 60 * 60,
    secure: secureCookies(),
    secrets: cookieSecrets(),
  })

/**
 * A signed-out browser's visitor id (issue 39.3): read from its first-party cookie, or made
 * and set (the answer carries `setCookie`). Its Pieces see it only as an anonymous name per Piece.
 */
export async function visitorIdOf(request: Request): Promise<{ visitorId: string; setCookie: string | null }> {
  const cookie = visitorCookie()
  const known: unknown = await cookie.parse(request.headers.get('cookie'))
  if (typeof known === 'string' && /^[\w-]{22}$/.test(known)) return { visitorId: known, setCookie: null }
  const visitorId = newVisitorId()
  return { visitorId, setCookie: await cookie.serialize(visitorId) }
}
