import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getEnv } from '../../app/lib/env.server'
import { createPreviewHandler } from '../../server/preview'
import { resetEnv } from '../../app/lib/env.server'

/**
 * The preview origin on a free port of this test process, with PREVIEW_PORT and
 * PREVIEW_ORIGIN pointing at it (the configuration is read again), for tests that render a
 * Piece in Chromium as visitors load it. Answers the function that takes it down again.
 * `intercept` sees each request first and takes it over by answering true (a test that
 * holds a load unanswered).
 */
export async function startPreviewOrigin({ intercept }: { intercept?: (req: IncomingMessage, res: ServerResponse) => boolean } = {}) {
  const preview = createServer()
  await new Promise<void>((resolve) => preview.listen(0, '127.0.0.1', resolve))
  const port = (preview.address() as AddressInfo).port
  Object.assign(process.env, { PREVIEW_PORT: String(port), PREVIEW_ORIGIN: `http://localhost:${port}` })
  resetEnv()
  const handler = createPreviewHandler(getEnv())
  preview.on('request', (req, res) => void (intercept?.(req, res) || handler(req, res)))
  return async () => {
    await new Promise((resolve) => preview.close(resolve))
    delete process.env.PREVIEW_PORT
    delete process.env.PREVIEW_ORIGIN
    resetEnv()
  }
}
