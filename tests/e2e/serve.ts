import { startGoogleFake } from '../fakes/google'
import { createTestDatabase } from '../support/database'

/**
 * Serves the built product for the end-to-end tests exactly as `npm start` does, on a
 * fresh database, with the strict rate limit raised so tests can sign in many times.
 * Google sign-in is on, against the Google fake on a free port (tests find it through the
 * redirect of POST /auth/google and steer it over HTTP, see tests/fakes/google.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3210)
const database = await createTestDatabase('e2e')
const google = await startGoogleFake()
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  PORT: String(port),
  PREVIEW_PORT: String(port + 1),
  HOST: '127.0.0.1',
  SESSION_SECRET: 'e2e-tests-session-secret-0123456789abcdef',
  RATE_LIMIT_FORMS_PER_MINUTE: process.env.RATE_LIMIT_FORMS_PER_MINUTE ?? '1000',
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_OAUTH_URL: google.url,
})
delete process.env.OPENAI_API_KEY
delete process.env.STRIPE_SECRET_KEY
await import('../../scripts/start')
