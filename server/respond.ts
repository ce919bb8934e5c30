import type { NextFunction, Request, Response } from 'express'
import { RETRY_AFTER_SECONDS } from '../app/lib/db-outage'
import type { Refusal } from '../app/lib/context'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../app/lib/messages'
import { renderErrorPage } from './error-page'

/** Remix's single fetch from a page (`/settings.data`), never an API path that happens to end so. */
export const isPageDataRequest = (req: Request) => req.path.endsWith('.data') && !req.path.startsWith('/api/')

/** JSON `{ message }` for API clients and pages' data requests, a small readable page for browsers. */
export function sendError(req: Request, res: Response, status: number, message: string) {
  if (req.path.startsWith('/api/') || isPageDataRequest(req) || !req.accepts('html')) {
    res.status(status).json({ message })
    return
  }
  res.status(status).type('html').send(renderErrorPage(status, message))
}

/** While the database cannot be reached: 503 and when to try again, as JSON or as a page. */
export function sendUnavailable(req: Request, res: Response) {
  res.set('Retry-After', String(RETRY_AFTER_SECONDS))
  sendError(req, res, 503, DATABASE_UNAVAILABLE_MESSAGE)
}

/**
 * Refuses a request before any handler runs (a rate limit). A page's data
 * request (`.data`: a page with JavaScript following a link or posting a form) cannot read
 * JSON, so it goes on to Remix with the refusal in its load context instead: no loader or
 * action runs, and Remix answers it with this status in the encoding the page reads
 * (server/remix.ts), which its form or error screen then shows.
 */
export function refuse(req: Request, res: Response, next: NextFunction, { status, message }: Refusal) {
  if (!isPageDataRequest(req)) return sendError(req, res, status, message)
  res.locals.refusal = { status, message } satisfies Refusal
  next()
}
