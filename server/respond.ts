import type { NextFunction, Request, Response } from 'express'
import { RETRY_AFTER_SECONDS } from '../app/lib/db-outage'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../app/lib/messages'
import { renderErrorPage } from './error-page'

/** JSON `{ message }` for API clients, a small readable page for browsers. */
export function sendError(req: Request, res: Response, status: number, message: string) {
  if (req.path.startsWith('/api/') || req.path.endsWith('.data') || !req.accepts('html')) {
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

/** Remix's single fetch from a page (`/settings.data`), never an API path that happens to end so. */
const isPageDataRequest = (req: Request) => req.path.endsWith('.data') && !req.path.startsWith('/api/')

/** A refusal the HTTP layer makes before Remix runs (a rate limit): handed on to Remix for a page's data request (`refuse`). */
export type Refusal = { status: number; message: string }

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
