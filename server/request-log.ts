import type { IncomingMessage, ServerResponse } from 'node:http'
import { logger, requestIdFor, startLogContext } from '../app/lib/log.server'

const log = logger('http')

/**
 * Gives each request an id (a trusted proxy's `X-Request-Id`, or a new one), answers it in
 * `X-Request-Id`, runs `handle` with it in the log context (so every line the request
 * causes, and every job it queues, carries it: docs/decisions/0036), and logs one line
 * when the response is done: method, path (never the query, which may hold a token),
 * status and milliseconds, or `aborted` when the client left first. Pages answered from the
 * page cache and build assets are logged at debug: they cost less than the line (at info it
 * took a quarter of /landing's throughput in bench:http).
 */
export function withRequestLog(req: IncomingMessage, res: ServerResponse, trustProxy: boolean, handle: () => void) {
  const reqId = requestIdFor(req.headers['x-request-id'], trustProxy)
  const startedAt = performance.now()
  res.setHeader('X-Request-Id', reqId)
  res.once('close', () => {
    const level = res.statusCode >= 500 ? 'warn' : isCheap(req, res) ? 'debug' : 'info'
    if (!log.isLevelEnabled(level)) return
    const line = {
      reqId,
      method: req.method,
      path: (req.url ?? '/').split('?')[0],
      status: res.statusCode,
      ms: Math.round(performance.now() - startedAt),
      ...(res.writableFinished ? {} : { aborted: true }),
    }
    const message = `${line.method} ${line.path} ${line.status}${line.aborted ? ' (client left)' : ''}`
    log[level](line, message)
  })
  startLogContext({ reqId }, handle)
}

/** Answered without our code doing any work: a page from the page cache, or a build asset. */
function isCheap(req: IncomingMessage, res: ServerResponse) {
  return res.getHeader('x-page-cache') === 'hit' || Boolean(req.url?.startsWith('/assets/'))
}
