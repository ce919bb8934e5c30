import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { beginGoogle, finishGoogle } from '../../app/accounts/google-oauth.server'
import { googleLinkState, linkGoogle, signInWithGoogle, unlinkGoogle, type GoogleProfile } from '../../app/accounts/google.server'
import { createSession, getOptionalUser } from '../../app/accounts/session.server'
import { sql } from '../../app/lib/db.server'
import { action as startAction } from '../../app/routes/auth.google'
import { loader as callbackLoader } from '../../app/routes/auth.google.callback'
import { action as linkAction } from '../../app/routes/auth.google.link'
import { action as unlinkAction } from '../../app/routes/auth.google.unlink'
import { startGoogleFake, type GoogleFake } from '../fakes/google'
import { resetEnv } from '../../app/lib/env.server'

const APP = 'http://localhost:3000'
const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
const uniqueEmail = (label = 'g') => `${label}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
const uniqueSub = () => `1042${Date.now()}${Math.floor(Math.random() * 1e6)}`
const profile = (overrides: Partial<GoogleProfile> = {}): GoogleProfile => ({ sub: uniqueSub(), email: uniqueEmail(), emailVerified: true, ...overrides })
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0]!

let google: GoogleFake

beforeAll(async () => {
  google = await startGoogleFake()
  Object.assign(process.env, {
    APP_ORIGIN: APP,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_OAUTH_URL: google.url,
  })
  // Configuration is read once per process: read it again with Google on.
  resetEnv()
})
afterAll(() => google.close())

async function passwordUser() {
  const created = await registerWithPassword(uniqueEmail('pw'), 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  return created.userId
}

/** Everything the browser would carry: the state cookie and the redirect back from Google. */
async function throughGoogle(start: Response, sub: string, tamper?: (callback: URL) => void) {
  expect(start.status).toBe(302)
  const authorize = new URL(start.headers.get('location') ?? '')
  expect(`${authorize.origin}${authorize.pathname}`).toBe(google.authorizationURL)
  expect(authorize.searchParams.get('prompt')).toBe('select_account')
  expect(authorize.searchParams.get('scope')).toBe('openid email profile')
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP}/auth/google/callback`)
  const stateCookie = cookieOf(start.headers.get('set-cookie'))
  google.setNextUser(sub)
  const back = await fetch(authorize, { redirect: 'manual' })
  const callback = new URL(back.headers.get('location') ?? '')
  tamper?.(callback)
  return { callback, stateCookie }
}

