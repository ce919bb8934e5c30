import { describe, expect, it } from 'vitest'
import { applyPatches, type DiffOperation } from '../patch'
import { buildSubset, replayTurn } from './operations'

const base = `<main>
  <h1 style="color: green">Counter</h1>
  <p id="count">0</p>
  <button id="plus">+</button>
  <footer>Made with Pieces</footer>
</main>`

const operations: DiffOperation[] = [
  { type: 'replace', target: 'style="color: green"', content: 'style="color: blue"' },
  { type: 'insert', target: '<button id="plus">+</button>', content: '\n  <section id="hours"><h2>Opening hours</h2><p>9 to 5</p></section>' },
  { type: 'replace', target: '<p>9 to 5</p>', content: '<p>9 to 6</p>' },
  { type: 'delete', target: '\n  <footer>Made with Pieces</footer>' },
]
const result = applyPatches(base, operations).code

describe('a turn replayed operation by operation (issue 40.2)', () => {
  it('rebuilds the turn and finds what each operation needs', () => {
    const turn = replayTurn(base, operations, result)
    expect(turn.ok).toBe(true)
    if (!turn.ok) return
    expect(turn.needs).toEqual([[], [], [1], []])
  })

  it('builds the version with the chosen operations only', () => {
    const turn = replayTurn(base, operations, result)
    if (!turn.ok) throw new Error('not reviewable')
    const withoutFooterRemoval = buildSubset(base, operations, turn, [0, 1, 2])
    expect(withoutFooterRemoval).toEqual({ code: applyPatches(base, operations.slice(0, 3)).code, kept: [0, 1, 2], dropped: [3] })
    expect(withoutFooterRemoval.code).toContain('<footer>')
  })

  it('drops what needs a dropped operation with it', () => {
    const turn = replayTurn(base, operations, result)
    if (!turn.ok) throw new Error('not reviewable')
    const version = buildSubset(base, operations, turn, [0, 2, 3])
    expect(version.kept).toEqual([0, 3])
    expect(version.dropped).toEqual([1, 2])
    expect(version.code).not.toContain('Opening hours')
    expect(version.code).toContain('color: blue')
  })

  it('never lands an operation on other text than it changed in the whole turn', () => {
    const twins = '<p>Hi</p><p>Hi</p>'
    const turnOps: DiffOperation[] = [
      { type: 'replace', target: '<p>Hi</p><p>Hi</p>', content: '<p>Hi</p><p>Bye</p>' },
      { type: 'replace', target: '<p>Hi</p>', content: '<p>Hello</p>' },
    ]
    const turn = replayTurn(twins, turnOps, applyPatches(twins, turnOps).code)
    if (!turn.ok) throw new Error('not reviewable')
    // Without the first, "<p>Hi</p>" is found twice: the second cannot be placed, so it goes too.
    expect(turn.needs[1]).toEqual([0])
    expect(buildSubset(twins, turnOps, turn, [1])).toEqual({ code: twins, kept: [], dropped: [0, 1] })
  })

  it('says a turn its operations do not rebuild cannot be reviewed', () => {
    expect(replayTurn(base, operations, `${result}<!-- changed after -->`).ok).toBe(false)
    expect(replayTurn(base, [], base).ok).toBe(false)
    expect(replayTurn(base, [{ type: 'replace', target: 'nowhere', content: 'x' }], base).ok).toBe(false)
  })
})
