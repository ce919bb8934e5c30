import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startGoogleFake, type GoogleFake } from './google'

const callback = 'http://localhost:3000/auth/google/callback'
// What remix-auth-google 2.0 puts on the authorization URL by default.
const strategyScope = 'openid https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/userinfo.email'

describe('Google OAuth fake', () => {
  let google: GoogleFake

  beforeEach(async () => {
    google = await startGoogleFake({ users: [{ sub: '1001', email: 'ada@example.com', name: 'Ada Lovelace', picture: 'https://example.com/ada.png' }] })
  })
  afterEach(() => google.close())

  function authorizationURL(overrides: Record<string, string> = {}) {
    const url = new URL(google.authorizationURL)
    url.search = new URLSearchParams({
      access_type: 'online',
      include_granted_scopes: 'false',
      response_type: 'code',
      client_id: google.clientId,
      redirect_uri: callback,
      state: 'state-123',
      scope: strategyScope,
      ...overrides,
    }).toString()
    return url.toString()
  }

  /** Opens the account chooser and submits `choice` (`sub` or `cancel`), returning Google's redirect. */
  async function choose(choice: Record<string, string>, overrides: Record<string, string> = {}) {
    const page = await fetch(authorizationURL(overrides))
    expect(page.status).toBe(200)
    const html = await page.text()
    const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const answer = await fetch(google.authorizationURL, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ request, ...choice }) })
    expect(answer.status).toBe(302)
    return new URL(answer.headers.get('location') ?? '')
  }

  function exchange(code: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
    return fetch(google.tokenURL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: callback,
        client_id: google.clientId,
        client_secret: google.clientSecret,
        code,
        ...extra,
      }),
    })
  }

  it('runs the authorization-code flow through the account chooser to the profile', async () => {
    const chooser = await (await fetch(authorizationURL())).text()
    expect(chooser).toContain('Ada Lovelace')
    expect(chooser).toContain('Cancel')

    const back = await choose({ sub: '1001' })
    expect(`${back.origin}${back.pathname}`).toBe(callback)
    expect(back.searchParams.get('state')).toBe('state-123')
    const code = back.searchParams.get('code') ?? ''

    const response = await exchange(code)
    expect(response.status).toBe(200)
    const tokens = (await response.json()) as Record<string, unknown>
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599, scope: strategyScope })
    expect(tokens.refresh_token).toBeUndefined()

    const [header, payload, signature] = String(tokens.id_token).split('.')
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ typ: 'JWT' })
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: google.clientId,
      sub: '1001',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
    })
    expect(signature).toBe('')

    const profile = {
      sub: '1001',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://example.com/ada.png',
    }
    for (const url of [google.userInfoURL, `${google.url}/v1/userinfo`]) {
      const info = await fetch(url, { headers: { authorization: `Bearer ${String(tokens.access_token)}` } })
      expect(await info.json()).toEqual(profile)
    }
    expect((await fetch(google.userInfoURL)).status).toBe(401)
  })

  it('accepts each code once and only with the redirect_uri it was issued for', async () => {
    const first = (await choose({ sub: '1001' })).searchParams.get('code') ?? ''
    expect(await (await exchange(first, { redirect_uri: 'http://localhost:3000/elsewhere' })).json()).toEqual({
      error: 'redirect_uri_mismatch',
      error_description: 'Bad Request',
    })

    const second = (await choose({ sub: '1001' })).searchParams.get('code') ?? ''
    expect((await exchange(second)).status).toBe(200)
    const reused = await exchange(second)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('authenticates the client by body or HTTP Basic and rejects a wrong secret', async () => {
    const code = (await choose({ sub: '1001' })).searchParams.get('code') ?? ''
    const wrong = await exchange(code, { client_secret: 'nope' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' })

    const basic = Buffer.from(`${google.clientId}:${google.clientSecret}`).toString('base64')
    const again = (await choose({ sub: '1001' })).searchParams.get('code') ?? ''
    const response = await exchange(again, { client_id: '', client_secret: '' }, { authorization: `Basic ${basic}` })
    expect(response.status).toBe(200)
  })

  it('sends the user back with access_denied on Cancel', async () => {
    const back = await choose({ cancel: '1' })
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe('state-123')
    expect(back.searchParams.has('code')).toBe(false)
  })

  it('rejects an unknown client, a bad redirect_uri, a wrong response_type and a missing scope', async () => {
    expect((await fetch(authorizationURL({ client_id: 'someone-else' }))).status).toBe(401)
    expect(await (await fetch(authorizationURL({ redirect_uri: 'javascript:alert(1)' }))).text()).toContain('redirect_uri_mismatch')
    expect(await (await fetch(authorizationURL({ response_type: 'token' }))).text()).toContain('unsupported_response_type')
    expect(await (await fetch(authorizationURL({ scope: '' }))).text()).toContain('Missing required parameter: scope')
  })

  it('signs a chosen user in directly with setNextUser, once', async () => {
    google.addUser({ sub: '2002', email: 'alan@example.com', name: 'Alan Turing' })
    google.setNextUser('2002')
    const direct = await fetch(authorizationURL({ access_type: 'offline', scope: 'openid email' }), { redirect: 'manual' })
    expect(direct.status).toBe(302)
    const code = new URL(direct.headers.get('location') ?? '').searchParams.get('code') ?? ''
    const tokens = (await (await exchange(code)).json()) as Record<string, string>
    expect(tokens.scope).toBe('openid https://www.googleapis.com/auth/userinfo.email')

    const refreshed = (await (
      await fetch(google.tokenURL, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token ?? '',
          client_id: google.clientId,
          client_secret: google.clientSecret,
        }),
      })
    ).json()) as Record<string, string>
    const info = await (await fetch(google.userInfoURL, { headers: { authorization: `Bearer ${refreshed.access_token}` } })).json()
    // Without the profile scope Google releases no name.
    expect(info).toEqual({ sub: '2002', email: 'alan@example.com', email_verified: true })

    expect((await fetch(authorizationURL(), { redirect: 'manual' })).status).toBe(200)
  })

  it('is steered over HTTP from another process: add or change an account, pick the next one', async () => {
    const post = (path: string, body: unknown) => fetch(`${google.url}${path}`, { method: 'POST', body: JSON.stringify(body) })
    expect((await post('/__fake/users', { sub: '3003' })).status).toBe(400)
    expect((await post('/__fake/next-user', { sub: 'nobody' })).status).toBe(404)

    expect((await post('/__fake/users', { sub: '3003', email: 'grace@example.com', name: 'Grace Hopper' })).status).toBe(200)
    expect(await (await fetch(authorizationURL())).text()).toContain('Grace Hopper &lt;grace@example.com&gt;')
    await post('/__fake/users', { sub: '3003', email: 'grace.hopper@example.com', name: 'Grace Hopper' })

    expect((await post('/__fake/next-user', { sub: '3003' })).status).toBe(200)
    const direct = await fetch(authorizationURL(), { redirect: 'manual' })
    expect(direct.status).toBe(302)
    const code = new URL(direct.headers.get('location') ?? '').searchParams.get('code') ?? ''
    const tokens = (await (await exchange(code)).json()) as Record<string, string>
    const info = await (await fetch(google.userInfoURL, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()
    expect(info).toMatchObject({ sub: '3003', email: 'grace.hopper@example.com' })
  })
})
