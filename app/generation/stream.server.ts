import { countEventStream } from '~/lib/metrics.server'
import { requireOwnPiece } from '~/pieces/pieces.server'
import { followPiece, freshSubscriberStart, type StoredEvent } from './events.server'

export const KEEP_ALIVE_MS = 15_000
const encoder = new TextEncoder()

const frame = ({ id, event }: StoredEvent) => encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`)

/**
 * Spec 2 §7 call 9: a `ready` event, then every event of the Piece as it is written (by
 * any worker, relayed by any web process), each as an `id:` and a `data:` line. A client
 * that reconnects with Last-Event-ID gets what it missed first; a fresh one, the running
 * generation's latest event. A comment line every 15 s keeps proxies from closing a quiet
 * stream.
 */
export async function openEventStream(userId: number, pieceId: number, request: Request): Promise<Response> {
  await requireOwnPiece(userId, pieceId)
  const resumeFrom = Number(request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId'))
  const afterId = Number.isInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : await freshSubscriberStart(pieceId)

  let cleanup = () => {}
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true
      countEventStream(1)
      const send = (chunk: Uint8Array) => {
        if (!open) return
        try {
          controller.enqueue(chunk)
        } catch {
          close()
        }
      }
      const keepAlive = setInterval(() => send(encoder.encode(': keep-alive\n\n')), KEEP_ALIVE_MS)
      let unsubscribe = () => {}
      const close = () => {
        if (!open) return
        open = false
        countEventStream(-1)
        clearInterval(keepAlive)
        unsubscribe()
        try {
          controller.close()
        } catch {
          // already closed by the client
        }
      }
      cleanup = close
      request.signal.addEventListener('abort', close, { once: true })
      send(encoder.encode(`retry: 2000\ndata: ${JSON.stringify({ type: 'ready', pieceId })}\n\n`))
      // Interrupted (the database restarted): the stream ends and the client resumes from its last id.
      unsubscribe = await followPiece(pieceId, afterId, (stored) => send(frame(stored)), close)
      if (!open) unsubscribe()
    },
    cancel() {
      cleanup()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    },
  })
}
