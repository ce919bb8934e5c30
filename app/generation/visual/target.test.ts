import { codeVersion } from '~/pieces/code-version'
import { describe, expect, it } from 'vitest'
import { targetedEdit } from '../offline/targeted'
import { VisualEditMessages } from './edits'
import { locateTarget } from './target.server'

const PAGE = '<!doctype html><html><body><main class="app"><section id="card"><h1>Hello</h1><p>Keep</p></section></main></body></html>'
const at = PAGE.indexOf('<h1>')
const version = codeVersion(PAGE)

describe('a send aimed at an element (issue 30.4)', () => {
  it('finds the element’s span and the start tags of its nearest ancestors', () => {
    expect(locateTarget(PAGE, { version, at, tag: 'h1' })).toEqual({
      start: at,
      end: PAGE.indexOf('</h1>') + '</h1>'.length,
      tag: 'h1',
      ancestors: ['<body>', '<main class="app">', '<section id="card">'],
    })
  })

  it('refuses an element of another version, place or tag', () => {
    expect(locateTarget(`${PAGE} `, { version, at, tag: 'h1' })).toEqual({ refused: VisualEditMessages.changed })
    expect(locateTarget(PAGE, { version, at: at + 1, tag: 'h1' })).toEqual({ refused: VisualEditMessages.unplaced })
    expect(locateTarget(PAGE, { version, at, tag: 'p' })).toEqual({ refused: VisualEditMessages.mismatch })
  })

  it('offline, does what it understands to exactly that element, and answers what it does not', () => {
    const span = locateTarget(PAGE, { version, at, tag: 'h1' })
    if ('refused' in span) throw new Error(span.refused)
    const red = targetedEdit('make it red and centred', PAGE, span)
    expect(red.code).toBe(PAGE.replace('<h1>', '<h1 style="color: #dc2626; text-align: center">'))
    expect(red.patches).toHaveLength(1)
    const said = targetedEdit('change the text to "Good morning"', PAGE, span)
    expect(said.code).toBe(PAGE.replace('<h1>Hello</h1>', '<h1>Good morning</h1>'))
    const removed = targetedEdit('remove this', PAGE, span)
    expect(removed.code).toBe(PAGE.replace('<h1>Hello</h1>', ''))
    const unknown = targetedEdit('make it sing', PAGE, span)
    expect(unknown.code).toBe(PAGE)
    expect(unknown.answer).toMatch(/did not understand “make it sing” for the selected element/)
  })
})
