/**
 * Google OAuth 2.0 / OpenID Connect, authorization-code flow.
 *
 * What remix-auth-google 2.0.0 (built on remix-auth-oauth2 1.11) sends and reads, from its published build:
 * - GoogleStrategy hardcodes its three endpoints and has no option to change them:
 *   authorizationURL https://accounts.google.com/o/oauth2/v2/auth and tokenURL https://oauth2.googleapis.com/token
 *   (handed to OAuth2Strategy, which keeps them as protected fields), and userInfoURL
 *   https://www.googleapis.com/oauth2/v3/userinfo (a private field of GoogleStrategy). All three are plain
 *   instance properties read on every request, so the app points a constructed strategy elsewhere with
 *     Object.assign(strategy, { authorizationURL: fake.authorizationURL, tokenURL: fake.tokenURL, userInfoURL: fake.userInfoURL })
 *   From one base URL (GOOGLE_OAUTH_URL = fake.url) they are `${base}/o/oauth2/v2/auth`, `${base}/token` and
 *   `${base}/oauth2/v3/userinfo`: Google's paths do not collide across its hosts, so this fake serves them all.
 * - Authorization redirect: response_type=code, client_id, redirect_uri (callbackURL made absolute), state (a uuid
 *   kept in the session), scope (default 'openid https://www.googleapis.com/auth/userinfo.profile
 *   https://www.googleapis.com/auth/userinfo.email'), access_type=online, include_granted_scopes=false, plus
 *   prompt, hd and login_hint when configured and any query parameters of the request that started the login.
 * - Token request: POST application/x-www-form-urlencoded with grant_type=authorization_code, redirect_uri (same
 *   value as above), code, client_id and client_secret in the body (HTTP Basic only with OAuth2Strategy's
 *   useBasicAuthenticationHeader, which GoogleStrategy never sets). A non-2xx answer fails the login with the body
 *   text as message. It keeps access_token and refresh_token; expires_in, token_type, scope and id_token pass
 *   through as extraParams. The id_token is never verified.
 * - Profile: GET userInfoURL with `Authorization: Bearer <access_token>`, reading sub, name, given_name,
 *   family_name, email and picture. It does not check the status, so a failure yields a profile of undefineds.
 *
 * Tests in another process (Playwright against a served app) steer the fake over HTTP: `POST /__fake/users` with a
 * JSON GoogleUser adds that account to the chooser, or replaces the one with its sub (an email changed at Google);
 * `POST /__fake/next-user` with `{ "sub": ... }` makes the next authorization skip the chooser, like setNextUser.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { escapeHtml, listen, nowSeconds, randomId, readBody, redirect, sendHtml, sendJson } from './http'

export type GoogleUser = { sub: string; email: string; name: string; picture?: string; email_verified?: boolean }

export type GoogleFakeOptions = {
  port?: number
  users?: GoogleUser[]
  clientId?: string
  clientSecret?: string
  /** Registered redirect URIs; when absent any http(s) URI is accepted. */
  redirectUris?: string[]
}

export type GoogleFake = {
  url: string
  authorizationURL: string
  tokenURL: string
  userInfoURL: string
  clientId: string
  clientSecret: string
  addUser: (user: GoogleUser) => void
  /** The next authorization request skips the account chooser and signs in as this user. */
  setNextUser: (sub: string) => void
  close: () => Promise<void>
}

export const DEFAULT_GOOGLE_USERS: GoogleUser[] = [
  { sub: '104200000000000000001', email: 'ada.lovelace@gmail.com', name: 'Ada Lovelace' },
  { sub: '104200000000000000002', email: 'alan.turing@gmail.com', name: 'Alan Turing' },
]

const EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email'
const PROFILE_SCOPE = 'https://www.googleapis.com/auth/userinfo.profile'
const scopeAliases: Record<string, string> = { email: EMAIL_SCOPE, profile: PROFILE_SCOPE }
const knownScopes = new Set(['openid', ...Object.values(scopeAliases)])
const ACCESS_TOKEN_SECONDS = 3599
const CODE_SECONDS = 600

