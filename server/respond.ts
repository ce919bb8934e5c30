import type { Request, Response } from 'express'
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
