import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { distinctFreePorts, processRunner, WEB } from '../support/processes'

/**
 * A chat event stream whose client goes away ends on the server: its subscription to the
 * Piece's events, its keep-alive timer and its count in `pieces_sse_connections` with it —
 * also after the web process has collected garbage, which severs the link between the
 * request's abort signal and the one the loader sees (found by bench:load, decision 0035).
 */
const run = processRunner(() => ({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! }))

describe('event streams', { timeout: 180_000 }, () => {
  it('end on the server when their clients go away, after a garbage collection too', async () => {
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, {
      PORT: String(port),
      PREVIEW_PORT: String(previewPort),
      WORKERS: 'off',
      METRICS: 'on',
      RATE_LIMIT_MUTATIONS_PER_MINUTE: '0',
    })
    await web.waitFor(/Pieces is ready/)
    const base = `http://127.0.0.1:${port}`
    const openStreams = async () => Number(/^pieces_sse_connections (\S+)$/m.exec(await (await fetch(`${base}/metrics`)).text())?.[1])

    const created = await registerWithPassword(`streams.${Date.now()}@example.com`, 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    const piece = await createPiece(created.userId, { name: `streams_${Math.random().toString(36).slice(2, 9)}` })
    const auth = { Authorization: `Bearer ${(await issueToken(created.userId)).token}` }

    const clients = await Promise.all(
      [1, 2, 3].map(async () => {
        const controller = new AbortController()
        const response = await fetch(`${base}/api/private/chat/subscribe?pieceId=${piece.id}`, { headers: auth, signal: controller.signal })
        expect(new TextDecoder().decode((await response.body!.getReader().read()).value)).toContain('"type":"ready"')
        return controller
      }),
    )
    expect(await openStreams()).toBe(3)

    // Large bodies (refused, but read first) make the process collect garbage, as hours of traffic would.
    const large = 'x'.repeat(8 * 1024 * 1024)
    for (let index = 0; index < 30; index++) {
      const answer = await fetch(`${base}/api/private/pieces`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: large })
      await answer.text()
    }
    expect(await openStreams()).toBe(3)

    for (const client of clients) client.abort()
    await expect.poll(openStreams, { timeout: 15_000 }).toBe(0)
    expect(web.output()).not.toContain('unhandled error')

    web.child.kill('SIGTERM')
    expect(await web.exited).toBe(0)
  })
})
