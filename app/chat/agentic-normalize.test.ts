import { describe, expect, it } from 'vitest'
import { normalizeAgenticResult } from './agentic-normalize'

describe('normalizeAgenticResult', () => {
  it('parses JSON held in a string and leaves plain text alone', () => {
    expect(normalizeAgenticResult('{"a":1}')).toEqual({ a: 1 })
    expect(normalizeAgenticResult(' [1,2] ')).toEqual([1, 2])
    expect(normalizeAgenticResult('hello')).toBe('hello')
    expect(normalizeAgenticResult('{broken')).toBe('{broken')
  })

  it('maps trade records to the spec field names and keeps other keys', () => {
    const records = normalizeAgenticResult(
      JSON.stringify([{ trade_date: '2025-01-02', insider_name: 'A. Person', title: 'CEO', transaction_code: 'S', qty: 100, price: 9.5, extra: true }]),
    )
    expect(records).toEqual([{ tradeDate: '2025-01-02', filerName: 'A. Person', filerRole: 'CEO', transactionCode: 'S', shares: 100, price: 9.5, extra: true }])
  })

  it('leaves arrays of other records unchanged', () => {
    expect(normalizeAgenticResult([{ name: 'x', colour: 'red' }])).toEqual([{ name: 'x', colour: 'red' }])
  })
})
