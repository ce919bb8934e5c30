import { parse, type DefaultTreeAdapterTypes } from 'parse5'
import { elementWords } from '~/lib/element-words'

/**
 * Issue 30.3: a Piece's document as the visual editor sees it — every element the parser
 * made, with where its start tag lies in the source text. An element has a place only when
 * exactly one element starts there: the parser's own corrections (an implied `<tbody>`,
 * `<html>`, `<head>` or `<body>`) start nowhere, and a formatting element it reopens
 * (`<p><b>x<p>y</b>`) shares its place with the one it copies, so neither can be told apart.
 */

export type Element = DefaultTreeAdapterTypes.Element
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document | DefaultTreeAdapterTypes.DocumentFragment
export type TextNode = DefaultTreeAdapterTypes.TextNode

export type Located = { element: Element; start: number; end: number; tagStart: number; tagEnd: number }

export type ParsedDocument = {
  /** Every element, in document order (template contents included). */
  elements: Element[]
  /** Elements by the offset their start tag begins at, for those that have a place of their own. */
  placed: Map<number, Located>
}

const isElement = (node: Node): node is Element => 'tagName' in node
export const isTemplate = (element: Element): element is DefaultTreeAdapterTypes.Template => element.tagName === 'template' && 'content' in element
export const isText = (node: Node): node is TextNode => node.nodeName === '#text'

/** Each element in document order, descending into template contents. */
function walk(node: Node, visit: (element: Element) => void) {
  if (isElement(node)) {
    visit(node)
    if (isTemplate(node)) walk(node.content, visit)
  }
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit)
}

export function parseDocument(html: string): ParsedDocument {
  const document = parse(html, { sourceCodeLocationInfo: true })
  const elements: Element[] = []
  walk(document, (element) => elements.push(element))
  const byStart = new Map<number, Located[]>()
  for (const element of elements) {
    const location = element.sourceCodeLocation
    if (!location?.startTag) continue
    const { startOffset, endOffset } = location.startTag
    const list = byStart.get(startOffset) ?? []
    list.push({ element, start: startOffset, end: location.endOffset, tagStart: startOffset, tagEnd: endOffset })
    byStart.set(startOffset, list)
  }
  const placed = new Map<number, Located>()
  for (const [start, [only, ...others]] of byStart) if (only && !others.length) placed.set(start, only)
  return { elements, placed }
}

/** The text of an element that holds one text node and nothing else, or null. */
export function onlyText(element: Element): TextNode | null {
  const [child, ...rest] = element.childNodes
  return child && rest.length === 0 && isText(child) ? child : null
}

/** An element's text, as the browser shows it in `textContent`. */
export function textContent(element: Element): string {
  let text = ''
  const visit = (node: Node) => {
    if (isText(node)) text += node.value
    else if ('childNodes' in node) for (const child of node.childNodes) visit(child)
  }
  visit(element)
  return text
}

export const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value ?? null

/** The element as a person sees it ("the title ‘Counter’", "the ‘Double’ button"), from what the code says of it. */
export function elementName(element: Element) {
  const text = textContent(element)
  const role = attribute(element, 'role') ?? undefined
  const name = attribute(element, 'aria-label') ?? (element.tagName === 'img' ? attribute(element, 'alt') : null) ?? undefined
  const id = attribute(element, 'id') ?? undefined
  return elementWords({ tag: element.tagName, role, name, text, id, placeholder: attribute(element, 'placeholder') ?? undefined })
}
