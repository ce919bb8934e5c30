import { startGoogleFake } from '../fakes/google'
import { builderResponder, startOpenAIFake } from '../fakes/openai'
import { startS3Fake } from '../fakes/s3'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createTestDatabase } from '../support/database'
import { e2eDatabaseFile } from './database'

/**
 * Serves the built product for the end-to-end tests exactly as `npm start` does, on a
 * fresh database, with the strict rate limit raised so tests can sign in many times.
 * Generations use the OpenAI fake on port+2. Google sign-in is on, against the Google fake on a free port (tests find it through the
 * redirect of POST /auth/google and steer it over HTTP, see tests/fakes/google.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3210)
const database = await createTestDatabase('e2e')
// Tests that need a state no screen can make yet (a PLUS plan before billing exists) reach
// this run's database through this file.
writeFileSync(e2eDatabaseFile(port), database.url)
const google = await startGoogleFake()
// Generations go through the real `openai` client to the OpenAI fake, which answers like a
// model following the builder's instructions; tests slow it down over HTTP (see E2E_OPENAI_URL).
const openai = await startOpenAIFake({ port: port + 2, responder: builderResponder })
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  PORT: String(port),
  PREVIEW_PORT: String(port + 1),
  HOST: '127.0.0.1',
  SESSION_SECRET: 'e2e-tests-session-secret-0123456789abcdef',
  // Stored images (the local object store) start empty, like the database.
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pieces-e2e-')),
  // Every test comes from one address; the limiter itself is covered by integration tests.
  RATE_LIMIT_FORMS_PER_MINUTE: process.env.RATE_LIMIT_FORMS_PER_MINUTE ?? '1000',
  RATE_LIMIT_MUTATIONS_PER_MINUTE: process.env.RATE_LIMIT_MUTATIONS_PER_MINUTE ?? '10000',
  RATE_LIMIT_READS_PER_MINUTE: process.env.RATE_LIMIT_READS_PER_MINUTE ?? '100000',
  // The tests' own browsers share these cores and are not requests to put first: at background
  // priority the product's checks, which tests wait for, starved behind them (decision 0035).
  BROWSER_NICE: process.env.BROWSER_NICE ?? '0',
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_OAUTH_URL: google.url,
  OPENAI_API_KEY: 'sk-e2e-fake',
  OPENAI_BASE_URL: openai.baseURL,
})
delete process.env.STRIPE_SECRET_KEY
// E2E_STORAGE=s3: images in the S3 fake, through the real SDK, instead of the local directory.
if (process.env.E2E_STORAGE === 's3') {
  const s3 = await startS3Fake()
  Object.assign(process.env, {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'on',
  })
}
// The compiled web process, as `npm start` runs it (`test:e2e` builds it first).
await import(pathToFileURL(path.resolve('build/node/server.js')).href)
