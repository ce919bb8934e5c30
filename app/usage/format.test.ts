import { describe, expect, it } from 'vitest'
import { billedAmount, compactTokens, formatTokens, shareCents, usageBar } from './format'

describe('usage formatting', () => {
  it('separates thousands', () => {
    expect(formatTokens(10_000_000)).toBe('10,000,000')
    expect(formatTokens(999)).toBe('999')
  })

  it('bills per million tokens to two decimals', () => {
    expect(billedAmount(3_000_000, 0.5)).toBe('1.50')
    expect(billedAmount(1234, 0.5)).toBe('0.00')
    expect(billedAmount(0, 0.5)).toBe('0.00')
  })

  it('turns amber above 80% and never grows past 100%', () => {
    expect(usageBar(80, 100)).toEqual({ percent: 80, warning: false })
    expect(usageBar(81, 100)).toEqual({ percent: 81, warning: true })
    expect(usageBar(250, 100)).toEqual({ percent: 100, warning: true })
    expect(usageBar(5, 0).percent).toBe(0)
  })

  it('writes compact counts with one decimal', () => {
    expect(compactTokens(1234)).toBe('1.2K')
    expect(compactTokens(10_000_000)).toBe('10M')
  })
})

describe('shareCents (issue 29.2)', () => {
  it('shares a turn’s cents among its calls by tokens, adding up exactly', () => {
    expect(shareCents(10, [1, 1, 1])).toEqual([4, 3, 3])
    expect(shareCents(7, [500, 0, 1500])).toEqual([2, 0, 5])
    expect(shareCents(0, [3, 4])).toEqual([0, 0])
    expect(shareCents(5, [0, 0])).toEqual([0, 0])
    const shares = shareCents(123, [12_345, 7_777, 23_456, 9_999])
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(123)
  })
})
