import { describe, expect, it } from 'vitest'
import { googleEndpoints } from './google-oauth.server'
import { GoogleMessages, googleEnabled, LINK_REAUTH_MS, linkStartMessage, linkStartProblem, parseGoogleProfile } from './google.server'
import { resetEnv } from '../lib/env.server'

describe('parseGoogleProfile', () => {
  it("keeps Google's subject, email and whether the email is verified", () => {
    expect(parseGoogleProfile({ sub: '1042', email: ' ada@gmail.com ', email_verified: true, name: 'Ada' })).toEqual({
      sub: '1042',
      email: 'ada@gmail.com',
      emailVerified: true,
    })
    expect(parseGoogleProfile({ sub: '1042', email_verified: 'true' })).toEqual({ sub: '1042', email: null, emailVerified: true })
    expect(parseGoogleProfile({ sub: '1042', email: 'a@b.co' })?.emailVerified).toBe(false)
  })

  it('refuses an answer without a subject, such as an error body', () => {
    expect(parseGoogleProfile({ error: 'invalid_request', error_description: 'Invalid Credentials' })).toBeNull()
    expect(parseGoogleProfile({ sub: '' })).toBeNull()
    expect(parseGoogleProfile(null)).toBeNull()
  })
})

describe('linkStartProblem', () => {
  const now = Date.parse('2025-03-01T12:00:00Z')
  const user = (ageMs: number, email: string | null = 'ada@example.com') => ({ email, sessionCreatedAt: new Date(now - ageMs) })
  const ready = { linked: false, enabled: true }

  it('lets a recently signed-in user with an email link', () => {
    expect(linkStartProblem(user(0), ready, now)).toBeNull()
    expect(linkStartProblem(user(LINK_REAUTH_MS), ready, now)).toBeNull()
  })

  it('asks for a fresh sign-in after five minutes', () => {
    expect(linkStartProblem(user(LINK_REAUTH_MS + 1), ready, now)).toBe('reauthenticate')
    expect(linkStartMessage.reauthenticate).toBe('For security reasons, please sign in again before linking accounts')
  })

  it('refuses without an email, when already linked, and when Google is off', () => {
    expect(linkStartProblem(user(0, null), ready, now)).toBe('no-email')
    expect(linkStartMessage['no-email']).toBe('You must be logged in with an email to link accounts')
    expect(linkStartProblem(user(LINK_REAUTH_MS * 2), { linked: true, enabled: true }, now)).toBe('already-linked')
    expect(linkStartMessage['already-linked']).toBe(GoogleMessages.alreadyLinked)
    expect(linkStartProblem(user(0), { linked: false, enabled: false }, now)).toBe('disabled')
  })
})

describe('googleEndpoints', () => {
  it("puts Google's three endpoints under one base URL", () => {
    expect(googleEndpoints('http://127.0.0.1:4000/')).toEqual({
      authorizationURL: 'http://127.0.0.1:4000/o/oauth2/v2/auth',
      tokenURL: 'http://127.0.0.1:4000/token',
      userInfoURL: 'http://127.0.0.1:4000/oauth2/v3/userinfo',
    })
    expect(googleEndpoints(undefined)).toBeNull()
  })
})

describe('googleEnabled', () => {
  it('is off unless both the client id and secret are set', () => {
    const saved = { id: process.env.GOOGLE_CLIENT_ID, secret: process.env.GOOGLE_CLIENT_SECRET }
    try {
      delete process.env.GOOGLE_CLIENT_ID
      delete process.env.GOOGLE_CLIENT_SECRET
      resetEnv()
      expect(googleEnabled()).toBe(false)
      Object.assign(process.env, { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' })
      resetEnv()
      expect(googleEnabled()).toBe(true)
    } finally {
      for (const [name, value] of [
        ['GOOGLE_CLIENT_ID', saved.id],
        ['GOOGLE_CLIENT_SECRET', saved.secret],
      ] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
      resetEnv()
    }
  })
})
