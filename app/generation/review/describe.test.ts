import { describe, expect, it } from 'vitest'
import { applyPatches, type DiffOperation } from '../patch'
import { describeTurn, elementOfChange, ReviewWords, shares } from './describe'

const base = `<!doctype html>
<html><head><title>Counter</title>
<style>
  h1 { color: green; }
  footer { font-size: 12px; }
</style></head>
<body><main>
  <h1 style="color: green">Counter</h1>
  <p id="count">0</p>
  <button id="plus">+</button>
  <footer>Made with Pieces</footer>
</main>
<script>
  let count = 0
  document.querySelector('#plus').onclick = () => { count += 1 }
</script></body></html>`

const operations: DiffOperation[] = [
  { type: 'replace', target: 'style="color: green"', content: 'style="color: blue"' },
  { type: 'insert', target: '<button id="plus">+</button>', content: '\n  <button id="double">Double</button>' },
  { type: 'delete', target: '\n  <footer>Made with Pieces</footer>' },
  { type: 'replace', target: 'count += 1', content: 'count += 2' },
  { type: 'replace', target: 'footer { font-size: 12px; }', content: 'footer { color: grey; }' },
  { type: 'replace', target: '<p id="count">0</p>', content: '<p id="count">10</p>' },
]
const result = applyPatches(base, operations).code

describe("a turn's changes in words (issue 40.1)", () => {
  it('names each change by the element it touched', () => {
    const review = describeTurn(base, operations, result, 100)
    if (!review.reviewable) throw new Error(review.reason)
    expect(review.changes.map((change) => change.words)).toEqual([
      'Changed the colour of the title ‘Counter’',
      'Added the ‘Double’ button',
      'Removed the footer ‘Made with Pieces’',
      'Changed the script',
      'Changed the styles',
      'Changed the text of the count',
    ])
  })

  it('shows a small before and after of what each touched', () => {
    const review = describeTurn(base, operations, result, 100)
    if (!review.reviewable) throw new Error(review.reason)
    expect(review.changes[0]).toMatchObject({ before: 'style="color: green"', after: 'style="color: blue"' })
    expect(review.changes[1]).toMatchObject({ before: '', after: '<button id="double">Double</button>' })
    expect(review.changes[2]).toMatchObject({ before: '<footer>Made with Pieces</footer>', after: '' })
    for (const change of review.changes) expect(Math.max(change.before.length, change.after.length)).toBeLessThanOrEqual(160)
  })

  it('shares the output tokens out by the size of each operation, summing exactly', () => {
    const review = describeTurn(base, operations, result, 101)
    if (!review.reviewable) throw new Error(review.reason)
    expect(review.changes.reduce((sum, change) => sum + change.outputTokens, 0)).toBe(101)
    expect(review.changes[1]!.outputTokens).toBeGreaterThan(review.changes[3]!.outputTokens)
    expect(shares([1, 1, 1], 10)).toEqual([4, 3, 3])
    expect(shares([], 10)).toEqual([])
  })

  it('names a style rule by its element when the selector is simple', () => {
    const ops: DiffOperation[] = [{ type: 'replace', target: 'h1 { color: green; }', content: 'h1 { color: red; }' }]
    const review = describeTurn(base, ops, applyPatches(base, ops).code, 10)
    expect(review.reviewable && review.changes[0]?.words).toBe('Changed the colour of the title ‘Counter’')
  })

  it('says why a turn cannot be reviewed', () => {
    expect(describeTurn(base, operations, `${result}!`, 10)).toEqual({ reviewable: false, reason: ReviewWords.notReviewable })
    expect(describeTurn(base, [], base, 10)).toEqual({ reviewable: false, reason: ReviewWords.nothingChanged })
  })

  it('finds the element a change touched in any version', () => {
    const all = operations.map((_, index) => index)
    const at = elementOfChange(base, operations, all, 1)
    expect(result.slice(at!, at! + 20)).toBe('<button id="double">')
    const without0 = applyPatches(base, operations.slice(1)).code
    const titleOff = elementOfChange(base, operations, [1, 2, 3, 4, 5], 5)
    expect(without0.slice(titleOff!, titleOff! + 13)).toBe('<p id="count"')
    expect(elementOfChange(base, operations, [0, 2], 1)).toBeNull()
  })
})
