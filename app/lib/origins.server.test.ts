import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'
import { frameSourceOf, pieceOriginIn, previewHostOf, previewOriginsFor } from './origins.server'
import { isLocalNetworkHostname, splitHost } from './piece-origins'

/** Issue 14.1: previews work at whichever address the app is opened at, or say where they do. */
describe('preview origins by the address a page was opened at', () => {
  const local = parseEnv({ PORT: '3000' })
  const deployed = parseEnv({ APP_ORIGIN: 'https://pieces.app', PREVIEW_ORIGIN: 'https://pieces-preview.app', SESSION_SECRET: 'x'.repeat(32) })

  it('knows local-network host names from public ones', () => {
    for (const host of ['192.168.1.5', '10.0.0.2', 'devbox.local', 'nas.lan', 'box.home.arpa', 'printer', 'Devbox.Local'])
      expect(isLocalNetworkHostname(host), host).toBe(true)
    for (const host of ['pieces.app', 'evil.example.com', '999.1.1.1', '[fd00::2]', 'a_b.local', '']) expect(isLocalNetworkHostname(host), host).toBe(false)
    expect(splitHost('192.168.1.5:3000')).toEqual({ hostname: '192.168.1.5', port: '3000' })
    expect(splitHost('devbox.local')).toEqual({ hostname: 'devbox.local', port: '' })
    for (const host of ['a@b', 'x/y', 'h:99999x', undefined]) expect(splitHost(host)).toBeNull()
  })

  it('keeps a loopback address on the per-Piece preview hosts', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000']) {
      const origins = previewOriginsFor(host, local)
      expect(origins).toEqual({ app: `http://${host}`, preview: 'http://localhost:3001', perPiece: true, elsewhere: null })
      expect(pieceOriginIn(origins, 12)).toBe('http://p12.localhost:3001')
      expect(frameSourceOf(origins)).toBe('http://*.localhost:3001')
    }
  })

  it('gives a local-network address previews from the same address on the preview port', () => {
    const origins = previewOriginsFor('192.168.1.5:3000', local)
    expect(origins).toEqual({ app: 'http://192.168.1.5:3000', preview: 'http://192.168.1.5:3001', perPiece: false, elsewhere: null })
    expect(pieceOriginIn(origins, 12)).toBe('http://192.168.1.5:3001')
    expect(frameSourceOf(origins)).toBe('http://192.168.1.5:3001')
    // The preview listener serves it, framed only by that address.
    expect(previewHostOf('192.168.1.5:3001', local)).toEqual({ pieceId: null, ancestors: ['http://192.168.1.5:3000'] })
    expect(previewHostOf('p12.localhost:3001', local)).toEqual({ pieceId: 12, ancestors: ['http://localhost:3000', 'http://127.0.0.1:3000'] })
  })

  it('sends a public name, another port, or any address but APP_ORIGIN elsewhere', () => {
    expect(previewOriginsFor('pieces.example.com:3000', local).elsewhere).toBe('http://localhost:3000')
    expect(previewOriginsFor('192.168.1.5:4000', local).elsewhere).toBe('http://localhost:3000')
    expect(previewOriginsFor('pieces.app', deployed)).toEqual({
      app: 'https://pieces.app',
      preview: 'https://pieces-preview.app',
      perPiece: true,
      elsewhere: null,
    })
    for (const host of ['192.168.1.5', 'www.pieces.app', 'localhost:3000']) expect(previewOriginsFor(host, deployed).elsewhere).toBe('https://pieces.app')
    // With APP_ORIGIN set, no address but the preview host's serves Piece code.
    for (const host of ['192.168.1.5:3001', 'devbox.local:3001', 'pieces-preview.app']) expect(previewHostOf(host, deployed)).toBeNull()
    for (const host of ['localhost:3001', '127.0.0.1:3001', 'evil.example.com:3001', '192.168.1.5:3002']) expect(previewHostOf(host, local)).toBeNull()
  })
})
