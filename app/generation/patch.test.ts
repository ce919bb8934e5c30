import { describe, expect, it } from 'vitest'
import { applyPatches, completedOperations, locate } from './patch'

const doc = `<html>
  <body>
    <h1 class="title">Hello</h1>
    <p>One</p>
    <p>Two</p>
  </body>
</html>`

describe('applyPatches', () => {
  it('replaces, inserts after and deletes exact targets, in order', () => {
    const outcome = applyPatches(doc, [
      { type: 'replace', target: '<h1 class="title">Hello</h1>', content: '<h1 class="title">Hi</h1>' },
      { type: 'insert', target: '<p>One</p>', content: '\n    <p>One and a half</p>' },
      { type: 'delete', target: '\n    <p>Two</p>' },
    ])
    expect(outcome.ok).toBe(true)
    expect(outcome.code).toBe(`<html>
  <body>
    <h1 class="title">Hi</h1>
    <p>One</p>
    <p>One and a half</p>
  </body>
</html>`)
  })

  it('forgives whitespace and indentation drift in the target', () => {
    const outcome = applyPatches(doc, [{ type: 'replace', target: '<p>One</p>\n<p>Two</p>', content: '<p>Both</p>' }])
    expect(outcome.ok).toBe(true)
    expect(outcome.code).toContain('    <p>Both</p>\n  </body>')
    expect(applyPatches(doc, [{ type: 'delete', target: '  <h1   class="title">Hello</h1>  ' }]).code).not.toContain('Hello')
    // Tags the target wrote back to back may have whitespace between them in the document.
    expect(applyPatches(doc, [{ type: 'replace', target: '<p>One</p><p>Two</p>', content: '<p>Joined</p>' }]).code).toContain('<p>Joined</p>\n  </body>')
  })

  it('reports missing, ambiguous and invalid operations and applies the rest', () => {
    const outcome = applyPatches(doc, [
      { type: 'replace', target: '<p>Three</p>', content: 'x' },
      { type: 'replace', target: '<p>', content: 'x' },
      { type: 'rename' as 'replace', target: 'One', content: 'x' },
      { type: 'replace', target: 'Two', content: '2' },
    ])
    expect(outcome.ok).toBe(false)
    expect(outcome.failed).toEqual([
      { index: 0, reason: 'missing' },
      { index: 1, reason: 'ambiguous' },
      { index: 2, reason: 'invalid' },
    ])
    expect(outcome.code).toContain('<p>2</p>')
  })

  it('locates a loose match back to exact offsets', () => {
    const span = locate('a  b\n\tc', 'b c')
    expect(span).toEqual({ start: 3, end: 7 })
  })
})

describe('completedOperations', () => {
  const answer =
    '```json\n{"patches": [{"type": "replace", "target": "<p>One</p>", "content": "<p>{One} \\"1\\"</p>"}, {"type": "delete", "target": "<p>Two</p>"}]}\n```'

  it('reads each operation of a streamed answer once its closing brace has arrived', () => {
    const cut = (marker: string) => answer.slice(0, answer.indexOf(marker) + marker.length)
    expect(completedOperations(cut('"patches": ['))).toEqual([])
    // A brace or an escaped quote inside a string does not end the object.
    expect(completedOperations(cut('{One}'))).toEqual([])
    expect(completedOperations(cut('</p>"}'))).toEqual([{ type: 'replace', target: '<p>One</p>', content: '<p>{One} "1"</p>' }])
    expect(completedOperations(cut('"delete", "target"'))).toHaveLength(1)
    expect(completedOperations(answer)).toEqual([
      { type: 'replace', target: '<p>One</p>', content: '<p>{One} "1"</p>' },
      { type: 'delete', target: '<p>Two</p>' },
    ])
  })

  it('reads nothing from a document answer and stops at the first operation that is not one', () => {
    expect(completedOperations('```html\n<!doctype html><body>{"a": 1}</body>\n```')).toEqual([])
    expect(
      completedOperations('{"patches": [{"type": "replace", "target": "a"}, {"type": "move", "target": "b"}, {"type": "delete", "target": "c"}]}'),
    ).toEqual([{ type: 'replace', target: 'a' }])
  })
})
