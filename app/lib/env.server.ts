import { z } from 'zod'
import { previewOriginProblem } from './piece-origins'
import { forgetSingleton, singleton } from './singleton.server'

const flag = z.enum(['on', 'off'])
const port = z.coerce.number().int().min(1).max(65535)
const optionalUrl = z.url().optional()
const perMinute = z.coerce.number().int().min(0)

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export const LOG_FORMATS = ['json', 'pretty'] as const

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  APP_ORIGIN: optionalUrl,
  PREVIEW_PORT: port.optional(),
  PREVIEW_ORIGIN: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  WORKERS: flag.default('on'),
  // `npm run worker` answers /healthz and /readyz on this port (off when unset).
  WORKER_HEALTH_PORT: port.optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters (comma-separate several to rotate)').optional(),
  TRUST_PROXY: flag.default('off'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  // The server's name for each of our model ids, when it differs (e.g. a local model).
  OPENAI_MODEL_GPT_5: z.string().min(1).optional(),
  OPENAI_MODEL_GPT_4_1: z.string().min(1).optional(),
  OPENAI_MODEL_GPT_4_1_MINI: z.string().min(1).optional(),
  // A model call the server is silent on this long (before its first token, or between two) is ended (issue 37.2).
  MODEL_IDLE_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_API_URL: optionalUrl,
  // `local` keeps the local billing provider (PLUS without payment) on an https origin, on purpose.
  BILLING_PROVIDER: z.literal('local').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_URL: optionalUrl,
  GENERATION_STALE_SECONDS: z.coerce.number().int().min(2).max(3600).default(90),
  // Generations one worker process runs at once: a model call is network time (docs/decisions/0041).
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  // Browser checks and screenshots one worker process runs at once (default: its cores).
  BROWSER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // The workers' Chromium's CPU priority (docs/decisions/0035, 0041).
  BROWSER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // The Chromium the workers check and photograph Pieces in; found at the usual places when unset.
  CHROMIUM_PATH: z.string().min(1).optional(),
  RATE_LIMIT_FORMS_PER_MINUTE: perMinute.default(10),
  RATE_LIMIT_MUTATIONS_PER_MINUTE: perMinute.default(120),
  RATE_LIMIT_READS_PER_MINUTE: perMinute.default(1200),
  // A Piece's own data (issue 39): per Piece and space, at most this much and this many rows; per visitor, this many writes a minute.
  PIECE_DATA_QUOTA_MB: z.coerce.number().min(0.01).max(10_000).default(10),
  PIECE_DATA_MAX_RECORDS: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  PIECE_DATA_WRITES_PER_MINUTE: perMinute.default(120),
  // Images in an S3-compatible bucket when S3_BUCKET is set; otherwise in DATA_DIR/images.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lowercase letters, digits, dots and hyphens)')
    .optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default('off'),
  // Prometheus metrics (docs/decisions/0034): /metrics on PORT with `on`; on a port of its own (and only there) with METRICS_PORT.
  METRICS: flag.default('off'),
  METRICS_PORT: port.optional(),
  // JSON log lines on standard output from this level up (docs/decisions/0036).
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // `pretty` (readable lines) by default on a terminal, `json` otherwise.
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
})

/**
 * Who sells PLUS: Stripe with a key; without one the local provider (PLUS for the asking),
 * which a public https deployment gets only when BILLING_PROVIDER=local says so.
 */
export type BillingProvider = 'stripe' | 'local' | 'off'

export type Env = z.infer<typeof schema> & {
  APP_ORIGIN: string
  /**
   * Every origin the app may be opened at: APP_ORIGIN alone when it is set; otherwise the
   * loopback addresses of PORT, so `http://127.0.0.1:3000` works as well as localhost.
   */
  APP_ORIGINS: string[]
  PREVIEW_PORT: number
  PREVIEW_ORIGIN: string
  /** Neither APP_ORIGIN nor PREVIEW_ORIGIN is set: a local-network address the app is opened at gets previews of its own (app/lib/origins.server.ts). */
  ORIGINS_FROM_HOST: boolean
  isProduction: boolean
  billing: BillingProvider
  /** Where image bytes live (app/lib/object-store.server.ts). */
  storage: 's3' | 'local'
}

export class ConfigError extends Error {}

/** Parses configuration; a bad value names the variable. Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = schema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const values = result.data
  const previewPort = values.PREVIEW_PORT ?? values.PORT + 1
  if (previewPort === values.PORT) throw new ConfigError('Invalid configuration:\n  PREVIEW_PORT: must differ from PORT')
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_SECRET: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together')
  }
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (webhooks keep subscriptions up to date)')
  }
  const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  const strayS3 = s3Settings.find((name) => values[name] !== undefined)
  if (!values.S3_BUCKET && (strayS3 || values.S3_FORCE_PATH_STYLE === 'on')) {
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: required with ${strayS3 ?? 'S3_FORCE_PATH_STYLE'} (images stay in DATA_DIR/images without it)`)
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together')
  }
  if (values.METRICS_PORT !== undefined && [values.PORT, previewPort, values.WORKER_HEALTH_PORT].includes(values.METRICS_PORT)) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT, PREVIEW_PORT and WORKER_HEALTH_PORT')
  }
  const isProduction = values.NODE_ENV === 'production'
  if (isProduction && values.APP_ORIGIN?.startsWith('https:') && !values.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required when APP_ORIGIN is https')
  }
  const appOrigin = stripSlash(values.APP_ORIGIN ?? `http://localhost:${values.PORT}`)
  const previewOrigin = stripSlash(values.PREVIEW_ORIGIN ?? `http://localhost:${previewPort}`)
  const previewProblem = previewOriginProblem(appOrigin, previewOrigin)
  if (previewProblem) throw new ConfigError(`Invalid configuration:\n  PREVIEW_ORIGIN: ${previewProblem}`)
  return {
    ...values,
    APP_ORIGIN: appOrigin,
    APP_ORIGINS: values.APP_ORIGIN ? [appOrigin] : LOOPBACK_HOSTS.map((host) => `http://${host}:${values.PORT}`),
    PREVIEW_PORT: previewPort,
    PREVIEW_ORIGIN: previewOrigin,
    ORIGINS_FROM_HOST: !values.APP_ORIGIN && !values.PREVIEW_ORIGIN,
    isProduction,
    storage: values.S3_BUCKET ? 's3' : 'local',
    billing: values.STRIPE_SECRET_KEY ? 'stripe' : appOrigin.startsWith('https:') && values.BILLING_PROVIDER !== 'local' ? 'off' : 'local',
  }
}

// CSP source expressions cannot name an IPv6 literal, so [::1] is not among them.
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1']

function stripSlash(url: string) {
  return url.replace(/\/+$/, '')
}

export function getEnv(): Env {
  return singleton('env', () => parseEnv(process.env))
}

const logSchema = schema.pick({ LOG_LEVEL: true, LOG_FORMAT: true })

/**
 * The log's own settings, read before the rest: the logger must exist to report a
 * configuration that does not parse (a wrong value here falls back to the default, and
 * `getEnv()` then stops the start naming it).
 */
export function logSettings(source: Record<string, string | undefined> = process.env) {
  const parsed = logSchema.safeParse({ LOG_LEVEL: source.LOG_LEVEL || undefined, LOG_FORMAT: source.LOG_FORMAT || undefined })
  return parsed.success ? parsed.data : { LOG_LEVEL: 'info' as const, LOG_FORMAT: undefined }
}

/** Forgets the parsed configuration: the next `getEnv()` reads `process.env` again (tests that change it). */
export function resetEnv() {
  forgetSingleton('env')
}
