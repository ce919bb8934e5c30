/** Spec 2 §3 diff operation. `insert` puts `content` right after `target`. */
export type DiffOperation = { type: 'replace' | 'insert' | 'delete'; target: string; content?: string }

export type PatchOutcome = { ok: boolean; code: string; applied: number; failed: { index: number; reason: 'missing' | 'ambiguous' | 'invalid' }[] }

type Span = { start: number; end: number }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A pattern that matches the target with any run of whitespace standing for any other,
 * and with whitespace allowed between tags the target wrote back to back.
 */
function loosePattern(target: string) {
  const tokens = target.split(/\s+/).filter(Boolean)
  if (!tokens.length) return null
  return new RegExp(tokens.map((token) => escapeRegExp(token).replace(/></g, '>\\s*<')).join('\\s+'), 'g')
}

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
  const pattern = loosePattern(target)
  if (!pattern) return 'missing'
  const first = pattern.exec(code)
  if (!first) return 'missing'
  pattern.lastIndex = first.index + 1
  if (pattern.exec(code)) return 'ambiguous'
  return { start: first.index, end: first.index + first[0].length }
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
