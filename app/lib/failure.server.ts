import { isDatabaseUnavailable } from './db-outage'
import { logger } from './log.server'
import { DATABASE_UNAVAILABLE_MESSAGE, SERVER_ERROR_MESSAGE } from './messages'

export type UnexpectedFailure = { message: string; status: 500 | 503 }

/**
 * What a form says of an error that is no refusal of ours: while the database cannot be
 * reached, that it is temporarily unavailable (503, logged as a warning); otherwise the
 * spec's "something went wrong" (500), with the error logged. The same as the JSON API
 * (app/lib/api.server.ts) and the route wrapper for pages (server/remix.ts).
 */
export function unexpectedFailure(component: string, what: string, error: unknown): UnexpectedFailure {
  if (isDatabaseUnavailable(error)) {
    logger(component).warn({ err: error instanceof Error ? error.message : String(error) }, `${what}: the database is unavailable`)
    return { message: DATABASE_UNAVAILABLE_MESSAGE, status: 503 }
  }
  logger(component).error({ err: error }, what)
  return { message: SERVER_ERROR_MESSAGE, status: 500 }
}