type Authorization = { clientId: string; redirectUri: string; scopes: string[]; state: string | null; nonce: string | null; offline: boolean }
type Grant = { sub: string; clientId: string; scopes: string[] }

export async function startGoogleFake(options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const users = new Map((options.users ?? DEFAULT_GOOGLE_USERS).map((user) => [user.sub, user]))
  const clientId = options.clientId ?? 'pieces-test.apps.googleusercontent.com'
  const clientSecret = options.clientSecret ?? 'GOCSPX-fake-client-secret'
  const pending = new Map<string, Authorization>()
  const codes = new Map<string, { authorization: Authorization; sub: string; expiresAt: number }>()
  const accessTokens = new Map<string, Grant & { expiresAt: number }>()
  const refreshTokens = new Map<string, Grant>()
  let nextUser: string | null = null
  let origin = ''

  function approve(res: ServerResponse, authorization: Authorization, sub: string) {
    const code = randomId('4/0A', 60)
    codes.set(code, { authorization, sub, expiresAt: nowSeconds() + CODE_SECONDS })
    const target = new URL(authorization.redirectUri)
    if (authorization.state !== null) target.searchParams.set('state', authorization.state)
    target.searchParams.set('code', code)
    target.searchParams.set('scope', authorization.scopes.join(' '))
    target.searchParams.set('authuser', '0')
    target.searchParams.set('prompt', 'consent')
    redirect(res, target.toString())
  }

  function authorize(res: ServerResponse, query: URLSearchParams) {
    if (query.get('client_id') !== clientId) return errorPage(res, 401, 'invalid_client', 'The OAuth client was not found.')
    const redirectUri = query.get('redirect_uri') ?? ''
    if (!/^https?:\/\//.test(redirectUri) || (options.redirectUris && !options.redirectUris.includes(redirectUri))) {
      return errorPage(
        res,
        400,
        'redirect_uri_mismatch',
        `The redirect URI in the request, ${redirectUri}, does not match the ones authorized for the OAuth client.`,
      )
    }
    if (query.get('response_type') !== 'code')
      return errorPage(res, 400, 'unsupported_response_type', `Invalid response_type: ${query.get('response_type') ?? ''}`)
    const requested = (query.get('scope') ?? '').split(/\s+/).filter(Boolean)
    if (requested.length === 0) return errorPage(res, 400, 'invalid_request', 'Missing required parameter: scope')
    const scopes = [...new Set(requested.map((scope) => scopeAliases[scope] ?? scope))]
    const unknown = scopes.find((scope) => !knownScopes.has(scope))
    if (unknown) return errorPage(res, 400, 'invalid_scope', `Some requested scopes were invalid. {invalid=[${unknown}]}`)
    const authorization = {
      clientId,
      redirectUri,
      scopes,
      state: query.get('state'),
      nonce: query.get('nonce'),
      offline: query.get('access_type') === 'offline',
    }
    if (nextUser !== null) {
      const sub = nextUser
      nextUser = null
      return approve(res, authorization, sub)
    }
    const id = randomId('', 24)
    pending.set(id, authorization)
    const buttons = [...users.values()]
      .map(
        (user) => `<p><button type="submit" name="sub" value="${escapeHtml(user.sub)}">${escapeHtml(user.name)} &lt;${escapeHtml(user.email)}&gt;</button></p>`,
      )
      .join('')
    sendHtml(
      res,
      200,
      'Sign in - Google Accounts',
      `<h1>Choose an account</h1><form method="post" action="/o/oauth2/v2/auth"><input type="hidden" name="request" value="${id}">${buttons}<p><button type="submit" name="cancel" value="1">Cancel</button></p></form>`,
    )
  }

  function choose(res: ServerResponse, form: URLSearchParams) {
    const id = form.get('request') ?? ''
    const authorization = pending.get(id)
    if (!authorization) return errorPage(res, 400, 'invalid_request', 'This sign-in request has expired or was already used.')
    pending.delete(id)
    if (form.has('cancel')) {
      const target = new URL(authorization.redirectUri)
      target.searchParams.set('error', 'access_denied')
      if (authorization.state !== null) target.searchParams.set('state', authorization.state)
      return redirect(res, target.toString())
    }
    const sub = form.get('sub') ?? ''
    if (!users.has(sub)) return errorPage(res, 400, 'invalid_request', 'Unknown account.')
    approve(res, authorization, sub)
  }

  function token(req: IncomingMessage, res: ServerResponse, form: URLSearchParams) {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const credentials = basic ? /^([^:]*):(.*)$/.exec(Buffer.from(basic, 'base64').toString('utf8')) : null
    const [id, secret] = credentials
      ? [decodeURIComponent(credentials[1] ?? ''), decodeURIComponent(credentials[2] ?? '')]
      : [form.get('client_id'), form.get('client_secret')]
    if (id !== clientId) return tokenError(res, 401, 'invalid_client', 'The OAuth client was not found.')
    if (secret !== clientSecret) return tokenError(res, 401, 'invalid_client', 'Unauthorized')

    const grantType = form.get('grant_type')
    let grant: Grant
    let authorization: Authorization | null = null
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? ''
      const issued = codes.get(code)
      codes.delete(code)
      if (!issued || issued.expiresAt < nowSeconds() || issued.authorization.clientId !== id) return tokenError(res, 400, 'invalid_grant', 'Bad Request')
      if (form.get('redirect_uri') !== issued.authorization.redirectUri) return tokenError(res, 400, 'redirect_uri_mismatch', 'Bad Request')
      authorization = issued.authorization
      grant = { sub: issued.sub, clientId: id, scopes: authorization.scopes }
    } else if (grantType === 'refresh_token') {
      const stored = refreshTokens.get(form.get('refresh_token') ?? '')
      if (!stored || stored.clientId !== id) return tokenError(res, 400, 'invalid_grant', 'Token has been expired or revoked.')
      grant = stored
    } else {
      return tokenError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`)
    }

    const user = users.get(grant.sub)
    if (!user) return tokenError(res, 400, 'invalid_grant', 'Account has been deleted')
    const accessToken = randomId('ya29.', 120)
    accessTokens.set(accessToken, { ...grant, expiresAt: nowSeconds() + ACCESS_TOKEN_SECONDS })
    const body: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    }
    if (grant.scopes.includes('openid')) body.id_token = idToken(user, grant, authorization?.nonce ?? null)
    if (authorization?.offline) {
      const refreshToken = randomId('1//0', 100)
      refreshTokens.set(refreshToken, grant)
      body.refresh_token = refreshToken
    }
    sendJson(res, 200, body, { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' })
  }

  function idToken(user: GoogleUser, grant: Grant, nonce: string | null) {
    const iat = nowSeconds()
    const claims = {
      iss: 'https://accounts.google.com',
      azp: grant.clientId,
      aud: grant.clientId,
      sub: user.sub,
      ...(nonce === null ? {} : { nonce }),
      ...claimsFor(user, grant.scopes),
      iat,
      exp: iat + ACCESS_TOKEN_SECONDS,
    }
    // An unsecured JWT (RFC 7519 §6): the shape of Google's, with nothing that could pass for its signature.
    return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`
  }

  function userInfo(req: IncomingMessage, res: ServerResponse) {
    const accessToken = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    const grant = accessTokens.get(accessToken)
    const user = grant && grant.expiresAt >= nowSeconds() ? users.get(grant.sub) : undefined
    if (!grant || !user) {
      return sendJson(
        res,
        401,
        { error: 'invalid_request', error_description: 'Invalid Credentials' },
        {
          'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
        },
      )
    }
    sendJson(res, 200, { sub: user.sub, ...claimsFor(user, grant.scopes) })
  }

  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', origin)
    const route = `${req.method} ${url.pathname}`
    switch (route) {
      case 'GET /o/oauth2/v2/auth':
        return authorize(res, url.searchParams)
      case 'POST /o/oauth2/v2/auth':
        return choose(res, new URLSearchParams(await readBody(req)))
      case 'POST /token':
        return token(req, res, new URLSearchParams(await readBody(req)))
      case 'GET /oauth2/v3/userinfo':
      case 'GET /v1/userinfo':
        return userInfo(req, res)
      case 'POST /__fake/users': {
        const user = parseUser(await readBody(req))
        if (!user) return sendJson(res, 400, { error: 'invalid_request', error_description: 'Expected { sub, email, name }' })
        users.set(user.sub, user)
        return sendJson(res, 200, user)
      }
      case 'POST /__fake/next-user': {
        const { sub } = (safeJson(await readBody(req)) ?? {}) as { sub?: unknown }
        if (typeof sub !== 'string' || !users.has(sub))
          return sendJson(res, 404, { error: 'not_found', error_description: `No fake Google user with sub ${String(sub)}` })
        nextUser = sub
        return sendJson(res, 200, { sub })
      }
      case 'GET /.well-known/openid-configuration':
        return sendJson(res, 200, {
          issuer: 'https://accounts.google.com',
          authorization_endpoint: `${origin}/o/oauth2/v2/auth`,
          token_endpoint: `${origin}/token`,
          userinfo_endpoint: `${origin}/v1/userinfo`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['none'],
          scopes_supported: ['openid', 'email', 'profile'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
        })
      default:
        return sendJson(res, 404, { error: 'not_found', error_description: `No route for ${route}` })
    }
  }, options.port)
  origin = server.origin

  return {
    url: origin,
    authorizationURL: `${origin}/o/oauth2/v2/auth`,
    tokenURL: `${origin}/token`,
    userInfoURL: `${origin}/oauth2/v3/userinfo`,
    clientId,
    clientSecret,
    addUser: (user) => {
      users.set(user.sub, user)
    },
    setNextUser: (sub) => {
      if (!users.has(sub)) throw new Error(`No fake Google user with sub ${sub}`)
      nextUser = sub
    },
    close: server.close,
  }
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return null
  }
}

