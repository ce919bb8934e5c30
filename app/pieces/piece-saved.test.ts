import { describe, expect, it } from 'vitest'
import { withSavedFirst } from './piece-saved'

const list = [
  { id: 3, name: 'c', updatedAt: '2026-11-26T10:00:00.000Z' },
  { id: 1, name: 'a', updatedAt: '2026-11-25T10:00:00.000Z' },
  { id: 2, name: 'b', updatedAt: '2026-11-24T10:00:00.000Z' },
]

describe('withSavedFirst', () => {
  it('puts the saved Piece first with its new time, the others in their order', () => {
    const at = '2026-11-27T00:00:00.000Z'
    expect(withSavedFirst(list, { pieceId: 2, at })).toEqual([{ id: 2, name: 'b', updatedAt: at }, list[0], list[1]])
  })

  it('leaves a list without the Piece as it was', () => {
    expect(withSavedFirst(list, { pieceId: 9, at: '2026-11-27T00:00:00.000Z' })).toBe(list)
  })
})
