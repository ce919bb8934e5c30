import { isDiffOperation, locate, type DiffOperation } from '../patch'

/**
 * Issue 40.2: a turn's operations, kept or dropped one by one. A turn is a list of patch
 * operations applied in order to the code it was asked of; here they are replayed while
 * every character of the code remembers where it came from — the code the turn started
 * with (at an offset), or the content one operation wrote. That gives, without any model:
 *
 * - what each operation needs: an operation whose target lies in text another one wrote
 *   (a patch inside a section another added) cannot stand without it; nor can one whose
 *   target would be found elsewhere, or not at all, once another is dropped;
 * - the version with any subset: the kept operations replayed on the turn's starting code,
 *   each landing on exactly the text it landed on in the whole turn, never on another.
 *
 * Pure and small, so the chat builds a choice's version in the browser as the switch
 * flips, and the server builds the same one when it is applied.
 */

/** Where a run of characters came from: the turn's starting code, or operation `from`'s content. */
type Piece = { from: 'base' | number; start: number; length: number }

/** The code while operations are replayed, each character tied to its origin. */
class TracedCode {
  code: string
  private pieces: Piece[]

  constructor(base: string) {
    this.code = base
    this.pieces = base.length ? [{ from: 'base', start: 0, length: base.length }] : []
  }

  /** The origins of the characters in [start, end), as runs. */
  originOf(start: number, end: number): Piece[] {
    const found: Piece[] = []
    let at = 0
    for (const piece of this.pieces) {
      const pieceEnd = at + piece.length
      const from = Math.max(start, at)
      const to = Math.min(end, pieceEnd)
      if (to > from) found.push({ from: piece.from, start: piece.start + (from - at), length: to - from })
      at = pieceEnd
      if (at >= end) break
    }
    return found
  }

  /** Replaces [start, end) with `content`, written by operation `by`. */
  splice(start: number, end: number, content: string, by: number) {
    const before: Piece[] = []
    const after: Piece[] = []
    let at = 0
    for (const piece of this.pieces) {
      const pieceEnd = at + piece.length
      if (pieceEnd <= start) before.push(piece)
      else if (at >= end) after.push(piece)
      else {
        if (at < start) before.push({ ...piece, length: start - at })
        if (pieceEnd > end) after.push({ from: piece.from, start: piece.start + (end - at), length: pieceEnd - end })
      }
      at = pieceEnd
    }
    const written: Piece[] = content.length ? [{ from: by, start: 0, length: content.length }] : []
    this.pieces = [...before, ...written, ...after]
    this.code = this.code.slice(0, start) + content + this.code.slice(end)
  }
}

const sameOrigin = (one: Piece[], other: Piece[]) =>
  one.length === other.length &&
  one.every((piece, index) => piece.from === other[index]?.from && piece.start === other[index]?.start && piece.length === other[index]?.length)

type Placed = { start: number; end: number; origin: Piece[] }

/** Where an operation's target is in `code`, and what it stands on; or why it cannot be placed. */
function place(code: TracedCode, operation: DiffOperation): Placed | 'missing' | 'ambiguous' {
  const span = locate(code.code, operation.target)
  if (span === 'missing' || span === 'ambiguous') return span
  return { ...span, origin: code.originOf(span.start, span.end) }
}

/** Writes operation `index` where it was placed. */
function write(code: TracedCode, operation: DiffOperation, index: number, { start, end }: Placed) {
  const content = operation.content ?? ''
  if (operation.type === 'insert') code.splice(end, end, content, index)
  else code.splice(start, end, operation.type === 'replace' ? content : '', index)
}

export type TurnReplay =
  | {
      ok: true
      /** What each operation's target stood on in the whole turn. */
      origins: Piece[][]
      /** For each operation, the earlier ones it cannot stand without (ascending). */
      needs: number[][]
    }
  /** The operations do not rebuild the turn's result (a step wrote the page whole, or the result was changed after). */
  | { ok: false }

/** The version with only the operations in `keep`, each where it landed in the whole turn. */
export type SubsetVersion = {
  code: string
  /** The operations in the version (ascending). */
  kept: number[]
  /** The operations left out: those not chosen, and those that needed one of them. */
  dropped: number[]
}

function buildWith(base: string, operations: readonly DiffOperation[], origins: readonly Piece[][], chosen: ReadonlySet<number>): SubsetVersion {
  const code = new TracedCode(base)
  const kept: number[] = []
  const dropped: number[] = []
  operations.forEach((operation, index) => {
    if (!chosen.has(index)) {
      dropped.push(index)
      return
    }
    const expected = origins[index] ?? []
    // Text another operation wrote is not there without it: the target must stand on kept operations' text only.
    const standsOnDropped = expected.some((piece) => piece.from !== 'base' && !kept.includes(piece.from))
    if (standsOnDropped) {
      dropped.push(index)
      return
    }
    // An operation that would land on other text than in the whole turn is left out: it never changes another element.
    const placed = place(code, operation)
    if (placed === 'missing' || placed === 'ambiguous' || !sameOrigin(placed.origin, expected)) {
      dropped.push(index)
      return
    }
    write(code, operation, index, placed)
    kept.push(index)
  })
  return { code: code.code, kept, dropped }
}

/**
 * Replays a turn: `ok` when its operations, applied in order to `base`, give `result`
 * exactly; then what each one stood on and what each one needs.
 */
export function replayTurn(base: string, operations: readonly unknown[], result: string): TurnReplay {
  if (!operations.length || !operations.every(isDiffOperation)) return { ok: false }
  const code = new TracedCode(base)
  const origins: Piece[][] = []
  for (const [index, operation] of operations.entries()) {
    const placed = place(code, operation)
    if (placed === 'missing' || placed === 'ambiguous') return { ok: false }
    origins.push(placed.origin)
    write(code, operation, index, placed)
  }
  if (code.code !== result) return { ok: false }
  const all = operations.map((_, index) => index)
  const needs: number[][] = operations.map(() => [])
  for (const left of all) {
    const without = buildWith(base, operations, origins, new Set(all.filter((index) => index !== left)))
    for (const index of without.dropped) if (index !== left) needs[index]?.push(left)
  }
  return { ok: true, origins, needs }
}

/**
 * Issue 40.2: the version of a turn with the chosen operations, and with every operation
 * that needs one left out gone too. `turn` is what `replayTurn` found for the same operations.
 */
export function buildSubset(
  base: string,
  operations: readonly DiffOperation[],
  turn: Extract<TurnReplay, { ok: true }>,
  chosen: Iterable<number>,
): SubsetVersion {
  const keep = new Set(chosen)
  // What needs a dropped operation goes with it (needs point to earlier operations, so one pass in order settles it).
  operations.forEach((_, index) => {
    if (keep.has(index) && turn.needs[index]?.some((needed) => !keep.has(needed))) keep.delete(index)
  })
  return buildWith(base, operations, turn.origins, keep)
}
