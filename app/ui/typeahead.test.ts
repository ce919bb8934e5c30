import { describe, expect, it } from 'vitest'
import { typeaheadMatch } from './typeahead'

const labels = ['alpha', 'banana', 'beta', 'Bread', 'cherry']

describe('typeaheadMatch', () => {
  it('finds the next item starting with a letter, from after the focused one, case-insensitively', () => {
    expect(typeaheadMatch(labels, 0, 'b')).toBe(1)
    expect(typeaheadMatch(labels, 1, 'b')).toBe(2)
    expect(typeaheadMatch(labels, 2, 'b')).toBe(3)
  })
  it('wraps round to the first match', () => {
    expect(typeaheadMatch(labels, 3, 'b')).toBe(1)
    expect(typeaheadMatch(labels, 4, 'a')).toBe(0)
  })
  it('matches a longer search from the focused item on, so typing on narrows it', () => {
    expect(typeaheadMatch(labels, 1, 'be')).toBe(2)
    expect(typeaheadMatch(labels, 1, 'ba')).toBe(1)
    expect(typeaheadMatch(labels, 0, 'br')).toBe(3)
  })
  it('steps through the items of one letter when that letter is repeated', () => {
    expect(typeaheadMatch(labels, 1, 'bb')).toBe(2)
    expect(typeaheadMatch(labels, 2, 'bbb')).toBe(3)
  })
  it('answers -1 when nothing starts with the search', () => {
    expect(typeaheadMatch(labels, 0, 'z')).toBe(-1)
    expect(typeaheadMatch([], -1, 'a')).toBe(-1)
  })
})
