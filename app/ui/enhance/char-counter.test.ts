import { expect, test } from 'vitest'
import { mergePages } from '../use-more-pages'
import { counterText, counterTone } from './char-counter'

test('a counter says its count against the maximum, yellow past the warning mark and red past the maximum', () => {
  expect(counterText(1234, 2000)).toBe('1,234/2,000')
  expect([counterTone(800, 1000, 800), counterTone(801, 1000, 800), counterTone(1001, 1000, 800)]).toEqual(['fine', 'near', 'over'])
})

test('a page appended to a list shows no item twice, in order', () => {
  expect(mergePages([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
})
