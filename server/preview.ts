import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Env } from '../app/lib/env.server'
import { etagMatches } from '../app/lib/http'
import { previewHostOf } from '../app/lib/origins.server'
import {
  loadPreviewDocument,
  PREVIEW_KIND_OF_PATH,
  runnerDocument,
  verifyPreviewSignature,
  type PreviewDocument,
  type PreviewKind,
} from '../app/pieces/preview.server'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../app/lib/db-outage'
import { DATABASE_UNAVAILABLE_MESSAGE, SERVER_ERROR_MESSAGE } from '../app/lib/messages'
import { logger } from '../app/lib/log.server'
import { DATA_PATH_PREFIX } from '../app/piece-data/constants'
import { createPieceDataApi } from './piece-data-api'

const log = logger('preview')

/** Saved documents kept in memory, by total size (one Piece can be megabytes). */
const MAX_CACHED_BYTES = 32 * 1024 * 1024

/**
 * What a Piece may do on the preview origin: run its own inline code and load from the web,
 * be framed only by the app, and nothing else of ours is here to reach.
 */
export function pieceContentSecurityPolicy(appOrigins: string[]) {
  return [
    "default-src 'self' https: data: blob:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' https: blob:",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' https: data: blob:",
    "font-src 'self' https: data:",
    "connect-src 'self' https:",
    "form-action 'self'",
    `frame-ancestors ${appOrigins.join(' ')}`,
  ].join('; ')
}

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

/** A short text answer (a refusal, an error) that only the app's own origins may frame. */
function plainAnswer(res: ServerResponse, status: number, text: string, ancestors: string[]) {
  res.writeHead(status, {
    ...BASE_HEADERS,
    'Content-Security-Policy': `frame-ancestors 'self' ${ancestors.join(' ')}`,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  })
  res.end(text)
}

/** `make` remembered for up to `max` keys (then forgotten all at once). */
function memo<T>(make: (key: string) => T, max = 16) {
  const made = new Map<string, T>()
  return (key: string) => {
    let value = made.get(key)
    if (value === undefined) {
      if (made.size >= max) made.clear()
      value = make(key)
      made.set(key, value)
    }
    return value
  }
}

/**
 * The preview origins: the only place generated Piece code is served from, each Piece on
 * its own host (`p{id}.{preview host}`, docs/decisions/0014), so it shares no storage with
 * the app or with other Pieces. It needs no cookie: the app hands out signed, expiring
 * addresses (`/p/{id}?v=&exp=&sig=`) after checking that the viewer may see the Piece, and
 * a Piece is served only on its own host. A plain node:http handler, because it serves one
 * kind of request and serves it a lot.
 */
export function createPreviewHandler(env: Env) {
  // By the app origins that may frame them: the configured ones, or one local-network
  // address. Few in practice; the bound keeps a stream of made-up Host headers from growing them.
  const headersFor = memo((ancestors: string) => ({
    ...BASE_HEADERS,
    'Content-Security-Policy': pieceContentSecurityPolicy(ancestors.split(' ')),
    'Cache-Control': 'private, no-cache',
  }))
  const runnerFor = memo((ancestors: string) => Buffer.from(runnerDocument(ancestors.split(' '))))
  const cache = new Map<string, PreviewDocument>()
  const dataApi = createPieceDataApi(env)

  const plain = (res: ServerResponse, status: number, text: string, ancestors = env.APP_ORIGINS) => plainAnswer(res, status, text, ancestors)

  let cachedBytes = 0

  async function document(query: { kind: PreviewKind; pieceId: string; version: string }) {
    // The signed version names the saved code, so a cached copy is the right one; a draft
    // (or the code a generation is checking) changes under one address, so it is never cached.
    const key = `${query.pieceId}:${query.version}`
    const cached = query.kind === 'saved' ? cache.get(key) : undefined
    if (cached) return cached
    const loaded = await loadPreviewDocument(Number(query.pieceId), query.kind, query.version)
    if (!loaded || query.kind !== 'saved' || loaded.bytes.length > MAX_CACHED_BYTES / 8) return loaded
    cachedBytes += loaded.bytes.length - (cache.get(key)?.bytes.length ?? 0)
    cache.set(key, loaded)
    for (const [oldest, entry] of cache) {
      if (cachedBytes <= MAX_CACHED_BYTES) break
      cache.delete(oldest)
      cachedBytes -= entry.bytes.length
    }
    return loaded
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://preview')
      if (url.pathname.startsWith(`${DATA_PATH_PREFIX}/`)) {
        const host = previewHostOf(req.headers.host, env)
        return host ? await dataApi(req, res, url, host.pieceId) : plain(res, 404, 'Not found')
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed')
      if (url.pathname === '/healthz') {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return res.end('{"ok":true}')
      }
      const host = previewHostOf(req.headers.host, env)
      if (!host) return plain(res, 404, 'Not found')
      const headers = headersFor(host.ancestors.join(' '))
      if (url.pathname === '/runner') {
        // Renders only what the app posts; it holds nothing of its own, so it needs no signature.
        const runner = runnerFor(host.ancestors.join(' '))
        res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': runner.length })
        return res.end(req.method === 'HEAD' ? undefined : runner)
      }
      const match = /^\/(p|d|c|v)\/(\d{1,15})$/.exec(url.pathname)
      if (!match || (host.pieceId !== null && Number(match[2]) !== host.pieceId)) return plain(res, 404, 'Not found', host.ancestors)
      const query = {
        kind: PREVIEW_KIND_OF_PATH[match[1]!]!,
        pieceId: match[2]!,
        version: url.searchParams.get('v') ?? '',
        expires: url.searchParams.get('exp') ?? '',
        signature: url.searchParams.get('sig') ?? '',
      }
      if (!verifyPreviewSignature(query)) return plain(res, 404, 'Not found', host.ancestors)
      const found = await document(query)
      if (!found) return plain(res, 404, 'Not found', host.ancestors)
      if (etagMatches(req.headers['if-none-match'], found.etag)) {
        res.writeHead(304, { ...headers, ETag: found.etag })
        return res.end()
      }
      res.writeHead(200, { ...headers, ETag: found.etag, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': found.bytes.length })
      res.end(req.method === 'HEAD' ? undefined : found.bytes)
    } catch (error) {
      const unavailable = isDatabaseUnavailable(error)
      if (!unavailable) log.error({ err: error }, 'unhandled error')
      if (res.headersSent) return void res.end()
      if (unavailable) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
      plain(res, unavailable ? 503 : 500, unavailable ? DATABASE_UNAVAILABLE_MESSAGE : SERVER_ERROR_MESSAGE)
    }
  }
}
