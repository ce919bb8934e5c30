import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db-outage'
import { DomainError, type RefusalKind } from './errors'
import { DATABASE_UNAVAILABLE_MESSAGE, INVALID_JSON_MESSAGE, RATE_LIMITED_MESSAGE, SERVER_ERROR_MESSAGE } from './messages'
import { logger } from './log.server'

const log = logger('api')

/** The one error shape of every JSON endpoint. */
export type ApiErrorBody = { message: string; requiresSubscription?: boolean }

export const JSON_BODY_LIMIT = 256 * 1024

export function apiJson(data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Cache-Control', headers.get('Cache-Control') ?? 'no-store')
  return Response.json(data, { ...init, headers })
}

export function apiError(status: number, message: string, extra: Omit<ApiErrorBody, 'message'> = {}) {
  return apiJson({ message, ...extra }, { status })
}

/** The status each kind of refusal answers with (spec: 400 validation, 401, 403, 404, 409, 429). */
export const STATUS_OF: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'limit-reached': 429,
  unavailable: 502,
  // The product is at capacity (issue 27.3): the client tries again after Retry-After.
  busy: 503,
}

/** Thrown by a route or this module's readers (HTTP-level problems) to answer with an error at once. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, 'message'> = {},
  ) {
    super(message)
  }
}

type Args = LoaderFunctionArgs | ActionFunctionArgs

/**
 * Wraps an endpoint so nothing escapes as a 500 page or a stack trace: failures become
 * JSON `{ message }` with their status, and the strict rate limit applies to forms. A
 * database that cannot be reached is a 503 with Retry-After (docs/decisions/0030).
 */
export function apiRoute(handler: (args: Args) => Promise<Response>) {
  return async (args: Args) => {
    try {
      return await handler(args)
    } catch (error) {
      if (error instanceof ApiFailure) return apiError(error.status, error.message, error.extra)
      if (error instanceof DomainError) return domainErrorAnswer(error)
      if (error instanceof Response) return error
      if (isDatabaseUnavailable(error)) return databaseUnavailable()
      log.error({ err: error }, 'unexpected error')
      return apiError(500, SERVER_ERROR_MESSAGE)
    }
  }
}

/** A feature's refusal as JSON: its status, the one error shape, and Retry-After when it says when. */
export function domainErrorAnswer({ kind, message, details: { retryAfterSeconds, ...extra } }: DomainError) {
  const answer = apiError(STATUS_OF[kind], message, extra)
  if (retryAfterSeconds !== undefined) answer.headers.set('Retry-After', String(retryAfterSeconds))
  return answer
}

/** The answer to any API call while the database is unreachable: the client tries again later. */
export function databaseUnavailable() {
  return apiJson({ message: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })
}

export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    throw new ApiFailure(405, `Method ${request.method} is not allowed here.`)
  }
}

/** Reads a JSON body of bounded size and validates it; the first problem becomes the message. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T, limit = JSON_BODY_LIMIT): Promise<z.infer<T>> {
  const text = await readText(request, limit)
  let value: unknown
  try {
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new ApiFailure(400, INVALID_JSON_MESSAGE)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiFailure(400, 'The request body must be a JSON object.')
  }
  return parseOrFail(schema, value)
}

export function parseOrFail<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw new ApiFailure(400, result.error.issues[0]?.message ?? 'Invalid request')
  return result.data
}

async function readText(request: Request, limit: number) {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Read (and drop) the rest so the client gets the answer instead of a reset connection.
      await drain(reader, DRAIN_LIMIT - size)
      throw new ApiFailure(413, `Request body is too large (limit ${Math.round(limit / 1024)} KB).`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const DRAIN_LIMIT = 12 * 1024 * 1024

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number) {
  for (let left = budget; left > 0;) {
    const { done, value } = await reader.read()
    if (done) return
    left -= value.byteLength
  }
  await reader.cancel()
}

export function ensureNotRateLimited(context: { rateLimited?: boolean }) {
  if (context.rateLimited) throw new ApiFailure(429, RATE_LIMITED_MESSAGE)
}

/** The loader of an endpoint that only takes POST, PATCH or DELETE. */
export const rejectGet = () => apiError(405, 'Method GET is not allowed here.')
