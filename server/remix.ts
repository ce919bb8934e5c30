import {
  createReadableStreamFromReadable,
  createRequestHandler,
  data,
  writeReadableStreamToWritable,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type ServerBuild,
} from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import { Readable } from 'node:stream'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../app/lib/db-outage'
import { DATABASE_UNAVAILABLE_MESSAGE, MALFORMED_FORM_MESSAGE } from '../app/lib/messages'
import { REDIRECT_LOCATION_HEADER, REDIRECT_MODE_HEADER } from '../app/lib/redirect-mode'
import { readLimitedBody } from './body'
import { isPageDataRequest, sendError, sendUnavailable } from './respond'
import { ORIGIN_CHECKED } from './security'

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
  const handle = createRequestHandler(typeof build === 'function' ? () => build().then(inPageEncoding) : inPageEncoding(build), mode)
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
        headers: headersOf(req, { withoutOrigin: res.locals[ORIGIN_CHECKED] === true }),
        signal: controller.signal,
        ...(body && { body: createReadableStreamFromReadable(Readable.from([body])), duplex: 'half' }),
      } as RequestInit)
      const context = getLoadContext(req, res)
      const response = await handle(request, context)
      // A page (or form post) whose data could not be read while the database is down: the
      // error page Remix rendered would say "something went wrong", which is untrue. A data
      // request (`.data`: a page with JavaScript following a link or posting a form) keeps
      // Remix's answer, which carries the 503 in the encoding the page reads (inPageEncoding).
      if (context.databaseUnavailable && response.status >= 500) {
        if (!isPageDataRequest(req)) {
          await response.body?.cancel()
          return sendUnavailable(req, res)
        }
        res.set('Retry-After', String(RETRY_AFTER_SECONDS))
      }
      await send(res, manualRedirect(req, response))
    } catch (error) {
      next(error)
    }
  }
}

/**
 * A post whose client follows the answer itself (`X-Redirect-Mode: manual`,
 * app/lib/redirect-mode.ts: a page's script that sends a form with fetch) gets a redirect as
 * 204 with the address in X-Location and the redirect's cookies (the toast among them), since
 * fetch would follow it and use up the toast. Any other answer is left as it is.
 */
function manualRedirect(req: Request, response: globalThis.Response): globalThis.Response {
  const location = response.headers.get('Location')
  if (req.method !== 'POST' || req.get(REDIRECT_MODE_HEADER) !== 'manual' || response.status < 300 || response.status >= 400 || !location) return response
  const headers = new Headers(response.headers)
  headers.delete('Location')
  headers.set(REDIRECT_LOCATION_HEADER, location)
  return new globalThis.Response(null, { status: 204, headers })
}

type DataFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown
const answered = new WeakMap<ServerBuild, ServerBuild>()

/**
 * The build with every route's loader and action answering in the encoding a page reads:
 * - a database that cannot be reached as a thrown 503 `data(message)`, the request's load
 *   context marked;
 * - a form body that cannot be parsed as a 400;
 * - a refusal the HTTP layer made before Remix (`context.refusal`: a rate limit) as that
 *   status and message, without running the handler at all.
 *
 * Remix sends these in its own encoding: a page with JavaScript that follows a link or posts
 * a form gets an error response with that status, which its error boundary shows
 * ("Temporarily unavailable", "Slow down a little": app/ui/error-page.tsx) and a form's
 * clientAction turns into a refusal in place (app/lib/unreachable.ts). An error thrown as is
 * would reach the page as a sanitised 500, "something went wrong", and a JSON answer from
 * before Remix could not be read at all.
 */
export function inPageEncoding(build: ServerBuild): ServerBuild {
  const known = answered.get(build)
  if (known) return known
  const wrap = (handler: DataFunction | undefined) =>
    handler &&
    (async (args: LoaderFunctionArgs | ActionFunctionArgs) => {
      const { refusal } = args.context
      if (refusal) throw data(refusal.message, { status: refusal.status })
      try {
        return await handler(args)
      } catch (error) {
        // A form body that cannot be read (a malformed multipart post) is the request's fault: 400, not 500.
        if (error instanceof TypeError && /parse body as FormData/i.test(error.message)) throw data(MALFORMED_FORM_MESSAGE, { status: 400 })
        if (!isDatabaseUnavailable(error)) throw error
        args.context.databaseUnavailable = true
        throw data(DATABASE_UNAVAILABLE_MESSAGE, { status: 503 })
      }
    })
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route]
      const module = route.module as typeof route.module & { loader?: DataFunction; action?: DataFunction }
      return [id, { ...route, module: { ...module, loader: wrap(module.loader), action: wrap(module.action) } }]
    }),
  )
  const wrapped = { ...build, routes }
  answered.set(build, wrapped)
  return wrapped
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

/**
 * The request's headers for Remix. `withoutOrigin`: sameOriginMutations (server/security.ts)
 * has judged the Origin, against X-Forwarded-Host and APP_ORIGIN too; Remix would judge it
 * again against Host alone and answer a post through a proxy that rewrites Host with a 500.
 */
function headersOf(req: Request, { withoutOrigin }: { withoutOrigin: boolean }) {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (withoutOrigin && key === 'origin') continue
    if (Array.isArray(value)) value.forEach((each) => headers.append(key, each))
    else if (value) headers.set(key, value)
  }
  return headers
}

async function send(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (!response.body) return void res.end()
  if (!/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) return writeReadableStreamToWritable(response.body, res)
  res.flushHeaders()
  // An event stream is cancelled when its client goes away, so its subscription ends. The
  // request's signal cannot be relied on for this: the Request a loader sees is derived from
  // ours, and the link between their signals is weak, gone after the next garbage collection
  // (every stream then stayed subscribed for good: found by bench:load, decision 0035).
  const gone = new AbortController()
  const onClose = () => gone.abort()
  res.once('close', onClose)
  try {
    await writeReadableStreamToWritable(response.body.pipeThrough(new TransformStream(), { signal: gone.signal }), res)
  } catch (error) {
    if (!gone.signal.aborted) throw error
  } finally {
    res.off('close', onClose)
  }
}
