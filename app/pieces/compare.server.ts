import { diffArrays } from 'diff'
import { getViewablePieceByName } from './pieces.server'
import { codeVersion } from './code-version'
import { copiedCodeOf, lineageOf } from './remixes.server'

/** One line of the comparison; `skipped` stands for a run of unchanged lines left out. */
export type CompareRow = { kind: 'same' | 'added' | 'removed'; text: string; before: number | null; after: number | null } | { kind: 'skipped'; count: number }

/** How big each side is, said when the changes are too many to show. */
export type CodeSize = { lines: number; characters: number }

/** A comparison drawn line by line, or, past the bound, only the two sizes. */
export type Comparison = { tooMany: false; rows: CompareRow[]; added: number; removed: number } | { tooMany: true; before: CodeSize; after: CodeSize }

/** Unchanged lines kept around each change. */
const CONTEXT = 3

/**
 * Issue 37.1: a compare runs on the event loop, so its work is bounded. The line diff
 * (Myers) costs about the square of the changed lines: past this many added plus removed
 * lines it gives up and the page says the changes are too many to show. The time budget
 * catches what the edit bound does not (long runs of near-equal lines between the edits).
 */
export const MAX_CHANGED_LINES = 500
export const COMPARE_BUDGET_MS = 50

/** The lines of a Piece's code; a last line without a newline is a line like the others. */
function linesOf(code: string): string[] {
  const lines = code.replace(/\r\n?/g, '\n').split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/**
 * Whether the changes are more than the bound before diffing at all, in one pass: a line of
 * one version with no equal line left in the other is added or removed in any diff, so
 * their count is the least number of changes. A rewrite is told at once, not after the
 * diff has spent its budget.
 */
function surelyTooMany(before: string[], after: string[]): boolean {
  const left = new Map<string, number>()
  for (const line of before) left.set(line, (left.get(line) ?? 0) + 1)
  let unmatched = 0
  for (const line of after) {
    const count = left.get(line) ?? 0
    if (count > 0) left.set(line, count - 1)
    else unmatched += 1
  }
  for (const count of left.values()) unmatched += count
  return unmatched > MAX_CHANGED_LINES
}

/**
 * Line by line, what changed from `before` to `after`, with long unchanged runs folded; too
 * many changes give the sizes instead. The lines are split once and diffed as arrays (the
 * line tokenizer of `diffLines` alone took a fifth of a second on a full-size Piece).
 */
export function compareLines(before: string, after: string): Comparison {
  const beforeLines = linesOf(before)
  const afterLines = linesOf(after)
  const parts = surelyTooMany(beforeLines, afterLines)
    ? undefined
    : diffArrays(beforeLines, afterLines, { maxEditLength: MAX_CHANGED_LINES, timeout: COMPARE_BUDGET_MS })
  if (!parts) {
    return {
      tooMany: true,
      before: { lines: beforeLines.length, characters: before.length },
      after: { lines: afterLines.length, characters: after.length },
    }
  }
  const rows: CompareRow[] = []
  let beforeLine = 1
  let afterLine = 1
  let added = 0
  let removed = 0
  parts.forEach((part, index) => {
    const lines = part.value
    if (part.added || part.removed) {
      for (const text of lines) {
        if (part.added) rows.push({ kind: 'added', text, before: null, after: afterLine++ })
        else rows.push({ kind: 'removed', text, before: beforeLine++, after: null })
      }
      if (part.added) added += lines.length
      else removed += lines.length
      return
    }
    // Unchanged: the lines next to a change stay, the rest fold into one row.
    const head = index === 0 ? 0 : CONTEXT
    const tail = index === parts.length - 1 ? 0 : CONTEXT
    const shown = (from: number, to: number) => {
      for (let at = from; at < to; at += 1) rows.push({ kind: 'same', text: lines[at]!, before: beforeLine + at, after: afterLine + at })
    }
    if (lines.length <= head + tail + 1) shown(0, lines.length)
    else {
      shown(0, head)
      rows.push({ kind: 'skipped', count: lines.length - head - tail })
      shown(lines.length - tail, lines.length)
    }
    beforeLine += lines.length
    afterLine += lines.length
  })
  return { tooMany: false, rows, added, removed }
}

/**
 * Comparisons already drawn, by the pair of versions (the copied version's hash and the
 * current code's): a page reloaded, or its `.data` asked for, draws nothing again. Bounded
 * by the characters the rows hold, oldest first out (a Map keeps insertion order).
 */
const CACHE_MAX_CHARACTERS = 8_000_000
const drawn = new Map<string, { comparison: Comparison; characters: number }>()
let cachedCharacters = 0

/** What an entry holds, in characters: its rows' text, and a share for the entry itself so that small ones are bounded too. */
const weightOf = (comparison: Comparison) =>
  256 + (comparison.tooMany ? 0 : comparison.rows.reduce((sum, row) => sum + (row.kind === 'skipped' ? 0 : row.text.length + 16), 0))

/** The comparison of that pair of versions, from the cache or drawn now and kept. */
export async function comparePair(copied: { version: string; code: () => Promise<string> }, current: string): Promise<Comparison> {
  const key = `${copied.version}:${codeVersion(current)}`
  const hit = drawn.get(key)
  if (hit) {
    // Used again: it moves to the young end.
    drawn.delete(key)
    drawn.set(key, hit)
    return hit.comparison
  }
  const comparison = compareLines(await copied.code(), current)
  const characters = weightOf(comparison)
  if (characters > CACHE_MAX_CHARACTERS) return comparison
  drawn.set(key, { comparison, characters })
  cachedCharacters += characters
  for (const [oldest, entry] of drawn) {
    if (cachedCharacters <= CACHE_MAX_CHARACTERS) break
    drawn.delete(oldest)
    cachedCharacters -= entry.characters
  }
  return comparison
}

/** How many comparisons are kept; for the tests of the cache. */
export const cachedComparisons = () => drawn.size

/**
 * Issue 32.5: a remix's current code against the version it copied, for anyone who may see
 * the remix (issue 37.1: drawn once per pair of versions, within a bound). Null for a Piece
 * they may not see, or one that is not a remix.
 */
export async function comparisonOf(viewer: { id: number; uid: string } | null, name: string) {
  const piece = await getViewablePieceByName(viewer?.id ?? null, name)
  if (!piece) return null
  const lineage = await lineageOf(piece.id)
  if (!lineage) return null
  // The copied code (up to a Piece's size) is read only when this pair is not drawn yet.
  const copied = { version: lineage.version, code: async () => (await copiedCodeOf(piece.id)) ?? '' }
  return {
    piece: { id: piece.id, name: piece.name },
    credit: { owner: lineage.owner, name: lineage.name, href: lineage.href },
    copiedAt: lineage.copiedAt,
    changes: await comparePair(copied, piece.code),
    // As on its page: its owner always, anyone else while it may be remixed.
    canDownload: viewer?.uid === piece.userId || (piece.visibility === 'public' && piece.allowRemixes),
  }
}
