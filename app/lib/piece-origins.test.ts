import { describe, expect, it } from 'vitest'
import { pieceIdOfHost, pieceOrigin, pieceOriginsSource, previewOriginProblem } from './piece-origins'

describe('per-Piece origins', () => {
  it('gives each Piece a subdomain of the preview host, and reads it back off the Host header', () => {
    expect(pieceOrigin('http://localhost:3001', 12)).toBe('http://p12.localhost:3001')
    expect(pieceOrigin('https://pieces-preview.app', 7)).toBe('https://p7.pieces-preview.app')
    expect(pieceOriginsSource('http://localhost:3001')).toBe('http://*.localhost:3001')
    expect(pieceIdOfHost('p12.localhost:3001', 'http://localhost:3001')).toBe(12)
    expect(pieceIdOfHost('p7.pieces-preview.app', 'https://pieces-preview.app')).toBe(7)
    for (const host of [
      'localhost:3001',
      'p12.localhost:3002',
      'p12.evil.localhost:3001',
      'px.localhost:3001',
      'p12.localhost',
      '%ZZ',
      undefined,
      'p1.localhost:3001@evil',
    ]) {
      expect(pieceIdOfHost(host, 'http://localhost:3001')).toBeNull()
    }
  })

  it('accepts the default set-up and a separate domain, and refuses a preview host on the app’s site or an IP', () => {
    expect(previewOriginProblem('http://localhost:3000', 'http://localhost:3001')).toBeNull()
    expect(previewOriginProblem('http://127.0.0.1:3000', 'http://localhost:3001')).toBeNull()
    expect(previewOriginProblem('https://pieces.app', 'https://pieces-preview.app')).toBeNull()
    expect(previewOriginProblem('https://pieces.app', 'https://preview.pieces.app')).toMatch(/another site/)
    expect(previewOriginProblem('https://app.example.co.uk', 'https://example.co.uk')).toMatch(/another site/)
    expect(previewOriginProblem('http://localhost:3000', 'http://127.0.0.1:3001')).toMatch(/host name/)
    expect(previewOriginProblem('http://localhost:3000', 'http://[::1]:3001')).toMatch(/host name/)
  })
})
