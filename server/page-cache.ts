import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { chooseEncoding, encodeEach, MIN_BYTES, type Encoding } from './compression'
import { newNonce, NonceSlots, replaceNonce } from './nonce-slots'

type Entry = {
  status: number
  headers: OutgoingHttpHeaders
  body: Buffer
  encoded: Partial<Record<Encoding, Buffer>>
  /** A page that carries a CSP nonce: each copy gets a fresh one, in the page and in its policy. */
  nonced: { nonce: string; slots: NonceSlots } | null
  expires: number
}

const MAX_ENTRIES = 500
/** Headers that belong to one response or one connection, never to a shared copy. */
const DROPPED_HEADERS = new Set([
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-page-cache',
  'x-request-id',
  'etag',
  // The page is kept as rendered, and encoded here for each client (the live response may have been compressed on its way).
  'content-encoding',
  'vary',
])

/**
 * A tiny shared cache for anonymous pages, answered in front of Express (docs/decisions/0006).
 * A loader opts in with `Cache-Control: s-maxage=N`; only GETs without a session or flash
 * cookie or a bearer token are served from it, and only 200s that set no cookie are stored,
 * with every header the full path gave them (security headers included). Every copy sent
 * gets a CSP nonce of its own, written into the kept bytes as they go out (decision 0051):
 * /landing shows what users wrote, so a nonce seen once must not open the next visitor's
 * page. Such a page goes out gzipped or plain (brotli cannot take a nonce written in). The key holds
 * the host and the scheme as well as the address and cookies, because the policy and the
 * preview origins are derived from them.
 */
export class PageCache {
  private entries = new Map<string, Entry>()

  constructor(
    private cookieNamesThatPersonalise: string[],
    private trustProxy: boolean,
  ) {}

  /**
   * Answers a fresh shared copy and says so; false sends the request down the full path.
   * `admit` is asked only on a hit (the read limit counts it then, and the full path counts the rest).
   */
  serve(req: IncomingMessage, res: ServerResponse, admit: () => boolean): boolean {
    const key = this.keyOf(req)
    if (!key) return false
    const hit = this.entries.get(key)
    if (!hit) return false
    if (hit.expires <= Date.now()) {
      this.entries.delete(key)
      return false
    }
    if (!admit()) return false
    const { chunks, encoding, headers } = hit.nonced ? this.withFreshNonce(hit, hit.nonced, req) : this.asKept(hit, req)
    res.writeHead(hit.status, {
      ...headers,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'x-page-cache': 'hit',
      'content-length': chunks.reduce((length, chunk) => length + chunk.length, 0),
    })
    // The chunks go out together (one write of several buffers), without being copied into one.
    res.cork()
    for (const chunk of chunks) res.write(chunk)
    res.end()
    return true
  }

  private asKept(hit: Entry, req: IncomingMessage) {
    const encoding = chooseEncoding(req.headers['accept-encoding'])
    const encoded = encoding ? hit.encoded[encoding] : undefined
    return { chunks: [encoded ?? hit.body], encoding: encoded ? encoding : null, headers: hit.headers }
  }

  private withFreshNonce(hit: Entry, { nonce, slots }: NonNullable<Entry['nonced']>, req: IncomingMessage) {
    const fresh = newNonce()
    const policy = hit.headers['content-security-policy']
    const headers = typeof policy === 'string' ? { ...hit.headers, 'content-security-policy': replaceNonce(policy, nonce, fresh) } : hit.headers
    const encoding = slots.gzipped ? chooseEncoding(req.headers['accept-encoding'], ['gzip']) : null
    return { chunks: encoding ? slots.gzip(fresh) : slots.fill(fresh), encoding, headers }
  }

  /** Express middleware on the full path: keeps what a shareable page answered. */
  store() {
    return (req: Request, res: Response, next: NextFunction) => {
      const key = this.keyOf(req)
      if (!key) return next()
      const chunks: Buffer[] = []
      const write = res.write.bind(res) as (...args: unknown[]) => boolean
      const end = res.end.bind(res) as (...args: unknown[]) => Response
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (chunk) chunks.push(Buffer.from(chunk as Buffer))
        return write(chunk, ...rest)
      }) as Response['write']
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer))
        const maxAge = sharedMaxAge(res.getHeader('cache-control'))
        if (maxAge > 0 && res.statusCode === 200 && !res.getHeader('set-cookie')) this.keep(key, res, Buffer.concat(chunks), maxAge)
        return end(chunk, ...rest)
      }) as Response['end']
      next()
    }
  }

  private keep(key: string, res: Response, body: Buffer, maxAgeSeconds: number) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string)
    const headers: OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined && !DROPPED_HEADERS.has(name)) headers[name] = value
    const nonce: unknown = res.locals.nonce
    const slots = typeof nonce === 'string' && nonce ? new NonceSlots(body, nonce, { gzip: body.length >= MIN_BYTES }) : null
    const nonced = slots?.holdsNonce ? { nonce: String(nonce), slots } : null
    const encoded = nonced ? {} : encodeEach(body)
    const vary = new Set(
      String(res.getHeader('vary') ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    if (Object.keys(encoded).length || nonced?.slots.gzipped) vary.add('Accept-Encoding')
    if (vary.size) headers.vary = [...vary].join(', ')
    this.entries.set(key, { status: res.statusCode, headers, body, encoded, nonced, expires: Date.now() + maxAgeSeconds * 1000 })
  }

  private keyOf(req: IncomingMessage): string | null {
    const { headers } = req
    if (req.method !== 'GET' || headers.authorization || isPersonal(headers.cookie, this.cookieNamesThatPersonalise)) return null
    // Express's `originalUrl`: the address as the client sent it, before any router rewrote it.
    const url = (req as Partial<Request>).originalUrl ?? req.url ?? ''
    const scheme = this.trustProxy ? String(headers['x-forwarded-proto'] ?? '') : ''
    const host = (this.trustProxy && headers['x-forwarded-host']) || headers.host || ''
    return `${scheme}|${String(host)}|${url}|${headers.cookie ?? ''}`
  }
}

function isPersonal(cookie: string | undefined, names: string[]) {
  return Boolean(cookie) && names.some((name) => cookie!.includes(`${name}=`))
}

export function sharedMaxAge(header: unknown) {
  const match = /s-maxage=(\d+)/.exec(String(header ?? ''))
  return match ? Number(match[1]) : 0
}
