import { describe, expect, it } from 'vitest'
import { parseDocument, parsePlan, parseStepAnswer } from './instructions'

describe('parsePlan', () => {
  it('reads fenced, bare and chatty JSON plans', () => {
    expect(parsePlan('{"steps":["Layout","Logic"]}')).toEqual(['Layout', 'Logic'])
    expect(parsePlan('Sure!\n```json\n{"steps": ["One"]}\n```\nGood luck')).toEqual(['One'])
    expect(parsePlan('Here you go: {"steps": ["A", "", 3, "B"]} done')).toEqual(['A', 'B'])
  })

  it('falls back to one step for malformed answers and caps long plans', () => {
    expect(parsePlan('no json here')).toEqual(['Build the page'])
    expect(parsePlan('{"steps": "nope"}')).toEqual(['Build the page'])
    expect(parsePlan('{"steps": [')).toEqual(['Build the page'])
    expect(parsePlan(JSON.stringify({ steps: ['1', '2', '3', '4', '5', '6'] }))).toHaveLength(4)
  })
})

describe('parseDocument', () => {
  it('takes the fenced html block or a bare document', () => {
    expect(parseDocument('Here:\n```html\n<!doctype html><html><body>x</body></html>\n```')).toBe('<!doctype html><html><body>x</body></html>')
    expect(parseDocument('<html><body>y</body></html>')).toBe('<html><body>y</body></html>')
  })

  it('refuses answers without a document', () => {
    expect(parseDocument('I cannot do that.')).toBeNull()
    expect(parseDocument('```js\nconsole.log(1)\n```')).toBeNull()
  })
})

describe('parseStepAnswer', () => {
  it('reads patches from a json block, with or without a document', () => {
    const answer = 'Done.\n```json\n{"patches": [{"type": "replace", "target": "<h1>A</h1>", "content": "<h1>B</h1>"}]}\n```'
    expect(parseStepAnswer(answer)).toEqual({ patches: [{ type: 'replace', target: '<h1>A</h1>', content: '<h1>B</h1>' }], code: null })
    const both = `${answer}\n\`\`\`html\n<html><body>B</body></html>\n\`\`\``
    expect(parseStepAnswer(both).code).toBe('<html><body>B</body></html>')
  })

  it('refuses malformed or partly invalid patches rather than applying half of them', () => {
    expect(parseStepAnswer('```json\n{"patches": [{"type": "rename", "target": "x"}]}\n```').patches).toBeNull()
    expect(parseStepAnswer('```json\n{"patches": [\n```').patches).toBeNull()
    expect(parseStepAnswer('```json\n{"patches": "none"}\n```').patches).toBeNull()
    expect(parseStepAnswer('just words')).toEqual({ patches: null, code: null })
  })
})
