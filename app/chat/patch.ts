/** Spec 2 §3 diff operation. `insert` puts `content` right after `target`. */
export type DiffOperation = { type: 'replace' | 'insert' | 'delete'; target: string; content?: string }

export type PatchOutcome = { ok: boolean; code: string; applied: number; failed: { index: number; reason: 'missing' | 'ambiguous' | 'invalid' }[] }

type Span = { start: number; end: number }

/**
 * The document with every run of whitespace collapsed to one space (and none at line
 * starts), plus where each kept character came from, so a match in the collapsed text maps
 * back to exact offsets in the original.
 */
function collapse(text: string) {
  let out = ''
  const origin: number[] = []
  let pendingSpace = -1
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      if (pendingSpace < 0) pendingSpace = index
      continue
    }
    if (pendingSpace >= 0 && out.length > 0) {
      out += ' '
      origin.push(pendingSpace)
    }
    pendingSpace = -1
    out += char
    origin.push(index)
  }
  return { out, origin }
}

const collapseTarget = (target: string) => target.replace(/\s+/g, ' ').trim()

function findAll(haystack: string, needle: string, limit = 2) {
  const found: number[] = []
  for (let at = haystack.indexOf(needle); at >= 0 && found.length < limit; at = haystack.indexOf(needle, at + 1)) found.push(at)
  return found
}

/** Where `target` is: exactly, or else with whitespace and indentation drift forgiven. */
export function locate(code: string, target: string): Span | 'missing' | 'ambiguous' {
  const exact = findAll(code, target)
  if (exact.length === 1) return { start: exact[0]!, end: exact[0]! + target.length }
  if (exact.length > 1) return 'ambiguous'
  const wanted = collapseTarget(target)
  if (!wanted) return 'missing'
  const { out, origin } = collapse(code)
  const loose = findAll(out, wanted)
  if (loose.length !== 1) return loose.length ? 'ambiguous' : 'missing'
  const start = origin[loose[0]!]!
  const end = origin[loose[0]! + wanted.length - 1]! + 1
  return { start, end }
}

/** Applies the operations in order; any that cannot be placed is reported, the rest apply. */
export function applyPatches(code: string, operations: DiffOperation[]): PatchOutcome {
  let current = code
  const failed: PatchOutcome['failed'] = []
  operations.forEach((operation, index) => {
    if (!operation || typeof operation.target !== 'string' || !['replace', 'insert', 'delete'].includes(operation.type)) {
      failed.push({ index, reason: 'invalid' })
      return
    }
    const span = locate(current, operation.target)
    if (span === 'missing' || span === 'ambiguous') {
      failed.push({ index, reason: span })
      return
    }
    const content = operation.content ?? ''
    if (operation.type === 'replace') current = current.slice(0, span.start) + content + current.slice(span.end)
    else if (operation.type === 'insert') current = current.slice(0, span.end) + content + current.slice(span.end)
    else current = current.slice(0, span.start) + current.slice(span.end)
  })
  return { ok: failed.length === 0, code: current, applied: operations.length - failed.length, failed }
}
