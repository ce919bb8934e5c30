import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import type { Env } from '../app/lib/env.server'
import { isLoopbackHostname } from '../app/lib/piece-origins'
import { configuredOrigins, frameSourceOf, previewOriginsFor, type PreviewOrigins } from '../app/lib/origins.server'
import { sendError } from './respond'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Content-Security-Policy for the app origin. Generated Piece code never runs here. */
export function contentSecurityPolicy(
  env: Env,
  nonce: string,
  { dev = false, origins = configuredOrigins(env) }: { dev?: boolean; origins?: PreviewOrigins } = {},
) {
  const formTargets = ["'self'", env.GOOGLE_OAUTH_URL ?? 'https://accounts.google.com']
  if (env.STRIPE_API_URL) formTargets.push(new URL(env.STRIPE_API_URL).origin)
  else formTargets.push('https://checkout.stripe.com')
  const directives = [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    `frame-src ${frameSourceOf(origins)}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets.join(' ')}`,
  ]
  return directives.join('; ')
}

const BASE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

/** Headers every response carries, documents or not. */
export function baseSecurityHeaders(env: Env) {
  const hsts = env.APP_ORIGIN.startsWith('https:')
  return (req: Request, res: Response, next: NextFunction) => {
    // Documents replace this with their nonce policy; everything else keeps this strict one.
    res.setHeader('Content-Security-Policy', BASE_POLICY)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    // Browsers honour it only on a trustworthy origin and log an error elsewhere (a local-network address over http).
    if (hsts || req.secure || isLoopbackHostname(req.hostname)) res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (hsts) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

/** A fresh nonce for this response's inline scripts, and the CSP that allows only them. */
export function contentSecurity(env: Env, { dev = false } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.nonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(env, nonce, { dev, origins: previewOriginsFor(req.get('host'), env) }))
    next()
  }
}

/**
 * Cross-site request forgery guard: a state-changing request that a browser marks as
 * coming from another site is refused. Non-browser clients (no Origin) pass, and they
 * authenticate with bearer tokens, which a forged cross-site request cannot carry.
 */
export function sameOriginMutations(env: Env) {
  const allowed = new Set(env.APP_ORIGINS)
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    if (req.path.startsWith('/api/webhooks/')) return next()
    const origin = req.get('origin')
    const ownOrigin = `${req.protocol}://${req.get('host')}`
    const fetchSite = req.get('sec-fetch-site')
    const crossSite = fetchSite === 'cross-site' || (origin && origin !== 'null' && origin !== ownOrigin && !allowed.has(origin))
    if (crossSite || origin === 'null') {
      return sendError(req, res, 403, 'This request came from another site and was refused.')
    }
    next()
  }
}
