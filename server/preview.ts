import express from 'express'
import type { Env } from '../app/lib/env.server'

/**
 * The preview origin: the only place generated Piece code is served from. It shares no
 * cookies or storage with the app origin, so a Piece cannot read the app's session.
 */
export function createPreviewApp(env: Env) {
  const app = express()
  app.disable('x-powered-by')
  if (env.TRUST_PROXY === 'on') app.set('trust proxy', true)
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'no-referrer')
    res.setHeader('Content-Security-Policy', `frame-ancestors 'self' ${env.APP_ORIGIN}`)
    next()
  })
  app.get('/healthz', (_req, res) => void res.json({ ok: true }))
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found')
  })
  return app
}
