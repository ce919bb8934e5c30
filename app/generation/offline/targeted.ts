import { codeVersion } from '~/pieces/code-version'
import { styleValue, type StyleProperty, type TargetSpan, type VisualChange } from '../visual/edits'
import { attribute, onlyText, parseDocument, textContent } from '../visual/document'
import { applyVisualEdits } from '../visual/splice'
import { colourIn } from './details'
import { CANNOT, type OfflineResult } from './index'

/** What a request says to do to the element picked, in the words the offline builder knows. */
function changesFor(request: string, element: { text: string | null; style: string | null }): VisualChange[] | 'remove' | null {
  const said =
    /\b(?:say|says|read|reads|text\s+to|change\s+(?:it|this|the\s+text)\s+to|rename\s+(?:it\s+|this\s+)?to|label\s+(?:it\s+)?)\s*[:"“']?\s*(.+?)["”']?\s*\.?$/i.exec(
      request,
    )
  if (/\b(?:remove|delete)\b/i.test(request)) return 'remove'
  const changes: VisualChange[] = []
  const style = (property: StyleProperty, to: string) => changes.push({ kind: 'style', property, from: styleValue(element.style, property), to })
  if (said?.[1] && element.text !== null) changes.push({ kind: 'text', from: element.text, to: said[1].trim() })
  const colour = colourIn(said ? request.slice(0, said.index) : request)
  if (colour) style(/\bbackground\b/i.test(request) ? 'background-color' : 'color', colour)
  // A step from the size it has (a visual edit may have set one): "bigger" is never smaller than before.
  const size = /^(\d+(?:\.\d+)?)(px|rem|em)$/.exec(styleValue(element.style, 'font-size'))
  const scaled = (factor: number, fallback: string) => (size ? `${Math.round(Number(size[1]) * factor * 100) / 100}${size[2]}` : fallback)
  if (/\b(?:bigger|larger)\b/i.test(request)) style('font-size', scaled(1.25, '1.5em'))
  if (/\bsmaller\b/i.test(request)) style('font-size', scaled(0.8, '0.8em'))
  if (/\bbold\b/i.test(request)) style('font-weight', /\bnot\s+bold\b/i.test(request) ? '400' : '700')
  const align = /\b(centre|center|centred|centered|left|right)\b/i.exec(request)?.[1]?.toLowerCase()
  if (align) style('text-align', align.startsWith('cent') ? 'center' : align)
  if (/\bhide\b/i.test(request)) style('display', 'none')
  return changes.length ? changes : null
}

/**
 * Issue 30.4 without a model: a request aimed at the element picked in the preview is read
 * for what the visual editor can do there (its text, colour, background, size, weight,
 * alignment, hiding or removing it) and spliced into exactly that element; anything else is
 * answered honestly and changes nothing.
 */
export function targetedEdit(request: string, code: string, span: TargetSpan): OfflineResult {
  const unchanged = (answer: string): OfflineResult => ({ kind: null, steps: ['Read the request'], code, patches: [], full: false, answer })
  const located = parseDocument(code).placed.get(span.start)
  if (!located) return unchanged(CANNOT('the selected element is no longer in the page'))
  const { element } = located
  const text = onlyText(element)?.value ?? null
  const wanted = changesFor(request, { text, style: attribute(element, 'style') })
  if (!wanted) return unchanged(CANNOT(`it did not understand “${request.length > 80 ? `${request.slice(0, 77)}…` : request}” for the selected element`))
  const before = code.slice(span.start, span.end)
  const changes: VisualChange[] = wanted === 'remove' ? [{ kind: 'remove', from: textContent(element) }] : wanted
  const result = applyVisualEdits(code, { version: codeVersion(code), at: span.start, tag: span.tag, changes })
  if (!result.ok) return unchanged(CANNOT(result.message.replace(/\.$/, '').toLowerCase()))
  const edited = result.html.slice(span.start, result.html.length - (code.length - span.end))
  return {
    kind: null,
    steps: ['Change the selected element'],
    code: result.html,
    patches: [{ type: 'replace', target: before, content: edited }],
    full: false,
  }
}
