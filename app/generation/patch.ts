/** Spec 2 §3 diff operation. `insert` puts `content` right after `target`. */
export type DiffOperation = { type: 'replace' | 'insert' | 'delete'; target: string; content?: string }

const OPERATION_TYPES: readonly string[] = ['replace', 'insert', 'delete']

/** A value that is a usable diff operation (as read from a model's JSON). */
export const isDiffOperation = (value: unknown): value is DiffOperation =>
  typeof value === 'object' &&
  value !== null &&
  'type' in value &&
  typeof value.type === 'string' &&
  OPERATION_TYPES.includes(value.type) &&
  'target' in value &&
  typeof value.target === 'string'

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
  const [only, another] = exact
  if (only !== undefined && another === undefined) return { start: only, end: only + target.length }
  if (another !== undefined) return 'ambiguous'
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
    if (!isDiffOperation(operation)) {
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

/**
 * Issue 13.3: the operations complete so far in a streamed `{"patches": [...]}` answer
 * (each object whose closing brace has arrived), so a step's edits show in the preview
 * while the rest of the answer is still coming. Reads JSON strings with their escapes, so
 * a brace inside a target or content does not end an object early.
 */
export function completedOperations(partial: string): DiffOperation[] {
  const list = /"patches"\s*:\s*\[/.exec(partial)
  if (!list) return []
  const found: unknown[] = []
  let depth = 0
  let inString = false
  let escaped = false
  let objectStart = -1
  for (let at = list.index + list[0].length; at < partial.length; at += 1) {
    const char = partial[at]
    if (inString) {
      if (escaped) escaped = false
      else if (char === '\\') escaped = true
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{') {
      if (depth === 0) objectStart = at
      depth += 1
    } else if (char === '}') {
      depth -= 1
      if (depth === 0) {
        try {
          found.push(JSON.parse(partial.slice(objectStart, at + 1)))
        } catch {
          break
        }
      }
    } else if (char === ']' && depth === 0) break
  }
  // The operations up to the first that is not one.
  const operations: DiffOperation[] = []
  for (const operation of found) {
    if (!isDiffOperation(operation)) break
    operations.push(operation)
  }
  return operations
}
