import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { sendError } from './respond'

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
 * Previews are framed only by the app's own origins (APP_ORIGINS). A page opened at any
 * other address (a LAN address, a second domain) would show refused frames with no hint,
 * so the first such visit says once in the log which address to use.
 */
export function warnAtForeignOrigin(appOrigins: string[]) {
  let warned = false
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!warned && req.method === 'GET' && req.accepts('html')) {
      const origin = `${req.protocol}://${req.get('host') ?? ''}`
      if (!appOrigins.includes(origin)) {
        warned = true
        console.warn(`[web] opened at ${origin}, but previews are framed only by ${appOrigins.join(' and ')}: open Pieces there, or set APP_ORIGIN`)
      }
    }
    next()
  }
}
