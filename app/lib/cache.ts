import type { HeadersFunction } from '@remix-run/node'

/**
 * Anonymous visitors share one rendering of a public page for a minute (the HTTP
 * layer's page cache and any CDN honour `s-maxage`); a signed-in page is never shared.
 */
export function publicPageHeaders(signedIn: boolean): HeadersInit {
  return signedIn ? { 'Cache-Control': 'private, no-store', Vary: 'Cookie' } : { 'Cache-Control': 'public, max-age=0, s-maxage=60', Vary: 'Cookie' }
}

export const loaderHeaders: HeadersFunction = ({ loaderHeaders: headers, errorHeaders }) => errorHeaders ?? headers
