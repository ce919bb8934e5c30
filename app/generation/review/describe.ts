import { locate, type DiffOperation } from '../patch'
import { attribute, elementName, parseDocument, textContent, type Element, type Located, type ParsedDocument } from '../visual/document'
import { declarations } from '../visual/edits'
import { elementWords } from '~/lib/element-words'
import { buildSubset, replayTurn } from './operations'
import { ReviewWords } from './words'

/**
 * Issue 40.1 and 40.4: a turn's changes one by one, as a person reads them — what each
 * operation did to which element ("Added the ‘Double’ button", "Changed the colour of the
 * title ‘Counter’", "Removed the footer"), a small before and after of the text it touched,
 * what it needs, and its share of the turn's output tokens. Pure: the code is parsed
 * (parse5, as the visual editor does) around each change, never run.
 */

export type ChangeReview = {
  /** Position in the turn's operations. */
  index: number
  words: string
  /** A short excerpt (≤ 160 characters) of the text it touched before ('' for a pure insert). */
  before: string
  /** The same after ('' for a delete). */
  after: string
  /** The earlier operations it cannot stand without (from replayTurn). */
  needs: number[]
  /** Its share of the turn's output tokens: integers summing to the output tokens of the calls that wrote the operations. */
  outputTokens: number
}

export type TurnReview = { reviewable: true; changes: ChangeReview[] } | { reviewable: false; reason: string }

export { ReviewWords }

/** The longest excerpt of a change's before or after. */
export const EXCERPT_LENGTH = 160
/** Characters of unchanged text shown around what a replace changed. */
const CONTEXT = 24

