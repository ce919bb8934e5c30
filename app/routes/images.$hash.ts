import type { LoaderFunctionArgs } from '@remix-run/node'
import { etagMatches, notFound } from '~/lib/http'
import { extensionOf, loadImage, parseImageUrl } from '~/pieces/storage.server'

/**
 * /images/{sha256}.{ext}: stored icons and screenshots. The address names the content, so
 * a response never changes and may be cached for a year by anyone.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const parsed = parseImageUrl(`/images/${params.hash ?? ''}`)
  if (!parsed) return notFound()
  const etag = `"${parsed.hash}"`
  const cacheHeaders = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag }
  const image = await loadImage(parsed.hash)
  if (!image || extensionOf(image.mime) !== parsed.extension) return notFound()
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: cacheHeaders })
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      ...cacheHeaders,
      'Content-Type': image.mime,
      'Content-Length': String(image.bytes.length),
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
