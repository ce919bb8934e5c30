import { describe, expect, it } from 'vitest'
import { API_CATCH_ALL, routeLabel } from './metrics.server'

const API = new Set(['/api/private/chat/status', '/api/public/contact', API_CATCH_ALL])

describe('routeLabel', () => {
  it('names the matched API route, and its catch-all for any other API path', () => {
    expect(routeLabel('GET', '/api/private/chat/status?pieceId=7', API)).toBe('/api/private/chat/status')
    expect(routeLabel('POST', '/api/public/contact/', API)).toBe('/api/public/contact')
    expect(routeLabel('GET', '/api/private/chat/status/12345', API)).toBe(API_CATCH_ALL)
    expect(routeLabel('GET', '/api', API)).toBe(API_CATCH_ALL)
  })

  it('sorts everything else into a few kinds', () => {
    expect(routeLabel('GET', '/landing', API)).toBe('document')
    expect(routeLabel('POST', '/settings', API)).toBe('document')
    expect(routeLabel('GET', '/pieces.data?_routes=routes%2Fpieces', API)).toBe('data')
    expect(routeLabel('GET', '/_root.data', API)).toBe('data')
    expect(routeLabel('GET', '/assets/entry.client-AbC123.js', API)).toBe('asset')
    expect(routeLabel('GET', '/favicon.ico', API)).toBe('asset')
    expect(routeLabel('GET', '/images/3f2a9c', API)).toBe('image')
    expect(routeLabel('GET', '/healthz', API)).toBe('other')
    expect(routeLabel('POST', '/resources/feedback', API)).toBe('other')
    expect(routeLabel('DELETE', '/landing', API)).toBe('other')
  })

  it('keeps the label set bounded whatever the path', () => {
    const hostile = [
      `/api/${'a'.repeat(5000)}`,
      '/api/private/chat/status/../../../../etc/passwd',
      '/api/%00%ff%fe',
      `/${'x'.repeat(10000)}`,
      '/<script>alert(1)</script>',
      '//evil.example.com/api/private/chat/status',
      '/API/PRIVATE/CHAT/STATUS',
      ...Array.from({ length: 500 }, (_, index) => `/api/private/${index}`),
      ...Array.from({ length: 500 }, (_, index) => `/p/${index}?q=${'%'.repeat(index)}`),
      ...Array.from({ length: 100 }, (_, index) => `/images/${index}.png`),
    ]
    const labels = new Set(['GET', 'POST', 'PUT', 'other'].flatMap((method) => hostile.map((path) => routeLabel(method, path, API))))
    for (const label of labels) expect([...API, 'document', 'data', 'asset', 'image', 'other']).toContain(label)
    expect(labels.size).toBeLessThanOrEqual(6)
  })
})
