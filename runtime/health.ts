import { createServer, type Server } from 'node:http'
import type PgBoss from 'pg-boss'
import { sql } from '../app/lib/db.server'
import { QUEUES } from '../app/lib/queues'
import { pendingMigrations } from '../db/migrate'

/** A check that has not answered by then has failed: /readyz itself never hangs. */
const CHECK_TIMEOUT_MS = 2_000

type Check = () => Promise<void>
export type Readiness = { ready: boolean; checks: Record<string, { ok: true } | { ok: false; error: string }> }

/**
 * What "ready" means for a process (docs/decisions/0030): the database answers, every
 * migration is applied, the job queue runs (pg-boss's own pool reaches its tables, and the
 * process is not shutting down), and for the web process, the preview origin answers.
 */
export function readinessChecks({ boss, stopping, previewUrl }: { boss: PgBoss; stopping: () => boolean; previewUrl?: string }) {
  const checks: Record<string, Check> = {
    database: async () => void (await sql`select 1`),
    migrations: async () => {
      const pending = await pendingMigrations(sql)
      if (pending.length) throw new Error(`not applied: ${pending.join(', ')}`)
    },
    jobQueue: async () => {
      if (stopping()) throw new Error('shutting down')
      await boss.getQueueSize(QUEUES.screenshot.name)
    },
  }
  if (previewUrl) {
    checks.previewOrigin = async () => {
      const response = await fetch(`${previewUrl}/healthz`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
      if (!response.ok) throw new Error(`answered ${response.status}`)
    }
  }
  return checks
}

export async function readiness(checks: Record<string, Check>): Promise<Readiness> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
      })
      try {
        await Promise.race([check(), late])
        return [name, { ok: true }] as const
      } catch (error) {
        return [name, { ok: false, error: error instanceof Error ? error.message : String(error) }] as const
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return { ready: results.every(([, result]) => result.ok), checks: Object.fromEntries(results) }
}

/** Where this process reaches a listener of its own bound to `host`. */
export const loopbackFor = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host)

/** The JSON answer of /readyz: 200 when every check passed, 503 naming the one that failed. */
export async function readyzAnswer(checks: Record<string, Check>) {
  const result = await readiness(checks)
  return { status: result.ready ? 200 : 503, body: JSON.stringify(result) }
}

/** The worker's /healthz and /readyz on a port of its own (WORKER_HEALTH_PORT). */
export function startHealthServer(port: number, host: string, checks: Record<string, Check>) {
  return new Promise<Server>((resolve, reject) => {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://worker').pathname
      const answer = (status: number, body: string) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        res.end(body)
      }
      if (path === '/healthz') return answer(200, '{"ok":true}')
      if (path !== '/readyz') return answer(404, '{"message":"Not found"}')
      void readyzAnswer(checks).then(({ status, body }) => answer(status, body))
    })
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}
