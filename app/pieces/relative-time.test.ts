import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time'

const now = new Date('2025-06-15T12:00:00.000Z')
const before = (ms: number) => new Date(now.getTime() - ms)
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59 * SECOND, 'just now'],
    [MINUTE, '1 minute ago'],
    [5 * MINUTE + 30 * SECOND, '5 minutes ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [2 * DAY, '2 days ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [59 * DAY, '1 month ago'],
    [60 * DAY, '2 months ago'],
    [330 * DAY, '11 months ago'],
    [360 * DAY, '1 year ago'],
    [365 * DAY, '1 year ago'],
    [2 * 365 * DAY, '2 years ago'],
    [10 * 365 * DAY, '10 years ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(relativeTime(before(elapsed), now)).toBe(expected)
  })

  it('accepts the ISO strings of the API', () => {
    expect(relativeTime('2025-06-15T09:00:00.000Z', now)).toBe('3 hours ago')
  })

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5 * SECOND), now)).toBe('just now')
  })

  it('answers nothing for a value that is not a date', () => {
    expect(relativeTime('not a date', now)).toBe('')
  })
})
