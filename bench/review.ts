import { writeFileSync } from 'node:fs'
import { document50k } from './page-50k'
import { applyPatches, type DiffOperation } from '../app/generation/patch'
import { describeTurn } from '../app/generation/review/describe'
import { buildSubset, replayTurn } from '../app/generation/review/operations'

/**
 * `npm run bench:review` (issue 40.2): a 10-operation turn on a 50 KB page — text, colours,
 * a removal, insertions and a patch inside what one inserted — replayed once, as the chat
 * does when the review opens, then the version for random subsets built as a switch flips
 * (no model call). Prints p50/p95 of building a subset's version (target p95 ≤ 50 ms) and
 * checks each version is exactly the kept operations applied in order; figures to
 * bench/results/review.json.
 */

const SUBSETS = 400
const TARGET_P95_MS = 50

const html = document50k({ numbered: true })
const operations: DiffOperation[] = [
  { type: 'replace', target: '<h2>Section 2</h2>', content: '<h2 style="color: #2563eb">Section 2</h2>' },
  { type: 'replace', target: 'Paragraph 5 with', content: 'The fifth paragraph, with' },
  { type: 'insert', target: '<h2>Section 7</h2>', content: '\n<section id="hours"><h3>Opening hours</h3><p>9 to 5</p></section>' },
  { type: 'replace', target: '<p>9 to 5</p>', content: '<p>9 to 6</p>' },
  { type: 'delete', target: '<p>Paragraph 11 with <b>bold</b> and <a href="#copy-11">a link</a>.</p>' },
  { type: 'replace', target: '<h2>Section 14</h2>', content: '<h2>Section fourteen</h2>' },
  { type: 'insert', target: '<h2>Section 18</h2>', content: '\n<button type="button" id="double">Double</button>' },
  { type: 'replace', target: 'id="double">Double<', content: 'id="double">Twice<' },
  { type: 'replace', target: '<a href="#copy-20">a link</a>', content: '<a href="#copy-20">the link</a>' },
  { type: 'delete', target: '<h2>Section 22</h2>' },
]
const result = applyPatches(html, operations)
if (!result.ok) throw new Error('the turn does not apply to the page')

let started = performance.now()
const turn = replayTurn(html, operations, result.code)
const replayMs = performance.now() - started
if (!turn.ok) throw new Error('the turn is not reviewable')
started = performance.now()
const review = describeTurn(html, operations, result.code, 1200)
const describeMs = performance.now() - started
if (!review.reviewable) throw new Error(review.reason)

let seed = 12345
const next = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
const times: number[] = []
let wrong = 0
for (let round = 0; round < SUBSETS; round += 1) {
  const chosen = operations.map((_, index) => index).filter(() => next() < 0.6)
  const begun = performance.now()
  const version = buildSubset(html, operations, turn, chosen)
  times.push(performance.now() - begun)
  const expected = applyPatches(
    html,
    version.kept.map((index) => operations[index]!),
  )
  if (!expected.ok || expected.code !== version.code || version.kept.some((index) => !chosen.includes(index))) wrong += 1
}

times.sort((a, b) => a - b)
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!
const round3 = (value: number) => Math.round(value * 1000) / 1000
const figures = {
  date: new Date().toISOString(),
  bytes: html.length,
  operations: operations.length,
  needs: turn.needs,
  subsets: SUBSETS,
  replayMs: round3(replayMs),
  describeMs: round3(describeMs),
  subsetP50Ms: round3(at(0.5)),
  subsetP95Ms: round3(at(0.95)),
  subsetMaxMs: round3(times.at(-1)!),
  wrongVersions: wrong,
}
writeFileSync(new URL('./results/review.json', import.meta.url), `${JSON.stringify(figures, null, 2)}\n`)
console.log(`bench:review — ${(html.length / 1024).toFixed(1)} KB page, a ${operations.length}-operation turn (needs: ${JSON.stringify(turn.needs)})`)
console.log(`replay once: ${replayMs.toFixed(1)} ms; the review in words: ${describeMs.toFixed(1)} ms`)
console.log(
  `a subset's version (${SUBSETS} random subsets): p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms (target p95 ≤ ${TARGET_P95_MS} ms)`,
)
console.log(`versions that were not exactly the kept operations: ${wrong} (target 0)`)
if (wrong > 0 || at(0.95) > TARGET_P95_MS) process.exitCode = 1
