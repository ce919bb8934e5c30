import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type PgBoss from 'pg-boss'
import { ConfigError, getEnv, resetEnv, type Env } from '../app/lib/env.server'
import { getObjectStore } from '../app/lib/object-store.server'
import type { Logger } from 'pino'
import { logger, setLogRole } from '../app/lib/log.server'
import { pieceOrigin } from '../app/lib/piece-origins'
import { resolveDatabase } from '../db/connect'
import { migrate } from '../db/migrate'
import { startBoss } from './boss'

export type Runtime = {
  env: Env
  boss: PgBoss
  /** Runs the shutdown steps in reverse order of registration, once. */
  shutdown: (reason: string) => Promise<void>
  onShutdown: (step: () => Promise<void>) => void
  /** True once shutdown began (readiness then fails, so a balancer stops sending traffic). */
  stopping: () => boolean
}

/**
 * However its steps fare (a database that is gone, a job that will not end), a process
 * that was told to stop has stopped by then: within the 10 s a process manager allows.
 */
const SHUTDOWN_LIMIT_MS = 9_000

const log = logger('process')

/**
 * What both process kinds (web and worker) do first: validated configuration, a database
 * (embedded when `DATABASE_URL` is unset), migrations, pg-boss, and an orderly exit on
 * SIGTERM/SIGINT.
 */
export async function bootProcess({ role }: { role: 'web' | 'worker' }): Promise<Runtime> {
  setLogRole(role)
  let env: Env
  try {
    env = getEnv()
  } catch (error) {
    if (error instanceof ConfigError) {
      log.fatal(error.message)
      process.exit(1)
    }
    throw error
  }

  const steps: (() => Promise<void>)[] = []
  const onShutdown = (step: () => Promise<void>) => void steps.push(step)
  let stopping: Promise<void> | undefined
  const shutdown = (reason: string) => {
    stopping ??= (async () => {
      log.info(`${reason}: shutting down`)
      setTimeout(() => {
        log.error(`shutdown did not finish within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting anyway`)
        process.exit(1)
      }, SHUTDOWN_LIMIT_MS).unref()
      for (const step of steps.reverse()) {
        await step().catch((error: unknown) => log.error({ err: error }, 'shutdown step failed'))
      }
    })()
    return stopping
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void shutdown(signal).then(() => process.exit(0)))
  }
  // A promise nobody awaited failed: the work it belonged to (a request, a job) is lost, but
  // the process and everything else it serves go on. Logged so the missing await is found.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection (process kept running)'))

  // What the process resolved for itself is written back as configuration: every reader
  // (this module graph and the Remix bundle's) then has it from getEnv().
  if (!env.SESSION_SECRET) {
    process.env.SESSION_SECRET = await localSessionSecret(env.DATA_DIR)
    log.info(`sessions: signing secret kept in ${env.DATA_DIR}/session-secret (set SESSION_SECRET in production)`)
  }

  const database = await resolveDatabase(env)
  onShutdown(database.stop)
  process.env.DATABASE_URL = database.url
  resetEnv()
  env = getEnv()
  log.info(`database: ${database.description}`)

  const { sql } = await import('../app/lib/db.server')
  // By then requests and jobs have ended; what is left is a query stuck connecting to a database that is gone.
  onShutdown(() => sql.end({ timeout: 2 }))
  const applied = await migrate(sql)
  if (applied.length) log.info(`database: applied ${applied.length} migration(s): ${applied.join(', ')}`)

  const boss = await startBoss(database.url)
  // Jobs in flight were already given their time by the workers' own stop step.
  onShutdown(() => boss.stop({ graceful: true, timeout: 2_000, wait: true }))

  return { env, boss, shutdown, onShutdown, stopping: () => stopping !== undefined }
}

/**
 * Runs one process kind: boots it, then `start`, which answers the line that says it is
 * ready (logged with the time since the process began). A failure on the way is logged
 * and ends the process.
 */
export async function runProcess(role: 'web' | 'worker', start: (runtime: Runtime, log: Logger) => Promise<string>) {
  try {
    const runtime = await bootProcess({ role })
    const ready = await start(runtime, log)
    log.info(`${ready} (started in ${Math.round(performance.now())} ms)`)
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}

const BILLING_MODES: Record<Env['billing'], (env: Env) => string> = {
  stripe: (env) => `Stripe${env.STRIPE_API_URL ? ` at ${env.STRIPE_API_URL}` : ''}`,
  local: (env) =>
    env.BILLING_PROVIDER === 'local' ? 'local provider (BILLING_PROVIDER=local; PLUS without payment)' : 'local provider (no STRIPE_SECRET_KEY)',
  off: () => 'off: APP_ORIGIN is https and no STRIPE_SECRET_KEY is set (BILLING_PROVIDER=local turns the local provider on)',
}

export function describeModes(env: Env) {
  return [
    `AI: ${env.OPENAI_API_KEY ? `OpenAI-compatible at ${env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1'}` : 'offline generator (no OPENAI_API_KEY)'}`,
    `billing: ${BILLING_MODES[env.billing](env)}`,
    `Google sign-in: ${env.GOOGLE_CLIENT_ID ? 'on' : 'off (no GOOGLE_CLIENT_ID)'}`,
    `images: ${getObjectStore(env).description}${env.storage === 'local' ? ' (S3_BUCKET unset)' : ''}`,
    `preview origins: each Piece at ${pieceOrigin(env.PREVIEW_ORIGIN, 0).replace('p0.', 'p{id}.')}${env.ORIGINS_FROM_HOST ? ` (opened at a local-network address: that address on port ${env.PREVIEW_PORT})` : ''}`,
  ]
}

/** A random secret created once per data directory, so sessions survive restarts. */
async function localSessionSecret(dataDir: string) {
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim()
  await mkdir(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}
