import type { NextFunction, Request, Response } from 'express'
import type { Sql } from 'postgres'
import { isDatabaseUnavailable } from '../app/lib/db-outage'
import type { Env } from '../app/lib/env.server'
import { RATE_LIMITED_MESSAGE } from '../app/lib/messages'
import { refuse } from './respond'

export type Tier = 'forms' | 'mutations' | 'reads'

const WINDOW_MS = 60_000

/** Page and API paths whose POSTs are the abuse targets: sign-in, sign-up and public forms. */
const FORM_PATHS = new Set([
  '/signin',
  '/signup',
  '/auth/google',
  '/auth/google/link',
  '/auth/google/unlink',
  '/contact',
  '/settings/contact',
  '/landing',
  '/onboarding',
  '/api/public/contact',
  '/api/public/email-signup',
  '/api/public/auth/token',
  '/api/public/users/register',
  '/api/private/feedback',
  '/resources/feedback',
])

/** `/contact.data` (a single-fetch submission) and `/_root.data` count as their page. */
export function pagePath(path: string) {
  const stripped = path.replace(/\.data$/, '')
  return stripped === '/_root' ? '/' : stripped || '/'
}

export function tierFor(method: string, path: string): Tier {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'reads'
  return FORM_PATHS.has(pagePath(path)) ? 'forms' : 'mutations'
}

interface Store {
  hit(key: string, now: number): Promise<number>
}

/** Per-process fixed windows for the high-volume tiers. */
export class MemoryStore implements Store {
  private windows = new Map<string, { start: number; hits: number }>()
  async hit(key: string, now: number) {
    return this.hitNow(key, now)
  }
  /** The same count, at once: the page cache in front of Express counts its reads here. */
  hitNow(key: string, now: number) {
    const start = now - (now % WINDOW_MS)
    const current = this.windows.get(key)
    if (!current || current.start !== start) {
      if (this.windows.size > 50_000) this.prune(start)
      this.windows.set(key, { start, hits: 1 })
      return 1
    }
    current.hits += 1
    return current.hits
  }
  private prune(start: number) {
    for (const [key, value] of this.windows) if (value.start !== start) this.windows.delete(key)
  }
}

/** Shared windows in PostgreSQL, so the strict tier holds across every web instance. */
export class PostgresStore implements Store {
  constructor(private sql: Sql) {}
  async hit(key: string, now: number) {
    const start = new Date(now - (now % WINDOW_MS))
    const [row] = await this.sql<{ hits: number }[]>`
      insert into rate_limit_hits (bucket, window_start) values (${key}, ${start})
      on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
      returning hits`
    return row?.hits ?? 1
  }
}

export type RateLimiter = {
  middleware: (req: Request, res: Response, next: NextFunction) => Promise<void>
  /** Counts a read answered before Express (the page cache); false once the address is over its limit. */
  allowsRead: (ip: string) => boolean
}

export function rateLimit(env: Env, sql: Sql): RateLimiter {
  const limits: Record<Tier, number> = {
    forms: env.RATE_LIMIT_FORMS_PER_MINUTE,
    mutations: env.RATE_LIMIT_MUTATIONS_PER_MINUTE,
    reads: env.RATE_LIMIT_READS_PER_MINUTE,
  }
  const reads = new MemoryStore()
  const stores: Record<Tier, Store> = { forms: new PostgresStore(sql), mutations: new MemoryStore(), reads }
  const allowsRead = (ip: string) => limits.reads === 0 || reads.hitNow(`reads:${ip}`, Date.now()) <= limits.reads

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    const tier = tierFor(req.method, req.path)
    const limit = limits[tier]
    // Webhooks are refused on their signature before anything is stored, and the provider's bursts must not be turned away.
    if (limit === 0 || req.path.startsWith('/assets/') || req.path.startsWith('/api/webhooks/')) return next()
    try {
      const now = Date.now()
      const hits = await stores[tier].hit(`${tier}:${req.ip}`, now)
      if (hits <= limit) return next()
      res.setHeader('Retry-After', String(Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000)))
      const isPageSubmission = tier === 'forms' && !req.path.startsWith('/api/')
      if (isPageSubmission) {
        // The page's action answers with a form error, so the visitor keeps what they typed.
        res.locals.rateLimited = true
        return next()
      }
      refuse(req, res, next, { status: 429, message: RATE_LIMITED_MESSAGE })
    } catch (error) {
      // The forms tier counts in PostgreSQL. With the database down the request goes on: what
      // it asks needs the database too, so its handler answers 503, and in the form its
      // client reads (a page's form post with JavaScript gets Remix's encoding, server/remix.ts),
      // which a JSON answer from here is not.
      if (isDatabaseUnavailable(error)) return next()
      next(error)
    }
  }
  return { middleware, allowsRead }
}