describe('the OAuth dance (remix-auth-google against the fake)', () => {
  it('checks state and returns the profile', async () => {
    google.addUser({ sub: '5001', email: 'dance@example.com', name: 'Dance Er' })
    const start = await beginGoogle(new Request(`${APP}/auth/google`, { method: 'POST' }), { kind: 'signin', redirect: '/pieces' })
    expect(start.headers.get('set-cookie')).toMatch(/Path=\/auth\/google; HttpOnly; SameSite=Lax/)
    const { callback, stateCookie } = await throughGoogle(start, '5001')
    const result = await finishGoogle(new Request(callback, { headers: { cookie: stateCookie } }))
    expect(result).toMatchObject({
      outcome: 'ok',
      intent: { kind: 'signin', redirect: '/pieces' },
      profile: { sub: '5001', email: 'dance@example.com', emailVerified: true },
    })
    expect(result.clearState).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
  })

  it('refuses a tampered state, a missing state cookie and a cancel', async () => {
    google.addUser({ sub: '5002', email: 'tamper@example.com', name: 'Tam Per' })
    const begin = () => beginGoogle(new Request(`${APP}/auth/google`, { method: 'POST' }), { kind: 'signin', redirect: '/explore' })

    const forged = await throughGoogle(await begin(), '5002', (url) => url.searchParams.set('state', 'forged'))
    expect((await finishGoogle(new Request(forged.callback, { headers: { cookie: forged.stateCookie } }))).outcome).toBe('failed')

    const cookieless = await throughGoogle(await begin(), '5002')
    expect((await finishGoogle(new Request(cookieless.callback))).outcome).toBe('failed')

    const start = await begin()
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state')
    const cancelled = await finishGoogle(
      new Request(`${APP}/auth/google/callback?error=access_denied&state=${state}`, { headers: { cookie: cookieOf(start.headers.get('set-cookie')) } }),
    )
    expect(cancelled.outcome).toBe('cancelled')
  })

  it('signs a new Google user in through the routes with a fresh server-side session', async () => {
    const sub = uniqueSub()
    const email = uniqueEmail('route')
    google.addUser({ sub, email, name: 'Route User' })
    const start = (await startAction({
      request: new Request(`${APP}/auth/google`, { method: 'POST', body: new URLSearchParams({ redirect: '//evil.example' }) }),
      context,
      params: {},
    })) as Response
    const { callback, stateCookie } = await throughGoogle(start, sub)
    const answer = (await callbackLoader({ request: new Request(callback, { headers: { cookie: stateCookie } }), context, params: {} })) as Response
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/explore')
    const sessionCookie = answer.headers.getSetCookie().find((value) => value.startsWith('pieces_session='))
    const user = await getOptionalUser(new Request(APP, { headers: { cookie: cookieOf(sessionCookie ?? null) } }))
    expect(user?.email).toBe(email)
    expect(user?.username).toBeNull()
  })
})

describe('signInWithGoogle', () => {
  it('creates an account without a password, keyed by subject, then finds it again after an email change', async () => {
    const first = profile()
    const created = await signInWithGoogle(first)
    expect(created).toMatchObject({ ok: true, created: true })
    if (!created.ok) return
    const [row] = await sql<
      { passwordHash: string | null; email: string }[]
    >`select password_hash as "passwordHash", email from users where id = ${created.userId}`
    expect(row).toEqual({ passwordHash: null, email: first.email })

    const renamed = { ...first, email: uniqueEmail('renamed') }
    expect(await signInWithGoogle(renamed)).toEqual({ ok: true, userId: created.userId, created: false })
    expect(await googleLinkState(created.userId)).toMatchObject({ linked: true, email: renamed.email, canUnlink: false })
  })

  it('never merges into an account that already has the email', async () => {
    const userId = await passwordUser()
    const [row] = await sql<{ email: string }[]>`select email from users where id = ${userId}`
    expect(await signInWithGoogle(profile({ email: row!.email.toUpperCase() }))).toEqual({ ok: false, reason: 'email-registered' })
    expect((await googleLinkState(userId)).linked).toBe(false)
  })

  it('refuses a new account without a verified email', async () => {
    expect(await signInWithGoogle(profile({ emailVerified: false }))).toEqual({ ok: false, reason: 'no-verified-email' })
    expect(await signInWithGoogle(profile({ email: null }))).toEqual({ ok: false, reason: 'no-verified-email' })
  })

  it('makes one account when the same new Google user arrives twice at once', async () => {
    const same = profile()
    const results = await Promise.all([signInWithGoogle(same), signInWithGoogle(same)])
    const ids = results.map((result) => (result.ok ? result.userId : null))
    expect(ids[0]).not.toBeNull()
    expect(ids[0]).toBe(ids[1])
  })
})

