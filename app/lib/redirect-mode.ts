/**
 * A request header any script may send with a post whose answer it follows itself, as fetch's
 * `redirect: 'manual'` would if it could read the address: the HTTP layer answers a redirect
 * to it as 204 with the address in `X-Location` (and the redirect's cookies), since fetch
 * would follow a redirect and use up the toast it set (server/remix.ts; docs/decisions/0056).
 */
export const REDIRECT_MODE_HEADER = 'X-Redirect-Mode'
export const REDIRECT_LOCATION_HEADER = 'X-Location'
