import { describe, expect, it } from 'vitest'
import { calendarDate } from './dates'

describe('calendarDate', () => {
  it('writes a date, not an age, the same in every time zone', () => {
    expect(calendarDate('2026-11-24T23:59:00.000Z')).toBe('November 24, 2026')
    expect(calendarDate(new Date('2025-02-15T00:00:00Z'))).toBe('February 15, 2025')
    expect(calendarDate('not a date')).toBe('')
  })
})
