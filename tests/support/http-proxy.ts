import { createServer, request, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type HttpProxy = { port: number; origin: string; close: () => Promise<void> }

/**
 * A reverse proxy on a free port of 127.0.0.1 that does what nginx does by default
 * (`proxy_set_header Host $proxy_host`): every request goes to `target` with the Host
 * header rewritten to the target's address. `forwardedHost` also sends the Host the client
 * used as X-Forwarded-Host (`proxy_set_header X-Forwarded-Host $host:$server_port`).
 */
export async function startHttpProxy(target: { host: string; port: number }, { forwardedHost = false } = {}): Promise<HttpProxy> {
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: `${target.host}:${target.port}` }
    if (forwardedHost) headers['x-forwarded-host'] = incoming.headers.host
    const upstream = request({ host: target.host, port: target.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    upstream.on('error', () => outgoing.destroy())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
