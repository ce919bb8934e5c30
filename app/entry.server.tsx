import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { isDatabaseUnavailable } from './lib/db-outage'
import { NonceProvider } from './lib/nonce'
import { EnhancementsProvider } from './ui/enhancement'
import enhancements from 'virtual:page-script/enhancements'
import { logger } from './lib/log.server'

const log = logger('web')

const ABORT_DELAY = 5_000

/** Renders the whole document before sending it: pages are small and never defer data. */
export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.nonce ?? ''
  return new Promise<Response>((resolve, reject) => {
    let failed = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <EnhancementsProvider value={enhancements}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </EnhancementsProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough()
          headers.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }))
          pipe(body)
        },
        onShellError: reject,
        onError(error) {
          failed = true
          log.error({ err: error }, 'render error')
        },
      },
    )
    setTimeout(abort, ABORT_DELAY + 1000)
  })
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // Not a bug: the page becomes a 503 "temporarily unavailable" in server/remix.ts.
  if (isDatabaseUnavailable(error)) {
    context.databaseUnavailable = true
    return
  }
  log.error({ err: error }, 'unexpected error')
}
