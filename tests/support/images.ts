import * as imagesRoute from '../../app/routes/images.$hash'
import { ROUTE_CONTEXT } from './routes'

/** GET /images/{hash}.{ext} through its route module, as a browser would ask for it. */
export function serveImage(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const hash = url.slice(url.lastIndexOf('/images/') + '/images/'.length)
  return imagesRoute.loader({ request: new Request(`http://localhost${url}`, { headers }), context: ROUTE_CONTEXT, params: { hash } })
}

/** The bytes served at an image address (the test fails on anything but a 200). */
export async function servedBytes(url: string): Promise<Buffer> {
  const response = await serveImage(url)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}
