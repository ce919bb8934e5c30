import type { NextFunction, Request, Response } from 'express'
import type { Env } from '../app/lib/env.server'
import { isLoopbackHostname } from '../app/lib/piece-origins'
import { configuredOrigins, frameSourceOf, previewOriginsFor, type PreviewOrigins } from '../app/lib/origins.server'
import { newNonce } from './nonce-slots'
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
    const nonce = newNonce()
    res.locals.nonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(env, nonce, { dev, origins: previewOriginsFor(req.get('host'), env) }))
    next()
  }
}

/**
 * Cross-site request forgery guard: a state-changing request that a browser marks as
 * coming from another site is refused. Non-browser clients (no Origin) pass, and they
 * authenticate with bearer tokens, which a forged cross-site request cannot carry.
 *
 * The app's own origin is what the request was addressed to: its Host, or behind
 * TRUST_PROXY=on the proxy's X-Forwarded-Host, or any of APP_ORIGINS. A proxy that rewrites
 * Host (nginx's default `proxy_set_header Host $proxy_host`) and forwards nothing else makes
 * every post look cross-origin unless APP_ORIGIN names the public address (README, "Running
 * for real"). This is the one judge of a request's Origin: a request it lets through is
 * marked, and the Remix adapter does not hand that Origin to Remix's own, narrower check,
 * which compares it with the Host header alone and throws a 500 (issue 26).
 */
export function sameOriginMutations(env: Env) {
  const allowed = new Set(env.APP_ORIGINS)
  const trustProxy = env.TRUST_PROXY === 'on'
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    if (req.path.startsWith('/api/webhooks/')) return next()
    const origin = req.get('origin')
    const forwardedHost = trustProxy ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
    const ownOrigin = `${req.protocol}://${forwardedHost || req.get('host')}`
    const fetchSite = req.get('sec-fetch-site')
    const crossSite = fetchSite === 'cross-site' || (origin && origin !== 'null' && origin !== ownOrigin && !allowed.has(origin))
    if (crossSite || origin === 'null') {
      return sendError(req, res, 403, CROSS_SITE_MESSAGE)
    }
    res.locals[ORIGIN_CHECKED] = true
    next()
  }
}

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.'

/** `res.locals` key: sameOriginMutations judged this request's Origin and let it through. */
export const ORIGIN_CHECKED = 'originChecked'
