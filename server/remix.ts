import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import { Readable } from 'node:stream'
import { readLimitedBody } from './body'
import { sendError, sendUnavailable } from './respond'

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  maxBodyBytes: number
  getLoadContext: (req: Request, res: Response) => AppLoadContext
}

/**
 * Express → Remix, like `@remix-run/express` but reading the body first: every body is
 * counted as it streams (chunked ones too) and answered 413 past the limit before any
 * action sees a byte, and a request whose address cannot be parsed is a 400, not a 500.
 * See docs/decisions/0013-request-hardening.md.
 */
export function remixHandler({ build, mode, maxBodyBytes, getLoadContext }: Options) {
  const handle = createRequestHandler(build, mode)
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const url = requestUrl(req)
      if (!url) return sendError(req, res, 400, 'This address is malformed.')
      let body: Buffer | undefined
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const read = await readLimitedBody(req, maxBodyBytes)
        if (read.tooLarge) {
          res.once('finish', () => lingeringClose(req))
          return sendError(req, res, 413, `Request body is too large (limit ${Math.round(maxBodyBytes / 1024)} KB).`)
        }
        if (read.aborted) return
        body = read.body
      }
      const controller = new AbortController()
      res.on('close', () => !res.writableFinished && controller.abort())
      const request = new globalThis.Request(url, {
        method: req.method,
        headers: headersOf(req),
        signal: controller.signal,
        ...(body && { body: createReadableStreamFromReadable(Readable.from([body])), duplex: 'half' }),
      } as RequestInit)
      const context = getLoadContext(req, res)
      const response = await handle(request, context)
      // A page (or form post) whose data could not be read while the database is down: the
      // error page Remix rendered would say 500 and "something went wrong", which is untrue.
      if (context.databaseUnavailable && response.status >= 500) {
        await response.body?.cancel()
        return sendUnavailable(req, res)
      }
      await send(res, response)
    } catch (error) {
      next(error)
    }
  }
}

/** How long a refused upload may go on being read (and dropped) after its 413 has left. */
const LINGER_MS = 5_000

/**
 * Closes a connection whose body was refused without resetting it: closing a socket with
 * unread bytes sends a reset, and a reset can wipe the 413 from the client's buffer before
 * the client reads it. So the server says it is done (FIN), drops whatever still arrives
 * until the client closes too, and cuts off a client that keeps sending past LINGER_MS.
 */
function lingeringClose(req: Request) {
  const socket = req.socket
  req.resume()
  socket.end()
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

/** The full address Remix sees; `req.hostname` honours the trust-proxy setting. */
function requestUrl(req: Request) {
  const port = /:(\d+)$/.exec(req.get('x-forwarded-host') ?? req.get('host') ?? '')?.[1]
  try {
    return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`).href
  } catch {
    return null
  }
}

function headersOf(req: Request) {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((each) => headers.append(key, each))
    else if (value) headers.set(key, value)
  }
  return headers
}

async function send(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}
