import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { setPlan } from '../../app/billing/subscription.server'
import { sql } from '../../app/lib/db.server'
import * as darkMode from '../../app/routes/api/api.private.users.dark-mode'
import * as model from '../../app/routes/api/api.private.users.model'
import * as onbStatus from '../../app/routes/api/api.private.users.onb-status'
import * as preferences from '../../app/routes/api/api.private.users.preferences'
import * as tokenUsage from '../../app/routes/api/api.private.users.token-usage'
import * as username from '../../app/routes/api/api.private.users.username'
import * as check from '../../app/routes/api/api.public.users.check'
import * as register from '../../app/routes/api/api.public.users.register'

/** Spec 1 §7 calls 1, 2 and 9–14 and spec 2 §7 call 6, through the route modules, on the real database. */
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown
const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext

async function newUser() {
  const email = `prefs.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
  const created = await registerWithPassword(email, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const [row] = await sql<{ uid: string }[]>`select uid from users where id = ${created.userId}`
  return { id: created.userId, email, uid: row!.uid, auth: { Authorization: `Bearer ${token}` } }
}

async function call(route: { loader?: unknown; action?: unknown }, method: string, path: string, auth: Record<string, string> = {}, body?: unknown) {
  const handler = (method === 'GET' ? route.loader : route.action) as Handler
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const response = (await handler({ request, context, params: {} })) as Response
  return { status: response.status, body: await response.json() }
}

describe('preferences', () => {
  it('start at the spec defaults and change with the right types only', async () => {
    const user = await newUser()
    expect((await call(preferences, 'GET', '/api/private/users/preferences', user.auth)).body).toEqual({
      id: user.uid,
      username: null,
      isAdmin: false,
      showTokenUsage: false,
      darkMode: true,
      selectedModel: 'gpt-4.1-mini',
    })
    expect((await call(darkMode, 'PATCH', '/api/private/users/dark-mode', user.auth, { darkMode: false })).status).toBe(200)
    expect((await call(tokenUsage, 'PATCH', '/api/private/users/token-usage', user.auth, { showTokenUsage: true })).status).toBe(200)
    const wrong = await call(darkMode, 'PATCH', '/api/private/users/dark-mode', user.auth, { darkMode: 'no' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('darkMode must be true or false')
    expect((await call(tokenUsage, 'PATCH', '/api/private/users/token-usage', user.auth, { showTokenUsage: 1 })).status).toBe(400)
    const [row] = await sql<{ dark: boolean; usage: boolean }[]>`select dark_mode as dark, show_token_usage as usage from users where id = ${user.id}`
    expect(row).toEqual({ dark: false, usage: true })
  })

  it('fall back to gpt-4.1-mini for an unknown model and need PLUS for premium ones', async () => {
    const user = await newUser()
    expect((await call(model, 'PATCH', '/api/private/users/model', user.auth, { selectedModel: 'gpt-99' })).body).toEqual({ selectedModel: 'gpt-4.1-mini' })
    const premium = await call(model, 'PATCH', '/api/private/users/model', user.auth, { selectedModel: 'gpt-5' })
    expect(premium.status).toBe(403)
    expect(premium.body.requiresSubscription).toBe(true)
    await setPlan(user.id, 'plus')
    expect((await call(model, 'PATCH', '/api/private/users/model', user.auth, { selectedModel: 'gpt-5' })).body).toEqual({ selectedModel: 'gpt-5' })
    expect((await call(model, 'PATCH', '/api/private/users/model', user.auth, { selectedModel: 7 })).status).toBe(400)
  })

  it('are private: no identity is a JSON 401', async () => {
    const response = await call(preferences, 'GET', '/api/private/users/preferences')
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ message: 'Authentication required' })
  })
})

describe('onboarding and registration calls', () => {
  it('report onboarding until a username is set, lower-cased and unique', async () => {
    const user = await newUser()
    const other = await newUser()
    expect((await call(onbStatus, 'GET', '/api/private/users/onb-status', user.auth)).body).toEqual({ needsOnboarding: true })
    const name = `Name_${Math.random().toString(36).slice(2, 8)}`
    expect((await call(username, 'PATCH', '/api/private/users/username', user.auth, { username: `  ${name}  ` })).status).toBe(200)
    expect((await call(onbStatus, 'GET', '/api/private/users/onb-status', user.auth)).body).toEqual({ needsOnboarding: false })
    const taken = await call(username, 'PATCH', '/api/private/users/username', other.auth, { username: name.toLowerCase() })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('Username is already taken')
    expect((await call(username, 'PATCH', '/api/private/users/username', other.auth, { username: 'ab' })).body.message).toBe(
      'Username must be at least 3 characters',
    )
  })

  it('check and register by identity id, idempotently, without half-written rows', async () => {
    const user = await newUser()
    expect((await call(check, 'GET', `/api/public/users/check?firebaseUid=${user.uid}`)).body).toEqual({ exists: true })
    expect((await call(check, 'GET', '/api/public/users/check?firebaseUid=nobody')).body).toEqual({ exists: false })
    const first = await call(register, 'POST', '/api/public/users/register', {}, { email: user.email, firebaseUid: user.uid })
    const second = await call(register, 'POST', '/api/public/users/register', {}, { email: user.email.toUpperCase(), firebaseUid: user.uid })
    expect([first.status, second.status]).toEqual([200, 200])
    const [count] = await sql<{ n: number }[]>`select count(*)::int as n from users where lower(email) = lower(${user.email})`
    expect(count!.n).toBe(1)
    const unknown = await call(register, 'POST', '/api/public/users/register', {}, { email: user.email, firebaseUid: 'nobody' })
    expect(unknown).toEqual({ status: 404, body: { message: 'Failed to register user' } })
    expect((await call(register, 'POST', '/api/public/users/register', {}, { email: 'not-an-email', firebaseUid: 'x' })).status).toBe(400)
  })

  it('register answers the same whether or not the email is the account’s, so it confirms no guessed address', async () => {
    const author = await newUser()
    const right = await call(register, 'POST', '/api/public/users/register', {}, { email: author.email, firebaseUid: author.uid })
    for (const guess of ['stranger@example.com', `x${author.email}`, author.email.replace('@', '.a@')]) {
      expect(await call(register, 'POST', '/api/public/users/register', {}, { email: guess, firebaseUid: author.uid }), guess).toEqual(right)
    }
    const [row] = await sql<{ email: string }[]>`select email from users where id = ${author.id}`
    expect(row!.email).toBe(author.email)
  })
})
