import { createHash, randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { SESSION_COOKIE } from '~/lib/cookie-names'
import { sql } from '~/lib/db.server'
import { cookieSecrets, secureCookies } from '~/lib/secrets.server'
import { USER_COLUMNS, type AccountUser } from './users.server'

/** A session ends after 14 days without use, and 30 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000
/** `last_seen_at` is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000

export type SessionUser = AccountUser & { sessionCreatedAt: Date; sessionIdHash: string | null }

function sessionCookie() {
  const secure = secureCookies()
  return createCookie(secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: cookieSecrets(),
  })
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex')

/**
 * The session id the request carries. A request with more than one session cookie is
 * signed out: the second can only have been written by someone else (cookie tossing from
 * a sibling host), and picking either would let them choose whose account the viewer is in.
 */
/** A cookie header pair's name. */
function nameOf(pair: string) {
  const [name = ''] = pair.split('=', 1)
  return name.trim()
}

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get('cookie')
  if (!header?.includes(SESSION_COOKIE)) return null
  const cookie = sessionCookie()
  const copies = header.split(';').filter((pair) => nameOf(pair) === cookie.name).length
  if (copies !== 1) return null
  const value = await cookie.parse(header)
  return typeof value === 'string' && value.length >= 32 ? value : null
}

/** The signed-in user of this request, or null. Expired sessions count as none. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const id = await readSessionId(request)
  if (!id) return null
  const idHash = hashSessionId(id)
  const [row] = await sql<(SessionUser & { lastSeenAt: Date })[]>`
    select ${USER_COLUMNS}, s.id_hash as "sessionIdHash", s.created_at as "sessionCreatedAt", s.last_seen_at as "lastSeenAt"
    from sessions s join users u on u.id = s.user_id
    where s.id_hash = ${idHash}
      and s.expires_at > now()
      and s.last_seen_at > now() - ${SESSION_IDLE_MS / 1000} * interval '1 second'`
  if (!row) return null
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await sql`update sessions set last_seen_at = now() where id_hash = ${idHash}`
  }
  const { lastSeenAt: _seen, ...user } = row
  return user
}

/** Starts a fresh session (a new id at every sign-in) and returns its Set-Cookie header. */
export async function createSession(userId: number): Promise<string> {
  const id = randomBytes(32).toString('base64url')
  await sql`
    insert into sessions (id_hash, user_id, expires_at)
    values (${hashSessionId(id)}, ${userId}, now() + ${SESSION_ABSOLUTE_MS / 1000} * interval '1 second')`
  return sessionCookie().serialize(id, { maxAge: SESSION_ABSOLUTE_MS / 1000 })
}

/** Deletes the request's session on the server and returns the header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request)
  if (id) await sql`delete from sessions where id_hash = ${hashSessionId(id)}`
  return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}
