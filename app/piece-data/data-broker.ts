import type { DATA_MESSAGES } from './messages'

/** While a check is recorded (issue 39.6): its data of its own, as its first or second visitor. */
export type RecordingData = { space: `check:${string}`; visitor: 1 | 2 }
export type BrokerOptions = { previewOrigin: string; pieceId: number; space: 'live' | 'test'; recording?: RecordingData | null; messages: typeof DATA_MESSAGES }

/**
 * Issue 39.3, on the page that frames a Piece: when the Piece's frame asks for its data
 * token, ask the server for one (with this page's session, or its signed-out visitor id)
 * and hand it to that frame alone. Only a frame of this page on the Piece's preview origin
 * is answered. The same function runs on pages with React (`useDataTokenBroker`) and on
 * visitors' pages without it (`data-enhance="data-broker"`, app/enhancements.ts), so this
 * module imports no React. Answers a function that stops it.
 */
export function brokerDataTokens({ previewOrigin, pieceId, space, recording, messages }: BrokerOptions) {
  // A frame asks again until it is answered: each request (by its id) is fetched once.
  const seen = new Set<string>()
  const onMessage = (event: MessageEvent) => {
    const source = event.source
    const ours = Array.from(document.querySelectorAll('iframe')).some((frame) => frame.contentWindow === source)
    const request = event.data as { type?: unknown; id?: unknown } | null
    const id = typeof request?.id === 'string' ? request.id.slice(0, 40) : ''
    if (event.origin !== previewOrigin || request?.type !== messages.tokenRequest || !id || seen.has(id) || !ours || !source || !('postMessage' in source))
      return
    seen.add(id)
    const target = source as Window
    const answer = (reply: Record<string, unknown>) => target.postMessage({ type: messages.token, id, ...reply }, previewOrigin)
    fetch(`/api/opt/pieces/${pieceId}/data-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(recording ? { space: recording.space, visitor: recording.visitor } : { space }),
      credentials: 'same-origin',
    })
      .then(async (response) => {
        const body = (await response.json()) as { token?: string; expiresAt?: number; name?: string; message?: string }
        answer(response.ok ? { token: body.token, expiresAt: body.expiresAt, name: body.name } : { token: '', error: body.message ?? 'No data here.' })
      })
      .catch(() => answer({ token: '', error: 'The data of this Piece cannot be reached right now.' }))
  }
  window.addEventListener('message', onMessage)
  return () => window.removeEventListener('message', onMessage)
}
