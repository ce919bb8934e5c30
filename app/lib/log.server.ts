import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'
import { logSettings } from './env.server'
import { singleton } from './singleton.server'

/**
 * Structured logs (issue 16.5, docs/decisions/0036): one JSON object per line on standard
 * output, with `time`, `level` (as a word), `role` (web or worker), `component`, `msg`,
 * and whatever the current request or job is: `reqId` from the request that caused the
 * line, carried into the jobs it queued (`enqueueJob`), and `job`, `queue`,
 * `generationId` inside a job. `LOG_LEVEL` sets how much (info by default).
 */
export type LogContext = { reqId?: string; job?: string; queue?: string; generationId?: number; pieceId?: number }

/** The request id a proxy may hand us (TRUST_PROXY=on): short, and nothing that could break a log line. */
const FORWARDED_REQUEST_ID = /^[\w.:-]{1,100}$/

// One store and one logger per process: server.ts and the Remix bundle are separate module graphs.
const context = singleton('log-context', () => new AsyncLocalStorage<LogContext>())
const identity = singleton('log-process', (): { role: string | undefined } => ({ role: undefined }))

/** JSON lines, unless a person is reading: a terminal gets one readable line per entry (LOG_FORMAT overrides). */
function destination(): pino.DestinationStream {
  const format = logSettings().LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')
  if (format !== 'pretty') return process.stdout
  return pretty({
    sync: true,
    destination: process.stdout,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    messageFormat: '{if component}{component}: {end}{msg}',
    // Already in the message (a request's line says its method, path and status).
    ignore: 'pid,hostname,role,component,method,path,status',
  })
}

const root = singleton('log', () =>
  pino(
    {
      level: logSettings().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A fresh object each time: pino merges the line's own fields into it.
      mixin: () => ({ role: identity.role, ...context.getStore() }),
    },
    destination(),
  ),
)

/** The logger of one part of the product (`component` on each line). */
export function logger(component: string): Logger {
  return root.child({ component })
}

/** Names the process's role on every line from now on (runtime/boot.ts). */
export function setLogRole(role: string) {
  identity.role = role
}

/** Runs `work` with `fields` added to every line it logs (and `reqId` to the jobs it queues). */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run({ ...context.getStore(), ...defined(fields) }, work)
}

/**
 * Runs `work` in a context of its own: a request or a job, and callbacks of long-lived
 * connections (a database connection opened during one request would otherwise lend its
 * `reqId` to lines that have nothing to do with it).
 */
export function startLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run(defined(fields), work)
}

function defined(fields: LogContext): LogContext {
  const kept = { ...fields }
  for (const [key, value] of Object.entries(kept)) if (value === undefined) Reflect.deleteProperty(kept, key)
  return kept
}

/** The id of the request being answered (or whose job is running), if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId
}

/** A forwarded `X-Request-Id` when a trusted proxy gave a usable one, otherwise a new id. */
export function requestIdFor(forwarded: string | string[] | undefined, trustProxy: boolean): string {
  const given = Array.isArray(forwarded) ? forwarded[0] : forwarded
  return trustProxy && given && FORWARDED_REQUEST_ID.test(given) ? given : randomUUID()
}
