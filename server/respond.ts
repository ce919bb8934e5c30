import type { Request, Response } from 'express'
import { renderErrorPage } from './error-page'

/** JSON `{ message }` for API clients, a small readable page for browsers. */
export function sendError(req: Request, res: Response, status: number, message: string) {
  if (req.path.startsWith('/api/') || req.path.endsWith('.data') || !req.accepts('html')) {
    res.status(status).json({ message })
    return
  }
  res.status(status).type('html').send(renderErrorPage(status, message))
}
