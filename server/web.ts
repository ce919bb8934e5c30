import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import express from 'express'
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http'
import { pathToFileURL } from 'node:url'
import { SESSION_COOKIE, TOAST_COOKIE } from '../app/lib/cookie-names'
import { describeModes, type Runtime } from '../runtime/boot'
import { loopbackFor, readinessChecks, readyzAnswer } from '../runtime/health'
import { BUILD_DIR } from '../runtime/paths'
import { compressDocuments, precompressedAssets } from './compression'
import { PageCache } from './page-cache'
import { createPreviewHandler } from './preview'
import { rateLimit } from './rate-limit'
import { guarded, rejectMalformedPaths, warnAtForeignOrigin } from './middleware'
import { remixHandler } from './remix'
import { baseSecurityHeaders, contentSecurity, sameOriginMutations } from './security'
import { sendError, sendUnavailable } from './respond'
import { isDatabaseUnavailable } from '../app/lib/db-outage'
import { measureRequest, metricsEnabled, sendMetrics, serveMetrics, watchQueues } from '../app/lib/metrics.server'
import { logger } from '../app/lib/log.server'
import { withRequestLog } from './request-log'
import { dataHub } from '../app/piece-data/relay.server'

const log = logger('web')

const MAX_BODY_BYTES = 12 * 1024 * 1024
/** How long requests in flight (server-sent event streams never end by themselves) may go on after SIGTERM. */
const CLOSE_GRACE_MS = 4_000

/**
 * The web process's listeners on a booted runtime (runtime/boot.ts): the app on PORT, the
 * Pieces' preview origin on PREVIEW_PORT. Answers the line that says it is ready.
 */
export async function startWeb(runtime: Runtime) {
  const { env, boss } = runtime
  const dev = env.NODE_ENV === 'development'
  const trustProxy = env.TRUST_PROXY === 'on'
  const { sql } = await import('../app/lib/db.server')

  const app = express()
  app.disable('x-powered-by')
  if (trustProxy) app.set('trust proxy', true)
  app.use(baseSecurityHeaders(env))
  app.use(rejectMalformedPaths)
  app.use(warnAtForeignOrigin(env))
  // /healthz: the process answers. /readyz: it can serve (docs/decisions/0030).
  app.get('/healthz', (_req, res) => void res.json({ ok: true }))
  const checks = readinessChecks({ boss, stopping: runtime.stopping, previewUrl: `http://${loopbackFor(env.HOST)}:${env.PREVIEW_PORT}` })
  app.get('/readyz', (_req, res) => {
    void readyzAnswer(checks).then(({ status, body }) => void res.status(status).set('Cache-Control', 'no-store').type('json').send(body))
  })
  await exposeMetrics(app, runtime)

  let build: ServerBuild | (() => Promise<ServerBuild>)
  if (dev) {
    const vite = await import('vite').then((mod) => mod.createServer({ server: { middlewareMode: true } }))
    app.use(vite.middlewares)
    build = () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  } else {
    // Build assets carry content hashes in their names, so they never change.
    app.use('/assets', precompressedAssets(`${BUILD_DIR}/client/assets`))
    app.use('/assets', express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: '1y', index: false, redirect: false }))
    // An asset that is not there is a plain 404, never a page answering in its place.
    app.use('/assets', (req, res) => sendError(req, res, 404, 'Not found'))
    app.use(express.static(`${BUILD_DIR}/client`, { maxAge: '1h', index: false, redirect: false }))
    build = (await import(pathToFileURL(`${BUILD_DIR}/server/index.js`).href)) as ServerBuild
  }

  const limiter = rateLimit(env, sql)
  const pageCache = dev ? null : new PageCache([SESSION_COOKIE, TOAST_COOKIE], trustProxy)
  app.use(guarded(limiter.middleware))
  // Before the page cache's store: it keeps the page as rendered and encodes its copies itself.
  app.use(compressDocuments())
  if (pageCache) app.use(guarded(pageCache.store()))
  app.use(guarded(contentSecurity(env, { dev })))
  app.use(guarded(sameOriginMutations(env)))
  app.all(
    '*',
    remixHandler({
      build,
      mode: env.NODE_ENV,
      maxBodyBytes: MAX_BODY_BYTES,
      getLoadContext,
    }),
  )
  app.use((error: Error, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (isDatabaseUnavailable(error)) return void (res.headersSent ? res.end() : sendUnavailable(req, res))
    log.error({ err: error }, 'unhandled error')
    if (!res.headersSent) sendError(req, res, 500, 'Something went wrong on our side. Please try again.')
  })

  // Anonymous pages the cache holds are answered here, before Express (its middleware costs
  // more than the page); everything else, and a read over its limit, takes the full path.
  const apiPaths = metricsEnabled() ? await apiRoutePaths(build) : new Set<string>()
  const front: RequestListener = (req, res) =>
    withRequestLog(req, res, trustProxy, () => {
      measureRequest(req, res, apiPaths)
      if (pageCache?.serve(req, res, () => limiter.allowsRead(clientIp(req, trustProxy)))) return
      app(req, res)
    })
  const server = await listen(front, env.PORT, env.HOST)
  const preview = await listen(createPreviewHandler(env), env.PREVIEW_PORT, env.HOST)
  runtime.onShutdown(() => close(preview))
  runtime.onShutdown(() => close(server))
  // First of all, event streams end (they never do by themselves): their clients resume elsewhere with Last-Event-ID.
  const { eventHub } = await import('../app/generation/events.server')
  runtime.onShutdown(async () => {
    eventHub().interruptAll()
    dataHub().interruptAll()
  })

  for (const line of describeModes(env)) log.info(line)
  return `Pieces is ready at ${env.APP_ORIGIN}`
}

