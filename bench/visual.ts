import { document50k } from './page-50k'
import { codeVersion } from '../app/pieces/code-version'
import { attr, browserElements, described, ownText } from '../tests/support/html-elements'
import { applyVisualEdit, STAMP_ATTRIBUTE, stampDocument, styleValue, type VisualEdit } from '../app/generation/visual/splice'

/**
 * `npm run bench:visual` (issue 30): visual edits on a 50 KB document. Every element the
 * preview stamps gets a text (when it holds only text), a colour and a hide edit; each is
 * applied to the saved text and timed (parse, splice, parse again and compare), and the
 * result is checked from outside: the picked element changed, no other one did. Prints
 * p50/p95 apply time and the wrong-element writes (targets: p95 ≤ 150 ms, 0 wrong).
 */

const html = document50k({ numbered: false })
const version = codeVersion(html)
const before = browserElements(html)
const shown = browserElements(stampDocument(html)).map((element) => ({ element, stamp: attr(element, STAMP_ATTRIBUTE) }))
const times: number[] = []
let wrong = 0
let refused = 0
// Every fourth stamped element, so the run takes seconds, not minutes.
for (let index = 0; index < shown.length; index += 4) {
  const { element, stamp } = shown[index]!
  if (stamp === null) continue
  const base = { version, at: Number(stamp), tag: element.tagName }
  const only = element.childNodes.length === 1 && element.childNodes[0]!.nodeName === '#text'
  const edits: VisualEdit[] = [
    ...(only ? [{ ...base, change: { kind: 'text' as const, from: ownText(element), to: 'Edited' } }] : []),
    { ...base, change: { kind: 'style', property: 'color', from: styleValue(attr(element, 'style'), 'color'), to: '#123456' } },
    { ...base, change: { kind: 'style', property: 'display', from: styleValue(attr(element, 'style'), 'display'), to: 'none' } },
  ]
  for (const edit of edits) {
    const started = performance.now()
    const result = applyVisualEdit(html, edit)
    times.push(performance.now() - started)
    if (!result.ok) {
      refused += 1
      continue
    }
    const after = browserElements(result.html)
    const others = after.every((item, position) => position === index || described(item) === described(before[position]!))
    const target = after[index]!
    const changed =
      edit.change.kind === 'text'
        ? ownText(target) === 'Edited'
        : edit.change.kind === 'style' && styleValue(attr(target, 'style'), edit.change.property) === edit.change.to
    if (after.length !== before.length || !others || !changed) wrong += 1
  }
}

times.sort((a, b) => a - b)
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!
console.log(`bench:visual — ${(html.length / 1024).toFixed(1)} KB document, ${before.length} elements, ${shown.filter((item) => item.stamp).length} stamped`)
console.log(`edits applied: ${times.length - refused}, refused: ${refused}`)
console.log(`apply time: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target p95 ≤ 150 ms)`)
console.log(`wrong-element writes: ${wrong} (target 0)`)
if (wrong > 0 || at(0.95) > 150) process.exitCode = 1
