import { isDomainError } from './errors'

/**
 * The one "not found" of pages and resources: thrown from a loader it renders the shared
 * 'Page Not Found' boundary; returned from a resource route it is a small uncached text.
 */
export function notFound() {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

/** A loader's work whose "not found" refusal (a DomainError of that kind) is the page's 404. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not-found') throw notFound()
    throw error
  }
}

/** Whether an If-None-Match header names `etag` (weak or strong, in a list or alone). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string) {
  return Boolean(ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
}