describe('linking and unlinking', () => {
  it('links once, refuses a second link and a Google account of another user', async () => {
    const userId = await passwordUser()
    const mine = profile()
    expect(await googleLinkState(userId)).toEqual({ enabled: true, linked: false, email: null, canUnlink: false })
    expect(await linkGoogle(userId, mine)).toEqual({ ok: true })
    expect(await googleLinkState(userId)).toEqual({ enabled: true, linked: true, email: mine.email, canUnlink: true })
    expect(await linkGoogle(userId, profile())).toEqual({ ok: false, reason: 'already-linked' })

    const other = await passwordUser()
    expect(await linkGoogle(other, mine)).toEqual({ ok: false, reason: 'linked-to-another' })
    expect(await signInWithGoogle(mine)).toMatchObject({ ok: true, userId })
  })

  it('unlinks only when a password remains', async () => {
    const googleOnly = await signInWithGoogle(profile())
    if (!googleOnly.ok) throw new Error('setup failed')
    expect(await unlinkGoogle(googleOnly.userId)).toEqual({ ok: false, reason: 'only-method' })
    expect((await googleLinkState(googleOnly.userId)).linked).toBe(true)

    const userId = await passwordUser()
    expect(await unlinkGoogle(userId)).toEqual({ ok: false, reason: 'not-linked' })
    await linkGoogle(userId, profile())
    expect(await unlinkGoogle(userId)).toEqual({ ok: true })
    expect(await googleLinkState(userId)).toMatchObject({ linked: false, email: null, canUnlink: false })
  })

  it('removes the identity with the account', async () => {
    const created = await signInWithGoogle(profile())
    if (!created.ok) throw new Error('setup failed')
    await sql`delete from users where id = ${created.userId}`
    expect(await sql`select 1 from user_identities where user_id = ${created.userId}`).toHaveLength(0)
  })
})

describe('the link and unlink routes', () => {
  const post = (path: string, cookie?: string) =>
    new Request(`${APP}${path}`, { method: 'POST', headers: cookie ? { cookie } : {}, body: new URLSearchParams() })
  const toastOf = (response: Response) => response.headers.getSetCookie().some((value) => value.startsWith('pieces_toast='))

  it('asks a session older than five minutes to sign in again before linking', async () => {
    const userId = await passwordUser()
    const cookie = cookieOf(await createSession(userId))
    await sql`update sessions set created_at = now() - interval '6 minutes' where user_id = ${userId}`
    const answer = (await linkAction({ request: post('/auth/google/link', cookie), context, params: {} })) as Response
    expect(answer.headers.get('location')).toBe('/settings')
    expect(toastOf(answer)).toBe(true)
  })

  it('starts a link for a fresh session, and only that session can finish it', async () => {
    const userId = await passwordUser()
    const cookie = cookieOf(await createSession(userId))
    const sub = uniqueSub()
    google.addUser({ sub, email: uniqueEmail('link'), name: 'Link Er' })
    const start = (await linkAction({ request: post('/auth/google/link', cookie), context, params: {} })) as Response
    const { callback, stateCookie } = await throughGoogle(start, sub)

    const otherSession = cookieOf(await createSession(await passwordUser()))
    const stolen = (await callbackLoader({
      request: new Request(callback, { headers: { cookie: `${stateCookie}; ${otherSession}` } }),
      context,
      params: {},
    })) as Response
    expect(stolen.headers.get('location')).toBe('/signin')
    expect((await googleLinkState(userId)).linked).toBe(false)

    const again = (await linkAction({ request: post('/auth/google/link', cookie), context, params: {} })) as Response
    const second = await throughGoogle(again, sub)
    const answer = (await callbackLoader({
      request: new Request(second.callback, { headers: { cookie: `${second.stateCookie}; ${cookie}` } }),
      context,
      params: {},
    })) as Response
    expect(answer.headers.get('location')).toBe('/settings')
    expect(await googleLinkState(userId)).toMatchObject({ linked: true, canUnlink: true })
  })

  it('sends signed-out visitors to sign in', async () => {
    for (const [action, path] of [
      [unlinkAction, '/auth/google/unlink'],
      [linkAction, '/auth/google/link'],
    ] as const) {
      const answer = (await action({ request: post(path), context, params: {} })) as Response
      expect(answer.headers.get('location')).toBe('/signin?redirect=%2Fsettings')
      expect(toastOf(answer)).toBe(true)
    }
  })
})
