import { codeVersion } from '~/pieces/code-version'
import { VisualEditMessages, type SendTarget, type TargetSpan } from './edits'
import { parseDocument } from './document'

/**
 * Issue 30.4: a send aimed at the element picked in the preview. The editor sends where it
 * was picked (the stamp), its tag and the version of the code; the server finds the
 * element's place in that code and keeps its span and the start tags of its nearest
 * ancestors, so the model is shown the element itself rather than asked to find it.
 */
const ANCESTORS = 3

/** The span of the element aimed at, or the reason it cannot be aimed at in this code. */
export function locateTarget(code: string, target: SendTarget): TargetSpan | { refused: string } {
  if (codeVersion(code) !== target.version) return { refused: VisualEditMessages.changed }
  const { placed } = parseDocument(code)
  const located = placed.get(target.at)
  if (!located) return { refused: VisualEditMessages.unplaced }
  if (located.element.tagName !== target.tag.toLowerCase()) return { refused: VisualEditMessages.mismatch }
  const ancestors: string[] = []
  for (let node = located.element.parentNode; node && 'tagName' in node && ancestors.length < ANCESTORS; node = node.parentNode) {
    const tag = node.sourceCodeLocation?.startTag
    if (tag) ancestors.unshift(code.slice(tag.startOffset, tag.endOffset))
  }
  return { start: located.start, end: located.end, tag: located.element.tagName, ancestors }
}

/** The document with the element's span replaced. */
export const withSpan = (code: string, span: TargetSpan, element: string) => `${code.slice(0, span.start)}${element}${code.slice(span.end)}`
