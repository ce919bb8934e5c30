import { codeVersion } from '~/pieces/code-version'
import { isCleanLines } from '~/lib/text'
import { attribute, elementName, isTemplate, isText, onlyText, parseDocument, textContent, type Element, type Located } from './document'

/**
 * Issue 30.3: a visual edit is a splice of the saved text at the place of exactly the
 * element picked, never a re-serialisation of the document. It carries the version of the
 * document it was picked in, where the element's start tag lies (the stamp), its tag and
 * what it expects to find there; anything that does not match is refused with a reason,
 * and the result is parsed again and compared with what the edit should have done, so an
 * edit that would land anywhere else (or reshape the page around it) is refused too.
 */

import {
  declarations,
  styleValue,
  isStyleValue,
  STAMP_ATTRIBUTE,
  STYLE_PROPERTIES,
  VisualEditMessages,
  type RefusalReason,
  type SpliceResult,
  type StyleProperty,
  type VisualChange,
  type VisualEdit,
  type VisualEditBatch,
} from './edits'

export { declarations, styleValue, STAMP_ATTRIBUTE, VisualEditMessages, type VisualChange, type VisualEdit, type StyleProperty }

const refuse = (reason: RefusalReason): SpliceResult => ({ ok: false, reason, message: VisualEditMessages[reason] })

/** Elements whose text is code or is not shown as text: never edited as text. */
const NOT_TEXT = new Set(['script', 'style', 'template', 'iframe', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'svg', 'math'])

const PROPERTY_WORDS: Record<StyleProperty, string> = {
  color: 'colour',
  'background-color': 'background',
  'font-size': 'font size',
  'font-weight': 'weight',
  'text-align': 'alignment',
  margin: 'margin',
  padding: 'padding',
  display: 'display',
}

/** Where an attribute can be put in a start tag: right after its name (`<div` · ` a="b"` · ` class=x>`). */
function afterTagName(html: string, tagStart: number) {
  let at = tagStart + 1
  while (at < html.length && !/[\s/>]/.test(html.charAt(at))) at += 1
  return at
}

/**
 * The preview the visual editor frames (issue 30.3): the saved text with a stamp on each
 * element that has a place of its own. Never saved: only what is served carries them.
 */
export function stampDocument(html: string): string {
  const { placed } = parseDocument(html)
  const inserts = [...placed.values()].map(({ tagStart }) => ({ at: afterTagName(html, tagStart), text: ` ${STAMP_ATTRIBUTE}="${tagStart}"` }))
  return spliceAll(
    html,
    inserts.map(({ at, text }) => ({ start: at, end: at, text })),
  )
}

type Splice = { start: number; end: number; text: string }

function spliceAll(html: string, splices: Splice[]) {
  let out = ''
  let at = 0
  for (const splice of [...splices].sort((a, b) => a.start - b.start)) {
    out += html.slice(at, splice.start) + splice.text
    at = splice.end
  }
  return out + html.slice(at)
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

function withStyle(style: string | null, property: StyleProperty, value: string) {
  const kept = declarations(style ?? '').filter((declaration) => declaration.property !== property)
  if (value) kept.push({ property, value })
  return kept.map((declaration) => `${declaration.property}: ${declaration.value}`).join('; ')
}

/** What an element is, for the check after the splice: its tag, its attributes and its own text. */
function signature(element: Element) {
  const attrs = element.attrs
    .filter((attr) => attr.name !== STAMP_ATTRIBUTE)
    .map((attr) => `${attr.name}=${attr.value}`)
    .sort()
    .join('\u0001')
  const text = element.childNodes
    .filter(isText)
    .map((child) => child.value)
    .join('')
  return `${element.tagName}\u0003${attrs}\u0003${text}`
}

function descendantCount(element: Element): number {
  let count = 0
  const visit = (node: Element) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        count += 1
        visit(child)
      }
    }
    if (isTemplate(node)) {
      for (const child of node.content.childNodes) {
        if ('tagName' in child) {
          count += 1
          visit(child)
        }
      }
    }
  }
  visit(element)
  return count
}

const quoteText = (value: string) => `“${value.length > 40 ? `${value.slice(0, 39)}…` : value}”`

/**
 * Applies one visual edit to the text it was picked in, or says why it cannot. `named`: its
 * summary names the element (the first change of a batch); the ones after say "its".
 */
