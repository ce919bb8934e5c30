import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from './env.server'

describe('parseEnv', () => {
  it('gives working defaults for an empty environment', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.PREVIEW_PORT).toBe(3001)
    expect(env.APP_ORIGIN).toBe('http://localhost:3000')
    expect(env.PREVIEW_ORIGIN).toBe('http://localhost:3001')
    expect(env.WORKERS).toBe('on')
    expect(env.DATA_DIR).toBe('./.data')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.BROWSER_NICE).toBe(10)
    // Issue 37.2: a slow model's first token (25 s) is waited for; a silent server is ended within a minute.
    expect(env.MODEL_IDLE_SECONDS).toBe(60)
  })

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ WORKERS: 'maybe' })).toThrow(/WORKERS/)
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/)
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_live' })).toThrow(ConfigError)
    expect(() => parseEnv({ BROWSER_NICE: '20' })).toThrow(/BROWSER_NICE/)
    expect(() => parseEnv({ MODEL_IDLE_SECONDS: '0' })).toThrow(/MODEL_IDLE_SECONDS/)
    expect(() => parseEnv({ MODEL_IDLE_SECONDS: 'a minute' })).toThrow(/MODEL_IDLE_SECONDS/)
  })

  it('refuses a preview port equal to the app port', () => {
    expect(() => parseEnv({ PORT: '4000', PREVIEW_PORT: '4000' })).toThrow(/PREVIEW_PORT/)
  })

  it('wants Google credentials in pairs', () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/)
  })

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000)
  })

  it('runs the local billing provider only where it cannot give PLUS away to the public', () => {
    expect(parseEnv({}).billing).toBe('local')
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).billing).toBe('stripe')
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/)
    const https = { APP_ORIGIN: 'https://pieces.example', SESSION_SECRET: 'x'.repeat(32) }
    expect(parseEnv(https).billing).toBe('off')
    expect(parseEnv({ ...https, BILLING_PROVIDER: 'local' }).billing).toBe('local')
    expect(() => parseEnv({ BILLING_PROVIDER: 'free' })).toThrow(/BILLING_PROVIDER/)
  })

  it('refuses a preview origin whose Pieces would share a site with the app', () => {
    expect(() => parseEnv({ APP_ORIGIN: 'http://localhost:3000', PREVIEW_ORIGIN: 'http://127.0.0.1:3001' })).toThrow(/PREVIEW_ORIGIN: must be a host name/)
    expect(() => parseEnv({ APP_ORIGIN: 'https://pieces.app', SESSION_SECRET: 'x'.repeat(32), PREVIEW_ORIGIN: 'https://preview.pieces.app' })).toThrow(
      /PREVIEW_ORIGIN: must be on another site/,
    )
  })

  it('stores images in a bucket only when S3_BUCKET names one, with credentials in pairs', () => {
    expect(parseEnv({}).storage).toBe('local')
    const s3 = parseEnv({ S3_BUCKET: 'pieces-images', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })
    expect(s3).toMatchObject({ storage: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'off' })
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required with S3_ENDPOINT/)
    expect(() => parseEnv({ S3_BUCKET: 'pieces-images', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    )
    expect(() => parseEnv({ S3_BUCKET: 'Pieces_Images' })).toThrow(/S3_BUCKET: must be a bucket name/)
    expect(() => parseEnv({ S3_BUCKET: 'pieces-images', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/)
  })

  it('keeps metrics off unless METRICS=on or METRICS_PORT asks, on a port of its own', () => {
    expect(parseEnv({}).METRICS).toBe('off')
    expect(parseEnv({}).METRICS_PORT).toBeUndefined()
    expect(parseEnv({ METRICS: 'on', METRICS_PORT: '9464' })).toMatchObject({ METRICS: 'on', METRICS_PORT: 9464 })
    expect(() => parseEnv({ METRICS: 'yes' })).toThrow(/METRICS/)
    expect(() => parseEnv({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/)
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/)
    for (const taken of [{ PORT: '4000', METRICS_PORT: '4000' }, { METRICS_PORT: '3001' }, { WORKER_HEALTH_PORT: '9000', METRICS_PORT: '9000' }]) {
      expect(() => parseEnv(taken)).toThrow(/METRICS_PORT: must differ from PORT, PREVIEW_PORT and WORKER_HEALTH_PORT/)
    }
  })
})
