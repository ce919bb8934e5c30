import { describe, expect, it } from 'vitest'
import { addExchange, canUndo, codeAt, EMPTY_DRAFT, isBehindLatest, readDraft, redo, undo, type Exchange } from './draft'

const exchange = (message: string, code: string): Exchange => ({
  userMessage: { role: 'user', content: message, attachments: [] },
  assistantMessage: { role: 'assistant', content: code, attachments: [] },
  tokensUsed: 10,
})

describe('draft history', () => {
  it('shows the saved code before any exchange and the current exchange after', () => {
    const one = addExchange({ ...EMPTY_DRAFT, currentInput: 'a' }, exchange('a', '<p>1</p>'))
    expect(codeAt(EMPTY_DRAFT, '<p>saved</p>')).toBe('<p>saved</p>')
    expect(codeAt(one, '<p>saved</p>')).toBe('<p>1</p>')
    expect(one.currentInput).toBe('')
  })

  it('issue 37.12: a fresh remix has nothing to undo (its copy starts the history); its first change can be undone back to the copy', () => {
    const copy: Exchange = { ...exchange('', '<p>copied</p>'), tokensUsed: 0, note: 'Remixed from @a/b', start: true }
    const fresh = readDraft({ currentInput: '', currentAttachments: [], exchangeHistory: [copy], historyIndex: 0 })
    expect(canUndo(fresh)).toBe(false)
    expect(undo(fresh)).toBe(fresh)
    const changed = addExchange(fresh, exchange('make it red', '<p style="color:red">copied</p>'))
    expect(canUndo(changed)).toBe(true)
    expect(canUndo(undo(changed))).toBe(false)
    expect(canUndo(EMPTY_DRAFT)).toBe(false)
    expect(canUndo(addExchange(EMPTY_DRAFT, exchange('a', '1')))).toBe(true)
  })

  it('undo restores the undone message to the input; redo moves forward again', () => {
    const two = addExchange(addExchange(EMPTY_DRAFT, exchange('a', '1')), exchange('b', '2'))
    const back = undo(two)
    expect(back.historyIndex).toBe(0)
    expect(back.currentInput).toBe('b')
    expect(codeAt(back, 's')).toBe('1')
    expect(isBehindLatest(back)).toBe(true)
    const start = undo(back)
    expect(start.historyIndex).toBe(-1)
    expect(start.currentInput).toBe('a')
    expect(codeAt(start, 's')).toBe('s')
    expect(undo(start)).toBe(start)
    const forward = redo(start)
    expect(forward.historyIndex).toBe(0)
    expect(forward.currentInput).toBe('b')
    expect(redo(redo(forward)).historyIndex).toBe(1)
  })

  it('sending from an earlier point drops the later exchanges', () => {
    const two = addExchange(addExchange(EMPTY_DRAFT, exchange('a', '1')), exchange('b', '2'))
    const branched = addExchange(undo(two), exchange('c', '3'))
    expect(branched.exchangeHistory.map((item) => item.userMessage.content)).toEqual(['a', 'c'])
    expect(branched.historyIndex).toBe(1)
  })

  it('reads any stored shape safely', () => {
    expect(readDraft(null)).toEqual(EMPTY_DRAFT)
    expect(readDraft({ exchangeHistory: [exchange('a', '1')], historyIndex: 7 }).historyIndex).toBe(0)
    expect(readDraft({ currentInput: 5 }).currentInput).toBe('')
    // A history whose exchanges are not exchanges is dropped whole, never half-read.
    const broken = readDraft({ currentInput: 'kept', exchangeHistory: [{ userMessage: 'x' }], historyIndex: 0 })
    expect(broken).toEqual({ ...EMPTY_DRAFT, currentInput: 'kept' })
    // An exchange missing its token count still reads, as 0 tokens.
    const { tokensUsed: _dropped, ...withoutTokens } = exchange('a', '1')
    expect(readDraft({ exchangeHistory: [withoutTokens] }).exchangeHistory[0]?.tokensUsed).toBe(0)
  })
})
