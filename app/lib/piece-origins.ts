import { getDomain } from 'tldts'

/**
 * Each Piece runs on an origin of its own, `p{id}.{preview host}` (e.g.
 * `http://p12.localhost:3001`; browsers resolve `*.localhost` to loopback), so Pieces
 * share no cookies, localStorage or IndexedDB with the app or with each other. The id,
 * not the name, names the origin, so a rename keeps the Piece's storage.
 * See docs/decisions/0014-per-piece-origins.md.
 */
const LABEL = /^p(\d{1,15})\.(.+)$/

export function pieceOrigin(previewOrigin: string, pieceId: number) {
  const url = new URL(previewOrigin)
  url.hostname = `p${pieceId}.${url.hostname}`
  return url.origin
}

/** The CSP source that matches every Piece origin: `http://*.localhost:3001`. */
export function pieceOriginsSource(previewOrigin: string) {
  const url = new URL(previewOrigin)
  return `${url.protocol}//*.${url.host}`
}

/** The Piece a request to the preview listener is for, read off its Host header; null for any other host. */
export function pieceIdOfHost(host: string | undefined, previewOrigin: string): number | null {
  const preview = new URL(previewOrigin)
  let url: URL
  try {
    url = new URL(`${preview.protocol}//${host ?? ''}`)
  } catch {
    return null
  }
  const match = LABEL.exec(url.hostname)
  if (!match || match[2] !== preview.hostname || url.port !== preview.port) return null
  return Number(match[1])
}

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/** This machine by a loopback name: a "potentially trustworthy" origin even over http. */
export const isLoopbackHostname = (hostname: string | undefined) => LOOPBACK_HOSTNAMES.has((hostname ?? '').toLowerCase())

/**
 * Host names a browser on the local network reaches this machine by: IPv4 literals and
 * local names (`.local`, `.lan`, `.internal`, `.home.arpa`, or a single label). A public
 * domain name is not one of them, so a page of another site that rebinds its name to this
 * machine is never taken for the app. IPv6 literals are left out: a CSP source cannot name them.
 */
export function isLocalNetworkHostname(hostname: string) {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split('.').every((part) => Number(part) <= 255)
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) return false
  return !host.includes('.') || /\.(local|lan|internal|home\.arpa)$/.test(host)
}

/** The hostname and port of a Host header (port '' when it names none); null when it is not a plain host. */
export function splitHost(host: string | undefined): { hostname: string; port: string } | null {
  const [, hostname, port] = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i.exec(host ?? '') ?? []
  return hostname === undefined ? null : { hostname: hostname.toLowerCase(), port: port ?? '' }
}

const siteOf = (hostname: string) => getDomain(hostname, { allowPrivateDomains: true }) ?? hostname

/**
 * Why a preview origin is unsafe for this app origin, or null when it is fine: Piece
 * origins must be host names (they get a label in front) and on another site than the
 * app, or Piece code could write cookies the app reads.
 */
export function previewOriginProblem(appOrigin: string, previewOrigin: string): string | null {
  const preview = new URL(previewOrigin)
  if (/^[\d.]+$/.test(preview.hostname) || preview.hostname.startsWith('[')) {
    return 'must be a host name, not an IP address (each Piece runs on a subdomain of it)'
  }
  if (siteOf(new URL(pieceOrigin(previewOrigin, 1)).hostname) === siteOf(new URL(appOrigin).hostname)) {
    return `must be on another site than APP_ORIGIN (Pieces at *.${preview.hostname} could set cookies for ${new URL(appOrigin).hostname})`
  }
  return null
}
