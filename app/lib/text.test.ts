import { describe, expect, it } from 'vitest'
import { CONTROL_CHARACTERS_MESSAGE, isCleanJson, lines, text } from './text'

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f']

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? []

describe('the rule for text people send', () => {
  it('refuses every control character in a line, tab and line breaks included, but not at the ends a trim removes', () => {
    for (const control of [...CONTROLS, '\t', '\n', '\r']) {
      expect(messages(text().safeParse(`a${control}b`)), JSON.stringify(control)).toEqual([CONTROL_CHARACTERS_MESSAGE])
    }
    expect(text().trim().parse(' you@example.com\n')).toBe('you@example.com')
    expect(text().safeParse('\u0000').success).toBe(false)
    expect(text().parse('Zoë 😀 ǅ')).toBe('Zoë 😀 ǅ')
  })

  it('keeps tab and line breaks in multi-line text and refuses the other controls', () => {
    expect(lines().parse('one\r\n\ttwo\nthree')).toBe('one\r\n\ttwo\nthree')
    for (const control of CONTROLS) expect(messages(lines().safeParse(`a${control}b`)), JSON.stringify(control)).toEqual([CONTROL_CHARACTERS_MESSAGE])
  })

  it('looks into every key and string of JSON data', () => {
    expect(isCleanJson({ a: ['ok\n', 1, null, { b: 'fine' }] })).toBe(true)
    expect(isCleanJson({ a: [{ b: 'x\u0000' }] })).toBe(false)
    expect(isCleanJson({ 'k\u0000': 1 })).toBe(false)
    expect(isCleanJson('\u0007')).toBe(false)
  })
})
