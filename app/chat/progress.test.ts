import { describe, expect, it } from 'vitest'
import { STATUS_MESSAGES } from '~/generation/status-messages'
import { progressHint } from './progress'

describe('progressHint', () => {
  it('follows the spec figures', () => {
    expect(progressHint(STATUS_MESSAGES.sending)).toBe(15)
    expect(progressHint(STATUS_MESSAGES.planning)).toBe(30)
    expect(progressHint('Add the buttons', { index: 0, total: 2 })).toBe(70)
    expect(progressHint('Style it', { index: 1, total: 2 })).toBe(95)
    expect(progressHint(STATUS_MESSAGES.generating)).toBe(60)
    expect(progressHint(STATUS_MESSAGES.complete)).toBe(100)
  })

  it('clamps odd step counts into 0 to 100', () => {
    expect(progressHint('Step', { index: 9, total: 2 })).toBe(100)
  })
})
