import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { SESSION_REQUIRED_MESSAGE } from '../../app/accounts/api-auth.server'
import { createSession } from '../../app/accounts/session.server'
import { issueToken, revokeAllTokens } from '../../app/accounts/tokens.server'
import * as revoke from '../../app/routes/api/api.private.auth.revoke'
import * as privateToken from '../../app/routes/api/api.private.auth.token'
import * as publicToken from '../../app/routes/api/api.public.auth.token'
import * as preferences from '../../app/routes/api/api.private.users.preferences'
import { action as logout } from '../../app/routes/logout'

/** Issue 15, item 8: tokens cannot mint tokens, and every token of a user can be revoked at once. */
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown
const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
const PASSWORD = 'correct horse battery'
const uniqueEmail = () => `tokens.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

async function call(handler: unknown, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const response = (await (handler as Handler)({ request, context, params: {} })) as Response
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : null }
}

async function newUser() {
  const email = uniqueEmail()
  const created = await registerWithPassword(email, PASSWORD)
  if (!created.ok) throw new Error('setup failed')
  const cookie = (await createSession(created.userId)).split(';')[0]!
  return { id: created.userId, email, cookie }
}

const passwordToken = async (email: string) =>
  (await call(publicToken.action, 'POST', '/api/public/auth/token', {}, { email, password: PASSWORD })).body.token as string
const works = async (token: string) => (await call(preferences.loader, 'GET', '/api/private/users/preferences', bearer(token))).status === 200

describe('POST /api/private/auth/token', () => {
  it('issues a token to a signed-in session, which dies with the session', async () => {
    const user = await newUser()
    const issued = await call(privateToken.action, 'POST', '/api/private/auth/token', { cookie: user.cookie })
    expect(issued.status).toBe(201)
    expect(issued.body).toMatchObject({ token: expect.any(String), tokenType: 'Bearer' })
    expect(await works(issued.body.token)).toBe(true)
    await logout({ request: new Request('http://localhost/logout', { method: 'POST', headers: { cookie: user.cookie } }), context, params: {} })
    expect(await works(issued.body.token)).toBe(false)
  })

  it('refuses a bearer caller with 403, so a token cannot outlive its revocation or the logout', async () => {
    const user = await newUser()
    const fromSession = (await call(privateToken.action, 'POST', '/api/private/auth/token', { cookie: user.cookie })).body.token as string
    for (const token of [fromSession, await passwordToken(user.email)]) {
      const refused = await call(privateToken.action, 'POST', '/api/private/auth/token', bearer(token))
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({ message: SESSION_REQUIRED_MESSAGE })
    }
    // A bearer header is the caller even when a session cookie comes along.
    const both = await call(privateToken.action, 'POST', '/api/private/auth/token', { ...bearer(fromSession), cookie: user.cookie })
    expect(both.status).toBe(403)
  })
})

describe('POST /api/private/auth/revoke', () => {
  it('revokes only the calling token by default', async () => {
    const user = await newUser()
    const [first, second] = [await passwordToken(user.email), await passwordToken(user.email)]
    expect((await call(revoke.action, 'POST', '/api/private/auth/revoke', bearer(first))).body).toEqual({ revoked: true })
    expect(await works(first)).toBe(false)
    expect(await works(second)).toBe(true)
  })

  it('with { all: true } revokes every token of the user, from a token or from the session', async () => {
    const user = await newUser()
    const other = await newUser()
    const fromSession = (await call(privateToken.action, 'POST', '/api/private/auth/token', { cookie: user.cookie })).body.token as string
    const tokens = [fromSession, await passwordToken(user.email), await passwordToken(user.email)]
    const othersToken = await passwordToken(other.email)

    const answer = await call(revoke.action, 'POST', '/api/private/auth/revoke', bearer(tokens[1]!), { all: true })
    expect(answer).toEqual({ status: 200, body: { revoked: true, count: 3 } })
    for (const token of tokens) expect(await works(token)).toBe(false)
    expect(await works(othersToken)).toBe(true)

    // The session itself is not ended, and can revoke all from the browser too.
    const again = await passwordToken(user.email)
    expect(await call(revoke.action, 'POST', '/api/private/auth/revoke', { cookie: user.cookie }, { all: true })).toEqual({
      status: 200,
      body: { revoked: true, count: 1 },
    })
    expect(await works(again)).toBe(false)
    expect(await call(revoke.action, 'POST', '/api/private/auth/revoke', { cookie: user.cookie }, { all: true })).toEqual({
      status: 200,
      body: { revoked: false, count: 0 },
    })
  })

  it('answers a malformed body with 400', async () => {
    const user = await newUser()
    const refused = await call(revoke.action, 'POST', '/api/private/auth/revoke', { cookie: user.cookie }, { all: 'yes' })
    expect(refused).toEqual({ status: 400, body: { message: 'all must be true or false' } })
  })
})

describe('revokeAllTokens (for a password change)', () => {
  it('ends every live token of the user and no one else’s', async () => {
    const user = await newUser()
    const other = await newUser()
    const mine = [(await issueToken(user.id)).token, (await issueToken(user.id)).token]
    const theirs = (await issueToken(other.id)).token
    expect(await revokeAllTokens(user.id)).toBe(2)
    for (const token of mine) expect(await works(token)).toBe(false)
    expect(await works(theirs)).toBe(true)
    expect(await revokeAllTokens(user.id)).toBe(0)
  })
})
