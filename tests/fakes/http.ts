import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void

export type Listening = { origin: string; port: number; close: () => Promise<void> }

/** Serves `handler` on 127.0.0.1 (`port` 0 picks a free one). */
export async function listen(handler: Handler, port = 0): Promise<Listening> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      // A bug in a fake must surface in the test that hit it instead of leaving the client waiting.
      console.error('fake server error:', error)
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const bound = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // SDK clients keep connections alive; without this close() waits for them to time out.
        server.closeAllConnections()
      }),
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

export function sendHtml(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`)
}

export function redirect(res: ServerResponse, location: string, status = 302) {
  res.writeHead(status, { location })
  res.end()
}

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random id in the style of the services faked here, e.g. `cus_` + 14 alphanumerics. */
export function randomId(prefix: string, length = 24) {
  return prefix + Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('')
}

export function nowSeconds() {
  return Math.floor(Date.now() / 1000)
}
