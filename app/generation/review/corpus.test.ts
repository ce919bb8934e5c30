import { describe, expect, it } from 'vitest'
import { FOLLOW_UPS, PROMPTS } from '../../../bench/offline-corpus'
import { offlineGenerate } from '../offline'
import { applyPatches, type DiffOperation } from '../patch'
import { onlyText, parseDocument, type Located } from '../visual/document'
import { describeTurn } from './describe'
import { buildSubset, replayTurn } from './operations'

/**
 * Issue 40 (tests): a corpus of recorded multi-operation turns — the offline builder's edits
 * of the edit corpus (bench/offline-corpus.ts), several follow-ups on one page made into one
 * turn, and turns generated over the builder's real pages (several operations on distinct
 * elements, one written inside text another added) — each checked for random subsets: the
 * version lands exactly the kept operations in order, a chosen one is left out only with a
 * dependency the review found, and no element the kept ones did not touch changes.
 */

type Turn = { label: string; base: string; operations: DiffOperation[] }

/** A small seeded generator, so a failure names a turn that fails again. */
function random(seed: number) {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 0x100000000
  }
}

const pageOf = (prompt: string) => {
  const built = offlineGenerate(prompt, '')
  return built.full && built.code.trim() ? built.code : null
}

/** Follow-ups of the edit corpus answered with patches, and runs of them on one page as a single turn. */
function recordedTurns(): Turn[] {
  const turns: Turn[] = []
  const byBase = new Map<string, string[]>()
  for (const followUp of FOLLOW_UPS)
    if (!followUp.visual && !followUp.answer) byBase.set(followUp.base, [...(byBase.get(followUp.base) ?? []), followUp.request])
  for (const [prompt, requests] of byBase) {
    const base = pageOf(prompt)
    if (!base) continue
    let code = base
    let run: DiffOperation[] = []
    for (const request of requests) {
      const edit = offlineGenerate(request, code)
      if (edit.full || !edit.patches.length || !applyPatches(code, edit.patches).ok) continue
      if (edit.patches.length > 1) turns.push({ label: `${prompt}: ${request}`, base: code, operations: edit.patches })
      run = [...run, ...edit.patches]
      code = edit.code
      if (run.length > 1) turns.push({ label: `${prompt}: up to ${request}`, base, operations: run })
    }
  }
  return turns
}

const NEW_TEXT = (n: number) => `Added line ${n}`

/** Several operations on distinct elements of a real page: text, colour, removal, an insertion, and a patch inside what it inserted. */
function generatedTurns(perPage: number): Turn[] {
  const turns: Turn[] = []
  PROMPTS.forEach((prompt, pageIndex) => {
    if ('answer' in prompt) return
    const base = pageOf(prompt.prompt)
    if (!base) return
    const parsed = parseDocument(base)
    const body = [...parsed.placed.values()].find((located) => located.element.tagName === 'body')
    const candidates = [...parsed.placed.values()]
      .filter((located) => body && located.start > body.tagEnd && located.end < body.end)
      .filter((located) => !['script', 'style', 'template', 'svg'].includes(located.element.tagName))
      .filter((located) => base.split(base.slice(located.start, located.end)).length === 2)
    for (let round = 0; round < perPage; round += 1) {
      const next = random(pageIndex * 97 + round * 13 + 7)
      const chosen: typeof candidates = []
      for (const located of [...candidates].sort(() => next() - 0.5)) {
        if (chosen.length >= 4 + (round % 4)) break
        if (chosen.some((other) => located.start < other.end && other.start < located.end)) continue
        chosen.push(located)
      }
      const operations: DiffOperation[] = []
      chosen.forEach((located, index) => {
        const outer = base.slice(located.start, located.end)
        const tag = base.slice(located.tagStart, located.tagEnd)
        const text = onlyText(located.element)?.value.trim()
        const kind = Math.floor(next() * 4)
        if (kind === 0 && text && outer.split(text).length === 2)
          operations.push({ type: 'replace', target: outer, content: outer.replace(text, `${text} (changed)`) })
        else if (kind === 1 && !/\sstyle=/.test(tag))
          operations.push({ type: 'replace', target: outer, content: outer.replace(tag, tag.replace(/\s*\/?>$/, ' style="color: #16a34a">')) })
        else if (kind === 2) operations.push({ type: 'delete', target: outer })
        else {
          operations.push({ type: 'insert', target: outer, content: `<p class="added">${NEW_TEXT(index)}</p>` })
          // Dependent: written inside the text the insertion added.
          if (next() < 0.6) operations.push({ type: 'replace', target: `>${NEW_TEXT(index)}<`, content: `>${NEW_TEXT(index)}, edited<` })
        }
      })
      if (operations.length > 1) turns.push({ label: `${prompt.prompt} #${round}`, base, operations })
    }
  })
  return turns
}

