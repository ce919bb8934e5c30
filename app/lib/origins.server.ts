import { getEnv, type Env } from './env.server'
import { isLocalNetworkHostname, isLoopbackHostname, pieceIdOfHost, pieceOrigin, pieceOriginsSource, splitHost } from './piece-origins'

/**
 * Where a page opened at an address frames its Piece previews from (issue 14.1,
 * docs/decisions/0025-previews-at-any-address.md).
 */
export type PreviewOrigins = {
  /** The app's origin as the page was opened at it: shared links name it. */
  app: string
  /** The preview origin the frames come from. */
  preview: string
  /** Each Piece on a host of its own (`p{id}.{preview host}`); false: every Piece on `preview` itself (a local-network address). */
  perPiece: boolean
  /** Set when no preview can be framed at this address: where to open Pieces instead. */
  elsewhere: string | null
}

/** The configured origins, for work no request asked for (a screenshot job). */
export const configuredOrigins = (env: Env = getEnv()): PreviewOrigins => ({
  app: env.APP_ORIGIN,
  preview: env.PREVIEW_ORIGIN,
  perPiece: true,
  elsewhere: null,
})

/**
 * The origins for a request that arrived with this Host header: one of the app's own
 * origins as configured; with nothing configured, a local-network address of this machine
 * (its previews then come from the same address on PREVIEW_PORT, since an IP address has no
 * subdomains); anything else shows where Pieces works instead of a refused frame.
 */
export function previewOriginsFor(host: string | undefined, env: Env = getEnv()): PreviewOrigins {
  const configured = configuredOrigins(env)
  const own = env.APP_ORIGINS.find((origin) => new URL(origin).host === host)
  if (own) return { ...configured, app: own }
  const parts = splitHost(host)
  if (
    env.ORIGINS_FROM_HOST &&
    parts &&
    !isLoopbackHostname(parts.hostname) &&
    isLocalNetworkHostname(parts.hostname) &&
    (parts.port || '80') === String(env.PORT)
  ) {
    return { app: `http://${host}`, preview: `http://${parts.hostname}:${env.PREVIEW_PORT}`, perPiece: false, elsewhere: null }
  }
  return { ...configured, elsewhere: env.APP_ORIGIN }
}

export const previewOriginsOf = (request: Request, env?: Env) => previewOriginsFor(new URL(request.url).host, env)

/**
 * The app's origin as this request was addressed to it (issue 37.6): an address we hand out
 * (a checkout's way back) follows the address the page was opened at, as its previews do, so
 * a user at 127.0.0.1 or at a local-network address is never sent to `localhost`, where they
 * are signed out (or, on a phone, at another machine). An address that is not the app's own
 * gets the configured APP_ORIGIN.
 */
export const appOriginOf = (request: Request, env?: Env) => previewOriginsOf(request, env).app

/** The origin a Piece's code runs on for these origins. */
export const pieceOriginIn = (origins: PreviewOrigins, pieceId: number) => (origins.perPiece ? pieceOrigin(origins.preview, pieceId) : origins.preview)

/** The CSP source a page needs to frame its previews: every Piece host, or the one shared preview origin. */
export const frameSourceOf = (origins: PreviewOrigins) => (origins.perPiece ? pieceOriginsSource(origins.preview) : origins.preview)

/**
 * What a request to the preview listener may serve: the Piece its host names (null: any
 * Piece its signed path names, on a shared local-network preview origin) and the app
 * origins allowed to frame it; null for a host that is not a preview origin.
 */
export function previewHostOf(host: string | undefined, env: Env = getEnv()): { pieceId: number | null; ancestors: string[] } | null {
  const pieceId = pieceIdOfHost(host, env.PREVIEW_ORIGIN)
  if (pieceId !== null) return { pieceId, ancestors: env.APP_ORIGINS }
  const parts = splitHost(host)
  if (!env.ORIGINS_FROM_HOST || !parts || isLoopbackHostname(parts.hostname) || !isLocalNetworkHostname(parts.hostname)) return null
  if (parts.port !== String(env.PREVIEW_PORT)) return null
  return { pieceId: null, ancestors: [`http://${parts.hostname}${env.PORT === 80 ? '' : `:${env.PORT}`}`] }
}
