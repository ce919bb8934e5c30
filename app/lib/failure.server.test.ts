import { describe, expect, it } from 'vitest'
import { expectErrorLog } from '../../tests/support/error-guard'
import { unexpectedFailure } from './failure.server'
import { DATABASE_UNAVAILABLE_MESSAGE, SERVER_ERROR_MESSAGE } from './messages'

describe('a form’s unexpected failure', () => {
  it('says the database is temporarily unavailable (503) when it cannot be reached, with no error logged', () => {
    const lost = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' })
    expect(unexpectedFailure('settings', 'form failed', lost)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, status: 503 })
  })

  it('says something went wrong (500) for anything else, and logs it as an error', () => {
    expectErrorLog(/"component":"settings".*"msg":"form failed"/)
    expect(unexpectedFailure('settings', 'form failed', new TypeError('x is undefined'))).toEqual({ message: SERVER_ERROR_MESSAGE, status: 500 })
  })
})