export function applyVisualEdit(html: string, edit: VisualEdit, named = true): SpliceResult {
  if (edit.version !== codeVersion(html)) return refuse('changed')
  const parsed = parseDocument(html)
  const target = parsed.placed.get(edit.at)
  if (!target) {
    const anyAt = parsed.elements.some((element) => element.sourceCodeLocation?.startTag?.startOffset === edit.at)
    return refuse(anyAt ? 'unplaced' : 'mismatch')
  }
  const { element } = target
  if (element.tagName !== edit.tag.toLowerCase()) return refuse('mismatch')
  const planned = plan(html, target, edit.change, named ? elementName(element) : null)
  if ('reason' in planned) return refuse(planned.reason)

  // The check after the splice: every other element is as it was, and this one as asked.
  const result = spliceAll(html, [planned.splice])
  const before = parsed.elements.map(signature)
  const index = parsed.elements.indexOf(element)
  const after = parseDocument(result).elements.map(signature)
  const expected =
    edit.change.kind === 'remove'
      ? [...before.slice(0, index), ...before.slice(index + 1 + descendantCount(element))]
      : before.map((value, position) => (position === index ? planned.expected : value))
  if (after.length !== expected.length || after.some((value, position) => value !== expected[position])) return refuse('inexact')
  return { ok: true, html: result, summary: planned.summary }
}

type Plan = { splice: Splice; expected?: string; summary: string } | { reason: RefusalReason }

/** `who`: the element in words, or null for "it" (a change after the first of a batch). */
function plan(html: string, target: Located, change: VisualChange, who: string | null): Plan {
  const { element } = target
  switch (change.kind) {
    case 'text': {
      if (NOT_TEXT.has(element.tagName) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return { reason: 'not-text' }
      const text = onlyText(element)
      const location = text?.sourceCodeLocation
      if (!text || !location) return { reason: 'not-text' }
      if (text.value !== change.from) return { reason: 'mismatch' }
      if (change.to.length > 10_000 || !isCleanLines(change.to)) return { reason: 'invalid' }
      if (change.to.trim() === '') return { reason: 'invalid' }
      const edited: Element = { ...element, childNodes: [{ ...text, value: change.to }] }
      return {
        splice: { start: location.startOffset, end: location.endOffset, text: escapeText(change.to) },
        expected: signature(edited),
        summary: who ? `changed the text of ${who} to ${quoteText(change.to)}` : `changed its text to ${quoteText(change.to)}`,
      }
    }
    case 'style': {
      if (!STYLE_PROPERTIES.includes(change.property) || !isStyleValue(change.property, change.to)) return { reason: 'invalid' }
      const style = attribute(element, 'style')
      if (styleValue(style, change.property) !== change.from) return { reason: 'mismatch' }
      const value = withStyle(style, change.property, change.to)
      const attrs = element.attrs.filter((attr) => attr.name !== 'style')
      const edited: Element = { ...element, attrs: value || style !== null ? [...attrs, { name: 'style', value }] : attrs }
      const location = element.sourceCodeLocation?.attrs?.style
      const splice =
        style !== null && location
          ? { start: location.startOffset, end: location.endOffset, text: `style="${escapeAttribute(value)}"` }
          : { start: afterTagName(html, target.tagStart), end: afterTagName(html, target.tagStart), text: ` style="${escapeAttribute(value)}"` }
      const words = PROPERTY_WORDS[change.property]
      const summary =
        change.property === 'display'
          ? `${change.to === 'none' ? 'hid' : 'showed'} ${who ?? 'it'}`
          : change.to
            ? `set ${who ? `the ${words} of ${who}` : `its ${words}`} to ${change.to}`
            : `took away ${who ? `the ${words} of ${who}` : `its ${words}`}`
      return { splice, expected: signature(edited), summary }
    }
    case 'remove': {
      if (['html', 'head', 'body'].includes(element.tagName)) return { reason: 'invalid' }
      if (textContent(element) !== change.from) return { reason: 'mismatch' }
      return { splice: { start: target.start, end: target.end, text: '' }, summary: `removed ${who ?? 'it'}` }
    }
  }
}

/**
 * Several changes to one element, applied one after the other (each is a splice of the text
 * the one before left, and each is checked): text, colour and size set together are one
 * version. A removal stands alone.
 */
export function applyVisualEdits(html: string, batch: VisualEditBatch): SpliceResult {
  if (batch.version !== codeVersion(html)) return refuse('changed')
  if (batch.changes.length > 1 && batch.changes.some((change) => change.kind === 'remove')) return refuse('invalid')
  let current = html
  const summaries: string[] = []
  for (const change of batch.changes) {
    const result = applyVisualEdit(current, { version: codeVersion(current), at: batch.at, tag: batch.tag, change }, !summaries.length)
    if (!result.ok) return result
    current = result.html
    summaries.push(result.summary)
  }
  return { ok: true, html: current, summary: summaries.join(', ') }
}