/** What every loader and action sees of the HTTP layer (app/lib/context.ts). */
function getLoadContext(req: express.Request, res: express.Response): AppLoadContext {
  return {
    nonce: String(res.locals.nonce),
    clientIp: req.ip ?? 'unknown',
    rateLimited: Boolean(res.locals.rateLimited),
    refusal: res.locals.refusal as AppLoadContext['refusal'],
  }
}

/** Prometheus metrics (docs/decisions/0034): on the app's port with METRICS=on, on one of their own (only) with METRICS_PORT. */
async function exposeMetrics(app: express.Express, { env, boss, onShutdown }: Runtime) {
  const { queuedGenerations } = await import('../app/generation/dispatch.server')
  watchQueues(boss, { generate: queuedGenerations })
  if (env.METRICS_PORT) {
    const server = await serveMetrics(env.METRICS_PORT, env.HOST)
    onShutdown(() => close(server))
    log.info(`metrics: at http://${loopbackFor(env.HOST)}:${env.METRICS_PORT}/metrics`)
  } else if (env.METRICS === 'on') {
    app.get('/metrics', (_req, res) => sendMetrics(res))
    log.info(`metrics: at ${env.APP_ORIGIN}/metrics`)
  }
}

/** The paths of the API's routes (`/api/private/chat/status`…, `/api/*` for its catch-all): the route label of a request to one. */
async function apiRoutePaths(build: ServerBuild | (() => Promise<ServerBuild>)) {
  const { routes } = typeof build === 'function' ? await build() : build
  return new Set(
    Object.values(routes)
      .map((route) => `/${route?.path ?? ''}`)
      .filter((path) => path.startsWith('/api/')),
  )
}

/** The address Express would give as `req.ip`: the left-most forwarded one behind a trusted proxy. */
function clientIp(req: IncomingMessage, trustProxy: boolean) {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
  return first || req.socket.remoteAddress || 'unknown'
}

function listen(handler: RequestListener, port: number, host: string) {
  return new Promise<Server>((resolve, reject) => {
    const server = createServer(handler)
    countRequests(server)
    server.listen(port, host, () => resolve(server))
    server.keepAliveTimeout = 65_000
    server.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use (set PORT / PREVIEW_PORT)`) : error),
    )
  })
}

/** Requests each listener is answering, and what to do once none is left. */
const inFlight = new WeakMap<Server, { count: number; drained?: () => void }>()

function countRequests(server: Server) {
  const state: { count: number; drained?: () => void } = { count: 0 }
  inFlight.set(server, state)
  server.on('request', (_req, res: ServerResponse) => {
    state.count += 1
    res.once('close', () => {
      state.count -= 1
      if (!state.count) state.drained?.()
    })
  })
}

/**
 * Stops accepting connections and lets requests in flight finish (for CLOSE_GRACE_MS at
 * most), then closes every connection at once: a kept-alive connection without a request
 * would otherwise hold the close until the grace is over.
 */
function close(server: Server) {
  return new Promise<void>((resolve) => {
    const state = inFlight.get(server)
    const done = () => {
      server.closeAllConnections()
      resolve()
    }
    server.close(() => resolve())
    server.closeIdleConnections()
    if (!state?.count) return done()
    state.drained = done
    setTimeout(done, CLOSE_GRACE_MS).unref()
  })
}
