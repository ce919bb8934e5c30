import express from 'express'
import type { Env } from '../app/lib/env.server'
import { loadPreviewDocument, verifyPreviewSignature, type PreviewDocument } from '../app/pieces/preview.server'

const MAX_CACHED_DOCUMENTS = 500

/**
 * What a Piece may do on the preview origin: run its own inline code and load from the web,
 * be framed only by the app, and nothing else of ours is here to reach.
 */
export function pieceContentSecurityPolicy(appOrigin: string) {
  return [
    "default-src 'self' https: data: blob:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' https: blob:",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' https: data: blob:",
    "font-src 'self' https: data:",
    "connect-src 'self' https:",
    "form-action 'self'",
    `frame-ancestors ${appOrigin}`,
  ].join('; ')
}

/**
 * The preview origin: the only place generated Piece code is served from. It shares no
 * storage with the app origin and no cookie is needed here: the app hands out signed,
 * expiring addresses (`/p/{id}?v=&exp=&sig=`) after checking the viewer may see the Piece.
 */
export function createPreviewApp(env: Env) {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  if (env.TRUST_PROXY === 'on') app.set('trust proxy', true)
  const pieceCsp = pieceContentSecurityPolicy(env.APP_ORIGIN)
  const cache = new Map<string, PreviewDocument>()

  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'no-referrer')
    res.setHeader('Content-Security-Policy', `frame-ancestors 'self' ${env.APP_ORIGIN}`)
    next()
  })
  app.get('/healthz', (_req, res) => void res.json({ ok: true }))

  app.get('/p/:id', async (req, res, next) => {
    try {
      const query = { pieceId: req.params.id, version: String(req.query.v ?? ''), expires: String(req.query.exp ?? ''), signature: String(req.query.sig ?? '') }
      if (!verifyPreviewSignature(query)) {
        res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store').send('Not found')
        return
      }
      // The signed version names the saved code, so a cached copy is the right one.
      const key = `${query.pieceId}:${query.version}`
      let document = cache.get(key)
      if (!document) {
        const loaded = await loadPreviewDocument(Number(query.pieceId))
        if (!loaded) {
          res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store').send('Not found')
          return
        }
        document = loaded
        if (cache.size >= MAX_CACHED_DOCUMENTS) cache.delete(cache.keys().next().value!)
        cache.set(key, document)
      }
      res.setHeader('Content-Security-Policy', pieceCsp)
      res.setHeader('Cache-Control', 'private, no-cache')
      res.setHeader('ETag', document.etag)
      if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === document.etag)) {
        res.status(304).end()
        return
      }
      res.type('html').send(document.html)
    } catch (error) {
      next(error)
    }
  })

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found')
  })
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    console.error('[preview] unhandled error:', error)
    if (!res.headersSent) res.status(500).type('text/plain').send('Something went wrong on our side. Please try again.')
  })
  return app
}
