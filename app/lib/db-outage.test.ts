import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './db-outage'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, from postgres.js and from node-postgres (pg-boss)', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'CONNECTION_ENDED',
      'CONNECTION_CLOSED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
      '57P01',
      '57P02',
      '57P03',
      '08006',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true)
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Migration failed', { cause: withCode('57P01') }))).toBe(true)
  })

  it('leaves every other failure alone: a wrong query, a broken rule, a bad value', () => {
    for (const error of [withCode('23505'), withCode('42P01'), withCode('57014'), new Error('not found'), null, undefined, 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(error)).toBe(false)
    }
  })
})
