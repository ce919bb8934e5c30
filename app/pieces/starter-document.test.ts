import { describe, expect, it } from 'vitest'
import { STARTER_TEXT, starterDocument } from './starter-document'

describe('starterDocument', () => {
  it('names the Piece and says where it will appear', () => {
    const html = starterDocument({ name: 'todo.app', description: 'A list of things' })
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<title>todo.app</title>')
    expect(html).toContain('A list of things')
    expect(html).toContain('Your Piece will appear here')
    expect(html).not.toContain('<script')
  })

  it('tells a visitor, who has no chat, what to expect instead of what to do', () => {
    const html = starterDocument({ name: 'todo.app' }, 'visitor')
    expect(html).toContain(STARTER_TEXT.visitor)
    expect(html).not.toContain('in the chat')
  })

  it('escapes what it shows', () => {
    const html = starterDocument({ name: 'x', description: '<img src=x onerror=alert(1)>' })
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})
