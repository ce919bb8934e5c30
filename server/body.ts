import type { IncomingMessage } from 'node:http'

export type BodyRead = { body: Buffer; tooLarge: false; aborted: false } | { tooLarge: true; aborted: false } | { tooLarge: false; aborted: true }

/** Past this multiple of the limit the upload is cut off instead of drained. */
const DRAIN_FACTOR = 4

/**
 * Reads a request body whole, counting bytes as they arrive, whether or not a
 * Content-Length was declared (chunked bodies have none). Past `maxBytes` nothing more is
 * kept: the rest is drained so the client sees the 413 instead of a reset, and a body far
 * past the limit is cut off.
 */
export function readLimitedBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let received = 0
    let tooLarge = declared > maxBytes
    const finish = (read: BodyRead) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onAbort)
      req.off('close', onClose)
      resolve(read)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes) tooLarge = true
      if (!tooLarge) chunks.push(chunk)
      else if (received > maxBytes * DRAIN_FACTOR) {
        // Answer before cutting: the socket stays open long enough for the 413 to leave.
        finish({ tooLarge: true, aborted: false })
        req.pause()
      }
    }
    const onEnd = () => finish(tooLarge ? { tooLarge: true, aborted: false } : { body: Buffer.concat(chunks, received), tooLarge: false, aborted: false })
    const onAbort = () => finish({ tooLarge: false, aborted: true })
    const onClose = () => {
      if (!req.complete) onAbort()
    }
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('error', onAbort)
    req.once('close', onClose)
  })
}