const flat = (text: string) => text.replace(/\s+/g, ' ')
const clip = (text: string) => {
  const value = flat(text).trim()
  return value.length > EXCERPT_LENGTH ? `${value.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : value
}

/** What a replace changed, with a little unchanged text around it: both sides clipped alike. */
function excerpts(before: string, after: string): { before: string; after: string } {
  let prefix = 0
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix += 1
  let suffix = 0
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix])
    suffix += 1
  const from = Math.max(0, prefix - CONTEXT)
  const cut = (text: string) => {
    const to = Math.min(text.length, text.length - suffix + CONTEXT)
    return `${from > 0 ? '…' : ''}${flat(text.slice(from, to)).trim()}${to < text.length ? '…' : ''}`
  }
  const shorten = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text)
  return { before: shorten(cut(before)), after: shorten(cut(after)) }
}

/** Integer shares of `total` in proportion to `weights`, summing to `total` exactly (largest remainders). */
export function shares(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0)
  if (!weights.length) return []
  if (sum <= 0 || total <= 0) return weights.map((_, index) => (index === 0 ? Math.max(0, total) : 0))
  const exact = weights.map((weight) => (weight / sum) * total)
  const whole = exact.map(Math.floor)
  let left = total - whole.reduce((all, value) => all + value, 0)
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((one, other) => other.rest - one.rest || one.index - other.index)
  for (const { index } of order) {
    if (left <= 0) break
    whole[index] = (whole[index] ?? 0) + 1
    left -= 1
  }
  return whole
}

/** One operation as replayed: the code before it, where it wrote, and the code after. */
type Step = { operation: DiffOperation; before: string; after: string; start: number; end: number; written: number }

function replaySteps(base: string, operations: readonly DiffOperation[]): Step[] | null {
  const steps: Step[] = []
  let code = base
  for (const operation of operations) {
    const span = locate(code, operation.target)
    if (span === 'missing' || span === 'ambiguous') return null
    const content = operation.type === 'delete' ? '' : (operation.content ?? '')
    const start = operation.type === 'insert' ? span.end : span.start
    const end = operation.type === 'insert' ? span.end : span.end
    const after = code.slice(0, start) + content + code.slice(end)
    steps.push({ operation, before: code, after, start, end, written: content.length })
    code = after
  }
  return steps
}

/** Special names for what holds no text a person reads. */
const PAGE_PARTS: Record<string, string> = {
  script: 'the script',
  style: 'the styles',
  title: 'the page title',
  head: 'the page',
  body: 'the page',
  html: 'the page',
}
/** Parts of a page named by their heading ("the section ‘Opening hours’"), not by all the text in them. */
const CONTAINERS = new Set(['section', 'article', 'aside', 'header', 'footer', 'nav', 'main', 'div', 'form', 'dialog', 'details', 'fieldset'])

function headingOf(element: Element): Element | null {
  for (const child of element.childNodes) {
    if (!('tagName' in child)) continue
    if (/^h[1-6]$|^legend$|^summary$/.test(child.tagName)) return child
    const found = CONTAINERS.has(child.tagName) ? null : headingOf(child)
    if (found) return found
  }
  return null
}

function nameOf(element: Element) {
  const part = PAGE_PARTS[element.tagName]
  if (part) return part
  const heading = CONTAINERS.has(element.tagName) && !attribute(element, 'aria-label') ? headingOf(element) : null
  return heading
    ? elementWords({
        tag: element.tagName,
        role: attribute(element, 'role') ?? undefined,
        text: textContent(heading),
        id: attribute(element, 'id') ?? undefined,
      })
    : elementName(element)
}

/** Placed elements lying wholly inside [start, end), outermost only, in order. */
function elementsWithin(parsed: ParsedDocument, start: number, end: number): Located[] {
  const inside = [...parsed.placed.values()].filter((located) => located.start >= start && located.end <= end && located.end > located.start)
  inside.sort((one, other) => one.start - other.start)
  const outermost: Located[] = []
  for (const located of inside) if (!outermost.some((outer) => located.start >= outer.start && located.end <= outer.end)) outermost.push(located)
  return outermost
}

/** The innermost placed element holding [start, end). */
function elementAround(parsed: ParsedDocument, start: number, end: number): Located | null {
  let found: Located | null = null
  for (const located of parsed.placed.values())
    if (located.start <= start && located.end >= end && (!found || located.end - located.start < found.end - found.start)) found = located
  return found
}

const listOf = (names: string[]) =>
  names.length === 1 ? names[0] : names.length === 2 ? `${names[0]} and ${names[1]}` : `${names[0]} and ${names.length - 1} more elements`

const COLOUR = /^(?:color|background|background-color|border-color|fill|stroke)$/
const SIZE = /^(?:font-size|width|height|max-width|min-height|padding|margin|gap|line-height)$/

/** What changed between two readings of the same element's attributes, in words about it. */
function attributeChange(before: Element, after: Element, name: string): string | null {
  const changed = new Set<string>()
  for (const attr of [...before.attrs, ...after.attrs]) if (attribute(before, attr.name) !== attribute(after, attr.name)) changed.add(attr.name)
  if (!changed.size) return null
  if (changed.has('style')) {
    const was = new Map(declarations(attribute(before, 'style') ?? '').map((one) => [one.property, one.value]))
    const now = new Map(declarations(attribute(after, 'style') ?? '').map((one) => [one.property, one.value]))
    const properties = [...new Set([...was.keys(), ...now.keys()])].filter((property) => was.get(property) !== now.get(property))
    if (properties.length && properties.every((property) => COLOUR.test(property))) return `Changed the colour of ${name}`
    if (properties.length && properties.every((property) => SIZE.test(property))) return `Changed the size of ${name}`
    return `Changed the look of ${name}`
  }
  if (changed.has('class')) return `Changed the look of ${name}`
  if ([...changed].some((attr) => attr.startsWith('on'))) return `Changed what ${name} does`
  if (changed.has('href')) return `Changed where ${name} leads`
  if (changed.has('src')) return `Changed the picture of ${name}`
  return `Changed ${name}`
}

/** A CSS selector simple enough to name an element by: a tag, an id, a class, or a tag with a class. */
const SIMPLE_SELECTOR = /^([a-z][a-z0-9]*)?(?:#([\w-]+)|\.([\w-]+))?$/i

function selectorNames(parsed: ParsedDocument, selector: string): string | null {
  const match = SIMPLE_SELECTOR.exec(selector.trim())
  if (!match || !(match[1] || match[2] || match[3])) return null
  const [, tag, id, className] = match
  const found = parsed.elements.filter(
    (element) =>
      (!tag || element.tagName === tag.toLowerCase()) &&
      (!id || attribute(element, 'id') === id) &&
      (!className || (attribute(element, 'class') ?? '').split(/\s+/).includes(className)),
  )
  const only = found[0]
  return found.length === 1 && only && !PAGE_PARTS[only.tagName] ? nameOf(only) : null
}

/** The selector of the CSS rule around `at` in a style sheet's text, or null when `at` is between rules. */
function ruleAround(sheet: string, at: number): string | null {
  const open = sheet.lastIndexOf('{', at - 1)
  const close = sheet.lastIndexOf('}', at - 1)
  if (open < 0 || open < close) return null
  const selectorStart = Math.max(sheet.lastIndexOf('}', open) + 1, sheet.lastIndexOf('*/', open) >= 0 ? sheet.lastIndexOf('*/', open) + 2 : 0)
  return sheet.slice(selectorStart, open).trim()
}

/** A change inside a style sheet: "Changed the colour of the title ‘Counter’", "Changed the styles of the footer", or "Changed the styles". */
function styleChange(step: Step, sheet: Located, document: ParsedDocument): string {
  const offset = sheet.tagEnd
  const text = step.before.slice(offset, sheet.end)
  const changedText = `${step.before.slice(step.start, step.end)}${step.after.slice(step.start, step.start + step.written)}`
  const inRule = ruleAround(text, step.start - offset)
  const selectors =
    inRule !== null ? [inRule] : [...new Set([...changedText.matchAll(/([^{}]+)\{/g)].map((match) => (match[1] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').trim()))]
  const names = selectors.length === 1 ? selectorNames(document, selectors[0] ?? '') : null
  if (!names) return 'Changed the styles'
  const properties = [...changedText.matchAll(/([a-z-]+)\s*:/gi)].map((match) => (match[1] ?? '').toLowerCase())
  if (properties.length && properties.every((property) => COLOUR.test(property))) return `Changed the colour of ${names}`
  return `Changed the styles of ${names}`
}

/** One operation in words, from the parsed code before and after it (`parse` reads each version once). */
function wordsOf(step: Step, parse: (code: string) => ParsedDocument): string {
  const before = parse(step.before)
  const after = parse(step.after)
  const removed = elementsWithin(before, step.start, step.end)
  const added = elementsWithin(after, step.start, step.start + step.written)

  if (removed.length && !added.length) return `Removed ${listOf(removed.map(({ element }) => nameOf(element)))}`
  if (added.length && !removed.length) {
    if (added.length === 1 && added[0]?.element.tagName === 'script') return 'Added a script'
    if (added.length === 1 && added[0]?.element.tagName === 'style') return 'Added styles'
    return `Added ${listOf(added.map(({ element }) => nameOf(element)))}`
  }
  if (removed.length && added.length) {
    const same = removed.length === added.length && removed.every((one, index) => one.element.tagName === added[index]?.element.tagName)
    const one = removed[0]
    const other = added[0]
    if (same && removed.length === 1 && one && other) return changeOf(one.element, other.element, before, after, step)
    return `Replaced ${listOf(removed.map(({ element }) => nameOf(element)))} with ${listOf(added.map(({ element }) => nameOf(element)))}`
  }
  const around = elementAround(before, step.start, step.end)
  const aroundAfter = elementAround(after, step.start, step.start + step.written)
  if (!around || !aroundAfter) return 'Changed the page'
  return changeOf(around.element, aroundAfter.element, before, after, step)
}

/** A change within one element, read before and after. */
function changeOf(was: Element, now: Element, before: ParsedDocument, after: ParsedDocument, step: Step): string {
  if (was.tagName === 'script' || now.tagName === 'script') return 'Changed the script'
  if (was.tagName === 'style') {
    const sheet = [...before.placed.values()].find((located) => located.element === was)
    return sheet && step.start >= sheet.tagEnd ? styleChange(step, sheet, after) : 'Changed the styles'
  }
  const name = nameOf(was)
  if (was.tagName !== now.tagName) return `Replaced ${name} with ${nameOf(now)}`
  const attrs = attributeChange(was, now, name)
  if (attrs) return attrs
  if (PAGE_PARTS[was.tagName] === 'the page') return 'Changed the page'
  if (textContent(was) !== textContent(now)) return was.tagName === 'title' ? 'Changed the page title' : `Changed the text of ${name}`
  return `Changed ${name}`
}

const capitalise = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

/**
 * Issue 40.1: the review of a turn — its operations in the order they were applied, in
 * words, with excerpts, needs and token shares; or why it cannot be reviewed one by one.
 */
export function describeTurn(base: string, operations: readonly unknown[], result: string, outputTokens: number): TurnReview {
  if (!operations.length) return { reviewable: false, reason: base === result ? ReviewWords.nothingChanged : ReviewWords.notReviewable }
  const turn = replayTurn(base, operations, result)
  if (!turn.ok) return { reviewable: false, reason: ReviewWords.notReviewable }
  // replayTurn checked every one of them is an operation.
  const typed = operations.filter((operation): operation is DiffOperation => typeof operation === 'object' && operation !== null)
  const steps = replaySteps(base, typed)
  if (!steps) return { reviewable: false, reason: ReviewWords.notReviewable }
  const tokens = shares(
    typed.map((operation) => JSON.stringify(operation).length),
    Math.max(0, Math.round(outputTokens)),
  )
  // Each version between two operations is read once: the code after one is the code before the next.
  const parsed = new Map<string, ParsedDocument>()
  const parse = (code: string) => {
    const found = parsed.get(code) ?? parseDocument(code)
    if (parsed.size > 2) parsed.delete(parsed.keys().next().value ?? '')
    parsed.set(code, found)
    return found
  }
  const changes = steps.map((step, index): ChangeReview => {
    const touched = step.before.slice(step.start, step.end)
    const written = step.after.slice(step.start, step.start + step.written)
    const excerpt =
      step.operation.type === 'insert'
        ? { before: '', after: clip(written) }
        : step.operation.type === 'delete'
          ? { before: clip(touched), after: '' }
          : excerpts(touched, written)
    return { index, words: capitalise(wordsOf(step, parse)), ...excerpt, needs: turn.needs[index] ?? [], outputTokens: tokens[index] ?? 0 }
  })
  return { reviewable: true, changes }
}

/**
 * The offset of the start tag of the element change `index` touched, in the code of the
 * version with `kept` (for the preview's outline via data-pieces-at); null when it is not
 * in that version.
 */
export function elementOfChange(base: string, operations: readonly DiffOperation[], kept: readonly number[], index: number): number | null {
  const replayed = replaySteps(base, operations)
  const result = replayed?.at(-1)?.after
  if (!replayed || result === undefined) return null
  const turn = replayTurn(base, operations, result)
  if (!turn.ok) return null
  const version = buildSubset(base, operations, turn, kept)
  if (!version.kept.includes(index)) return null
  const steps = replaySteps(
    base,
    version.kept.flatMap((at) => operations[at] ?? []),
  )
  if (!steps) return null
  const position = version.kept.indexOf(index)
  const own = steps[position]
  if (!own) return null
  // Where its text is in the version: shifted by the kept operations after it.
  let start = own.start
  let end = own.start + own.written
  for (const later of steps.slice(position + 1)) {
    const change = later.written - (later.end - later.start)
    if (later.end <= start) {
      start += change
      end += change
    } else if (later.start < end) {
      start = Math.min(start, later.start)
      end = Math.max(end, later.end) + change
    }
  }
  const parsed = parseDocument(version.code)
  const added = elementsWithin(parsed, start, end)
  const element = added[0] ?? elementAround(parsed, start, end)
  return element ? element.tagStart : null
}
