import { describe, expect, it } from 'vitest'
import { codeVersion } from './code-version'

describe('codeVersion (issue 38.3)', () => {
  it('gives the versions already stored with check results and visual edits: the same text, the same version as before', () => {
    expect(codeVersion('')).toBe('488bdcb81aee8d83-0')
    expect(codeVersion('<!doctype html><h1>Hi</h1>')).toBe('2523b39443b903fc-q')
    expect(codeVersion('emoji 😀 é')).toBe('1ff68283e02dbb35-a')
    expect(codeVersion('x'.repeat(1000))).toBe('819a7942aee5273b-rs')
  })

  it('tells apart texts that differ by one character or by their length', () => {
    const page = '<!doctype html><html><body><h1>Counter</h1></body></html>'
    expect(codeVersion(page)).toBe(codeVersion(`${page}`))
    expect(codeVersion(page)).not.toBe(codeVersion(page.replace('Counter', 'Countes')))
    expect(codeVersion(page)).not.toBe(codeVersion(`${page} `))
  })
})
