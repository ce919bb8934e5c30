import { describe, expect, it } from 'vitest'
import { parseCursor, pieceCursor } from './cursor'

describe('Piece list cursors', () => {
  const updatedAt = '2025-06-15T12:00:00.123Z'

  it('reads a plain updatedAt, as the spec sends it', () => {
    expect(parseCursor(updatedAt)).toEqual({ updatedAt: new Date(updatedAt), id: null })
  })

  it('round-trips updatedAt and id', () => {
    expect(parseCursor(pieceCursor({ updatedAt, id: 42 }))).toEqual({ updatedAt: new Date(updatedAt), id: 42 })
  })

  it('accepts a millisecond timestamp too', () => {
    expect(parseCursor(String(Date.parse(updatedAt)))).toEqual({ updatedAt: new Date(updatedAt), id: null })
  })

  it('refuses anything else', () => {
    for (const value of ['', 'yesterday-ish', 'abc_12', '_12']) expect(parseCursor(value)).toBeNull()
  })
})
