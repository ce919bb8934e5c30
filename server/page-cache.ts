import type { NextFunction, Request, Response } from 'express'

type Entry = { status: number; headers: [string, string][]; body: Buffer; expires: number }

const MAX_ENTRIES = 500
const KEPT_HEADERS = new Set(['content-type', 'cache-control', 'content-security-policy', 'vary', 'x-remix-response'])

/**
 * A tiny shared cache for anonymous pages. A loader opts in with
 * `Cache-Control: s-maxage=N`; only requests without a session or flash cookie are
 * served from it, and only responses that set no cookie are stored. The stored page
 * keeps the CSP nonce it was rendered with (these pages carry no user input).
 */
export function anonymousPageCache(cookieNamesThatPersonalise: string[]) {
  const entries = new Map<string, Entry>()

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || isPersonal(req, cookieNamesThatPersonalise)) return next()
    const key = `${req.originalUrl}|${req.get('cookie') ?? ''}`
    const hit = entries.get(key)
    if (hit && hit.expires > Date.now()) {
      res.status(hit.status)
      for (const [name, value] of hit.headers) res.setHeader(name, value)
      res.setHeader('X-Page-Cache', 'hit')
      res.end(hit.body)
      return
    }
    if (hit) entries.delete(key)

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
      if (maxAge > 0 && res.statusCode === 200 && !res.getHeader('set-cookie')) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
        entries.set(key, {
          status: res.statusCode,
          headers: Object.entries(res.getHeaders())
            .filter(([name]) => KEPT_HEADERS.has(name))
            .map(([name, value]) => [name, String(value)]),
          body: Buffer.concat(chunks),
          expires: Date.now() + maxAge * 1000,
        })
      }
      return end(chunk, ...rest)
    }) as Response['end']
    next()
  }
}

function isPersonal(req: Request, names: string[]) {
  const cookie = req.get('cookie')
  if (req.get('authorization')) return true
  if (!cookie) return false
  return names.some((name) => cookie.includes(`${name}=`))
}

export function sharedMaxAge(header: unknown) {
  const match = /s-maxage=(\d+)/.exec(String(header ?? ''))
  return match ? Number(match[1]) : 0
}
