import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { DATA_EXAMPLE, DATA_INSTRUCTIONS, parseDocument, parsePlan, parseStepAnswer, STEP_INSTRUCTIONS } from './instructions'
import { estimateTokens } from './tokens'

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

describe('the data API in the model’s instructions (issue 39.6)', () => {
  it('is sent with every step, names each call the client has, and stays short', () => {
    expect(STEP_INSTRUCTIONS).toContain(DATA_INSTRUCTIONS)
    const client = readFileSync(new URL('../piece-data/frame/client.ts', import.meta.url), 'utf8')
    for (const call of ['get', 'set', 'delete', 'list', 'add', 'update', 'remove', 'increment']) expect(client).toMatch(new RegExp(`\\b${call}[:(]`))
    for (const call of ['mine.get(', 'mine.set(', 'mine.list(', 'shared.add(', 'shared.list(', 'shared.increment(', 'subscribe(', 'by.you', 'error.message'])
      expect(DATA_INSTRUCTIONS).toContain(call)
    expect(DATA_INSTRUCTIONS).toMatch(/never ask for a name/)
    // Sent with every step, so it stays small: 1,340 characters, about 335 tokens.
    expect(estimateTokens(DATA_INSTRUCTIONS)).toBeLessThanOrEqual(350)
  })

  it('has an example that runs: it reads the counts, follows them live and votes, showing a failure’s message', async () => {
    const shown: Record<string, unknown> = {}
    const calls: string[] = []
    let live: (change: unknown) => void = () => {}
    const pieces = {
      data: {
        shared: {
          list: async (collection: string) => (calls.push(`list ${collection}`), { records: [], counters: { yes: 2 } }),
          increment: async (collection: string, name: string) => {
            calls.push(`increment ${collection} ${name}`)
            throw Object.assign(new Error('Too many changes in a short time.'), { code: 'rate-limited' })
          },
        },
        subscribe: (collection: string, callback: (change: unknown) => void) => (calls.push(`subscribe ${collection}`), (live = callback)),
      },
    }
    const document = {
      getElementById: (id: string) => ({
        set textContent(value: unknown) {
          shown[id] = value
        },
      }),
    }
    const vote: { onclick?: () => Promise<unknown> } = {}
    const note: { textContent?: string } = {}
    new Function('pieces', 'document', 'vote', 'note', DATA_EXAMPLE)(pieces, document, vote, note)
    await Promise.resolve()
    await Promise.resolve()
    expect(shown).toEqual({ yes: 2 })
    live({ type: 'counted', counter: { collection: 'poll', name: 'yes', value: 3 } })
    expect(shown).toEqual({ yes: 3 })
    await vote.onclick!()
    expect(note.textContent).toBe('Too many changes in a short time.')
    expect(calls).toEqual(['list poll', 'subscribe poll', 'increment poll yes'])
  })
})