/** Where each operation of the whole turn changed the starting code, as a range of it (what it stood on, and where what it stood on was written). */
function touchedRanges(base: string, operations: DiffOperation[], origins: { from: 'base' | number; start: number; length: number }[][]) {
  const ranges: [number, number][] = []
  operations.forEach((operation, index) => {
    let start = Infinity
    let end = -Infinity
    for (const piece of origins[index] ?? []) {
      const [from, to] = piece.from === 'base' ? [piece.start, piece.start + piece.length] : (ranges[piece.from] ?? [0, base.length])
      start = Math.min(start, from)
      end = Math.max(end, to)
    }
    ranges.push(start === Infinity ? [0, base.length] : [start, end])
  })
  return ranges
}

/** The outermost elements of the starting code no kept operation touched: each must be in the version as it was, in order. */
function untouchedElements(base: string, elements: Located[], ranges: [number, number][], kept: number[]) {
  const touched = kept.map((index) => ranges[index]!)
  const untouched = elements
    .filter((located) => touched.every(([from, to]) => to < located.start || from > located.end))
    .sort((one, other) => one.start - other.start)
  const outermost: typeof untouched = []
  for (const located of untouched) if (!outermost.some((outer) => located.start >= outer.start && located.end <= outer.end)) outermost.push(located)
  return outermost.map((located) => base.slice(located.start, located.end))
}

const turns = [...recordedTurns(), ...generatedTurns(3)]

describe('a corpus of multi-operation turns reviewed change by change (issue 40)', () => {
  it('holds at least 200 turns, recorded and generated, every one reviewable', { timeout: 240_000 }, () => {
    expect(turns.length).toBeGreaterThanOrEqual(200)
    expect(turns.filter((turn) => turn.label.includes(':')).length).toBeGreaterThan(20)
    for (const turn of turns) {
      const result = applyPatches(turn.base, turn.operations)
      expect(result.ok, turn.label).toBe(true)
      const review = describeTurn(turn.base, turn.operations, result.code, 1000)
      expect(review.reviewable, turn.label).toBe(true)
      if (!review.reviewable) continue
      expect(review.changes.reduce((sum, change) => sum + change.outputTokens, 0)).toBe(1000)
      for (const change of review.changes) expect(change.words, turn.label).toMatch(/^(?:Added|Removed|Changed|Replaced) /)
    }
  })

  it('lands exactly the chosen operations for random subsets, with dependencies found, and never another element', { timeout: 240_000 }, () => {
    let subsets = 0
    let withDependencies = 0
    turns.forEach((turn, turnIndex) => {
      const result = applyPatches(turn.base, turn.operations).code
      const replay = replayTurn(turn.base, turn.operations, result)
      if (!replay.ok) throw new Error(`${turn.label}: not reviewable`)
      if (replay.needs.some((needs) => needs.length)) withDependencies += 1
      const ranges = touchedRanges(turn.base, turn.operations, replay.origins)
      const elements = [...parseDocument(turn.base).placed.values()].filter(
        (located) => located.end > located.start && !['html', 'head', 'body'].includes(located.element.tagName),
      )
      const next = random(turnIndex + 1)
      for (let round = 0; round < 6; round += 1) {
        const chosen = turn.operations.map((_, index) => index).filter(() => next() < 0.6)
        const version = buildSubset(turn.base, turn.operations, replay, chosen)
        subsets += 1
        // Exactly the kept operations, applied in order, and each one kept with what it needs.
        expect(
          version.kept.every((index) => chosen.includes(index)),
          turn.label,
        ).toBe(true)
        expect([...version.kept, ...version.dropped].sort((one, other) => one - other)).toEqual(turn.operations.map((_, index) => index))
        for (const index of version.kept)
          expect(
            replay.needs[index]!.every((needed) => version.kept.includes(needed)),
            turn.label,
          ).toBe(true)
        const inOrder = applyPatches(
          turn.base,
          version.kept.map((index) => turn.operations[index]!),
        )
        expect(inOrder.ok, turn.label).toBe(true)
        expect(version.code, turn.label).toBe(inOrder.code)
        // A chosen operation is left out only with one it needs.
        for (const index of chosen.filter((index) => !version.kept.includes(index)))
          expect(
            replay.needs[index]!.some((needed) => version.dropped.includes(needed)),
            `${turn.label}: change ${index}`,
          ).toBe(true)
        // Every element no kept operation touched is in the version as it was, in order.
        let at = 0
        for (const outer of untouchedElements(turn.base, elements, ranges, version.kept)) {
          const found = version.code.indexOf(outer, at)
          expect(found, `${turn.label}: ${outer.slice(0, 60)}`).toBeGreaterThanOrEqual(0)
          at = found + outer.length
        }
      }
    })
    expect(subsets).toBeGreaterThanOrEqual(1200)
    expect(withDependencies).toBeGreaterThan(20)
  })
})
