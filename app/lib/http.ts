/**
 * The one "not found" of pages and resources: thrown from a loader it renders the shared
 * 'Page Not Found' boundary; returned from a resource route it is a small uncached text.
 */
export function notFound() {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

/** Whether an If-None-Match header names `etag` (weak or strong, in a list or alone). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string) {
  return Boolean(ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
}
