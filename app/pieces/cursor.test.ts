import { describe, expect, it } from 'vitest'
import { parseCursor, pieceCursor } from './cursor'
import { CURSOR_MESSAGE, PieceListQuery } from './schema'

describe('Piece list cursors', () => {
  const updatedAt = '2025-06-15T12:00:00.123Z'

  it('reads a plain updatedAt, as the spec sends it', () => {
    expect(parseCursor(updatedAt)).toEqual({ updatedAt: new Date(updatedAt), id: null })
  })

  it('round-trips updatedAt and id', () => {
    expect(parseCursor(pieceCursor({ updatedAt, id: 42 }))).toEqual({ updatedAt: new Date(updatedAt), id: 42 })
  })

  it('accepts a millisecond timestamp and a PostgreSQL-style time too', () => {
    expect(parseCursor(String(Date.parse(updatedAt)))).toEqual({ updatedAt: new Date(updatedAt), id: null })
    expect(parseCursor('2025-06-15 12:00:00.123+00')).toEqual({ updatedAt: new Date(updatedAt), id: null })
  })

  it('refuses anything else', () => {
    for (const value of ['', 'yesterday-ish', 'abc_12', '_12', 'abc', 'abc 1', '-1', 'Infinity']) expect(parseCursor(value), value).toBeNull()
  })

  it('refuses moments no Piece can have, which the database would choke on', () => {
    for (const value of [
      '99999999999999999999',
      '9'.repeat(400),
      '-1e309',
      '1e309',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '-000001-01-01T00:00:00Z',
      '10000-01-01T00:00:00Z',
      '253402300800000',
      '2025-13-01T00:00:00Z',
    ]) {
      expect(parseCursor(value), value).toBeNull()
    }
    expect(parseCursor('9999-12-31T23:59:59.999Z')).not.toBeNull()
    expect(parseCursor('0001-01-01T00:00:00Z')).not.toBeNull()
  })
})

describe('PieceListQuery', () => {
  it('parses the cursor once, for both lists', () => {
    expect(PieceListQuery.parse({ limit: '20', starting_after: `${'2025-06-15T12:00:00.123Z'}_7` })).toEqual({
      limit: 20,
      starting_after: { updatedAt: new Date('2025-06-15T12:00:00.123Z'), id: 7 },
    })
    expect(PieceListQuery.parse({ starting_after: '' })).toEqual({ starting_after: undefined })
    expect(PieceListQuery.parse({})).toEqual({})
  })

  it('answers an absurd cursor with the message', () => {
    for (const value of ['99999999999999999999', '-1e309', 'abc', '+275760-09-13T00:00:00.000Z', 'x'.repeat(101)]) {
      const result = PieceListQuery.safeParse({ starting_after: value })
      expect(result.success, value).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(CURSOR_MESSAGE)
    }
  })
})
