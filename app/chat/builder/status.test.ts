import { describe, expect, it } from 'vitest'
import { EMPTY_DRAFT, hasPending, type DraftData } from '~/pieces/draft'
import { ANSWERED, clearAfter, COMPLETE, ending, failure, initialStatus, STOPPED } from './status'

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
const idle = { stage: 'idle' as const, lastOutcome: null, draft: EMPTY_DRAFT, running: null, savedCode: '' }

describe('the status a page load shows (spec 2 §4)', () => {
  it('is ready before any generation, and after a decided or dismissed one', () => {
    expect(initialStatus(idle).message).toBe('Ready to build your Piece')
    expect(initialStatus({ ...idle, lastOutcome: { status: 'complete', error: null, tokensUsed: 0 } }).message).toBe('Ready to build your Piece')
  })

  it('says how the last generation ended', () => {
    expect(initialStatus({ ...idle, draft: built, lastOutcome: { status: 'complete', error: null, tokensUsed: 0 } })).toEqual({
      status: 'complete',
      message: 'Generation complete',
      progress: null,
    })
    expect(initialStatus({ ...idle, lastOutcome: { status: 'stopped', error: null, tokensUsed: 0 } }).message).toBe('Generation stopped')
    // Issue 29.3: a stopped turn says what it was charged for.
    expect(initialStatus({ ...idle, lastOutcome: { status: 'stopped', error: null, tokensUsed: 1234 } }).detail).toBe(
      'Charged 1,234 tokens for what it used before it stopped.',
    )
    expect(initialStatus({ ...idle, lastOutcome: { status: 'failed', error: 'The model took too long', tokensUsed: 0 } })).toEqual({
      status: 'error',
      message: 'The model took too long',
      progress: null,
    })
    expect(initialStatus({ ...idle, lastOutcome: { status: 'failed', error: null, tokensUsed: 0 } }).message).toBe('Something went wrong')
  })

  it('after an answer that changed nothing, says so instead of "Generation complete" (issue 26.4)', () => {
    const answer = (content: string) => ({
      userMessage: { role: 'user' as const, content: 'connect it to my calendar', attachments: [] },
      assistantMessage: { role: 'assistant' as const, content, attachments: [], answer: "Offline mode can't do that yet: …" },
      tokensUsed: 0,
    })
    const complete = { status: 'complete' as const, error: null, tokensUsed: 0 }
    const answeredFirst: DraftData = { ...EMPTY_DRAFT, exchangeHistory: [answer('<p>saved</p>')], historyIndex: 0 }
    expect(initialStatus({ ...idle, savedCode: '<p>saved</p>', draft: answeredFirst, lastOutcome: complete })).toEqual({
      status: 'idle',
      message: 'Answered in the chat: the Piece was not changed',
      progress: null,
    })
    // A build still waiting for Accept, then an answer: the answer is said, and the build stays pending.
    const afterBuild: DraftData = { ...built, exchangeHistory: [...built.exchangeHistory, answer('<p>1</p>')], historyIndex: 1 }
    expect(initialStatus({ ...idle, draft: afterBuild, lastOutcome: complete }).message).toBe('Answered in the chat: the Piece was not changed')
    expect(hasPending(afterBuild, '')).toBe(true)
    expect(hasPending(answeredFirst, '<p>saved</p>')).toBe(false)
    // Stepped back to the build: its result waits for Accept or Reject again.
    expect(initialStatus({ ...idle, draft: { ...afterBuild, historyIndex: 0 }, lastOutcome: complete }).message).toBe('Generation complete')
  })

  it('follows a running generation: its latest step, or its stage', () => {
    expect(initialStatus({ ...idle, stage: 'planning' })).toMatchObject({ status: 'processing', message: 'Planning', progress: 30 })
    const running = { text: 'a timer', attachments: [], step: { title: 'Lay out the page', index: 0, total: 2 } }
    expect(initialStatus({ ...idle, stage: 'generating', running })).toEqual({ status: 'processing', message: 'Lay out the page', progress: 70 })
  })
})

describe('the progress bar as a generation ends (spec 2 §4)', () => {
  const building = { status: 'processing' as const, message: 'Add the buttons', progress: 70 }

  it('keeps the bar where the run had got to on a stop or an error, and clears it 350 ms later', () => {
    expect(ending(building, STOPPED)).toEqual({ ...STOPPED, progress: 70 })
    expect(ending(building, failure('Something went wrong')).progress).toBe(70)
    expect(ending(building, failure('You have reached your daily token limit', 'upgrade')).progress).toBe(70)
    expect(clearAfter(STOPPED)).toBe(350)
    expect(clearAfter(failure('Something went wrong'))).toBe(350)
  })

  it('fills the bar on complete and clears it 650 ms later; an answer that changed nothing shows no bar', () => {
    expect(ending(building, COMPLETE).progress).toBe(100)
    expect(clearAfter(COMPLETE)).toBe(650)
    expect(ending(building, ANSWERED).progress).toBeNull()
  })

  it('a second word of the same stop (the stream after the Stop form) leaves a cleared bar cleared', () => {
    expect(ending({ ...STOPPED, progress: null }, STOPPED).progress).toBeNull()
  })
})
