/**
 * Errors that mean "the database cannot be reached right now", as opposed to a query that
 * is wrong: the product answers them 503 with Retry-After (API and pages alike) instead of
 * 500, and the client tries again once the database is back. postgres.js and node-postgres
 * (pg-boss) report them differently, so both shapes are recognised here, once.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])
/** postgres.js's own codes for a connection that went away or never came. */
const DRIVER_CODES = new Set(['CONNECTION_ENDED', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'])
/** SQLSTATE: the server is shutting down or starting (57P01-57P03), or the connection failed (class 08). */
const SERVER_STATES = /^(57P0[123]|08\d{3})$/
/** node-postgres says so in words only. */
const DRIVER_MESSAGES = /Connection terminated|connection timeout|Client has encountered a connection error/i

export const RETRY_AFTER_SECONDS = 5

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = 'code' in current ? current.code : undefined
    const message = 'message' in current ? current.message : undefined
    const cause = 'cause' in current ? current.cause : undefined
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || DRIVER_CODES.has(code) || SERVER_STATES.test(code))) return true
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true
    current = cause
  }
  return false
}