function parseUser(body: string): GoogleUser | null {
  const raw = safeJson(body) as Partial<Record<keyof GoogleUser, unknown>> | null
  if (!raw || typeof raw.sub !== 'string' || !raw.sub || typeof raw.email !== 'string' || typeof raw.name !== 'string') return null
  return {
    sub: raw.sub,
    email: raw.email,
    name: raw.name,
    ...(typeof raw.picture === 'string' ? { picture: raw.picture } : {}),
    ...(typeof raw.email_verified === 'boolean' ? { email_verified: raw.email_verified } : {}),
  }
}

/** Google releases email claims only for the email scope and name/picture only for the profile scope. */
function claimsFor(user: GoogleUser, scopes: string[]) {
  const [givenName, ...rest] = user.name.split(' ')
  return {
    ...(scopes.includes(EMAIL_SCOPE) ? { email: user.email, email_verified: user.email_verified ?? true } : {}),
    ...(scopes.includes(PROFILE_SCOPE)
      ? {
          name: user.name,
          given_name: givenName,
          ...(rest.length > 0 ? { family_name: rest.join(' ') } : {}),
          ...(user.picture ? { picture: user.picture } : {}),
        }
      : {}),
  }
}

function base64url(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function errorPage(res: ServerResponse, status: number, error: string, description: string) {
  sendHtml(res, status, 'Error', `<h1>Access blocked: authorization error</h1><p>Error ${status}: ${escapeHtml(error)}</p><p>${escapeHtml(description)}</p>`)
}

function tokenError(res: ServerResponse, status: number, error: string, description: string) {
  sendJson(res, status, { error, error_description: description })
}
