import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { Env } from '../app/lib/env.server'
import { previewOriginsFor } from '../app/lib/origins.server'
import { logger } from '../app/lib/log.server'
import { sendError } from './respond'

const log = logger('web')

/**
 * Express 4 does not await handlers: a rejected promise escapes it and, unhandled, ends
 * the process. Every middleware of ours is registered through this, so a rejection becomes
 * `next(error)` (the error handler's 500) instead.
 */
export function guarded(handler: (req: Request, res: Response, next: NextFunction) => unknown): RequestHandler {
  return (req, res, next) => {
    try {
      const result = handler(req, res, next)
      if (result instanceof Promise) result.catch(next)
    } catch (error) {
      next(error)
    }
  }
}

/** A path whose percent-encoding cannot be decoded is answered 400 before anything reads it. */
export function rejectMalformedPaths(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path)
  } catch {
    return sendError(req, res, 400, 'This address is malformed.')
  }
  next()
}

/**
 * Previews are framed only by the app's own origins (APP_ORIGINS, or with nothing
 * configured, a local-network address of this machine: app/lib/origins.server.ts). A page
 * opened at any other address shows where to open Pieces in place of its previews, and the
 * first such visit says it once in the log.
 */
export function warnAtForeignOrigin(env: Env) {
  let warned = false
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!warned && req.method === 'GET' && req.accepts('html')) {
      const { elsewhere } = previewOriginsFor(req.get('host'), env)
      if (elsewhere) {
        warned = true
        log.warn(
          `opened at ${req.protocol}://${req.get('host') ?? ''}, but previews are framed only by ${env.APP_ORIGINS.join(' and ')}: open Pieces at ${elsewhere}, or set APP_ORIGIN`,
        )
      }
    }
    next()
  }
}
