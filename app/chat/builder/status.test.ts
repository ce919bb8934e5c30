import { describe, expect, it } from 'vitest'
import { EMPTY_DRAFT, type DraftData } from '../draft'
import { initialStatus } from './status'

const built: DraftData = {
  ...EMPTY_DRAFT,
  exchangeHistory: [
    {
      userMessage: { role: 'user', content: 'a counter', attachments: [] },
      assistantMessage: { role: 'assistant', content: '<p>1</p>', attachments: [] },
      tokensUsed: 5,
    },
  ],
  historyIndex: 0,
}
const idle = { stage: 'idle' as const, lastOutcome: null, draft: EMPTY_DRAFT, running: null }

describe('the status a page load shows (spec 2 §4)', () => {
  it('is ready before any generation, and after a decided or dismissed one', () => {
    expect(initialStatus(idle).message).toBe('Ready to build your Piece')
    expect(initialStatus({ ...idle, lastOutcome: { status: 'complete', error: null } }).message).toBe('Ready to build your Piece')
  })

  it('says how the last generation ended', () => {
    expect(initialStatus({ ...idle, draft: built, lastOutcome: { status: 'complete', error: null } })).toEqual({
      status: 'complete',
      message: 'Generation complete',
      progress: null,
    })
    expect(initialStatus({ ...idle, lastOutcome: { status: 'stopped', error: null } }).message).toBe('Generation stopped')
    expect(initialStatus({ ...idle, lastOutcome: { status: 'failed', error: 'The model took too long' } })).toEqual({
      status: 'error',
      message: 'The model took too long',
      progress: null,
    })
    expect(initialStatus({ ...idle, lastOutcome: { status: 'failed', error: null } }).message).toBe('Something went wrong')
  })

  it('follows a running generation: its latest step, or its stage', () => {
    expect(initialStatus({ ...idle, stage: 'planning' })).toMatchObject({ status: 'processing', message: 'Planning', progress: 30 })
    const running = { text: 'a timer', attachments: [], step: { title: 'Lay out the page', index: 0, total: 2 } }
    expect(initialStatus({ ...idle, stage: 'generating', running })).toEqual({ status: 'processing', message: 'Lay out the page', progress: 70 })
  })
})
