import type { LoaderFunctionArgs } from '@remix-run/node'
import { etagMatches, notFound } from '~/lib/http'
import { isDomainError } from '~/lib/errors'
import { extensionOf, loadImage, openImage, parseImageUrl } from '~/pieces/storage.server'

/** A store that is down is usually back soon; browsers and proxies may ask again after this. */
const RETRY_AFTER_SECONDS = '30'

/**
 * /images/{sha256}.{ext}: stored icons and screenshots, streamed from the object store
 * whichever it is (decision 0031). The address names the content, so a response never
 * changes and may be cached for a year by anyone.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const parsed = parseImageUrl(`/images/${params.hash ?? ''}`)
  if (!parsed) return notFound()
  const etag = `"${parsed.hash}"`
  const cacheHeaders = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag }
  const image = await loadImage(parsed.hash)
  if (!image || extensionOf(image.mime) !== parsed.extension) return notFound()
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: cacheHeaders })
  let content
  try {
    content = await openImage(image)
  } catch (error) {
    if (!isDomainError(error, 'unavailable')) throw error
    return new Response(error.message, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': RETRY_AFTER_SECONDS },
    })
  }
  if (!content) return notFound()
  return new Response(content.body, {
    headers: {
      ...cacheHeaders,
      'Content-Type': image.mime,
      'Content-Length': String(content.size),
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
