import { parse, type DefaultTreeAdapterTypes } from 'parse5'

/**
 * Issue 30: a document as a browser builds it, read from outside the splicer (the visual
 * editor's corpus test and bench:visual check its results with these, never its own code).
 */
export type Element = DefaultTreeAdapterTypes.Element
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document | DefaultTreeAdapterTypes.DocumentFragment

/** Every element in document order, template contents included. */
export function browserElements(html: string): Element[] {
  const elements: Element[] = []
  const visit = (node: Node) => {
    if ('tagName' in node) {
      elements.push(node)
      if (node.tagName === 'template') visit((node as DefaultTreeAdapterTypes.Template).content)
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child)
  }
  visit(parse(html))
  return elements
}

export const attr = (element: Element, name: string) => element.attrs.find((item) => item.name === name)?.value ?? null

/** The element's own text nodes, joined (adjacent ones merge when something between them goes). */
export const ownText = (element: Element) =>
  element.childNodes
    .filter((child) => child.nodeName === '#text')
    .map((child) => (child as DefaultTreeAdapterTypes.TextNode).value)
    .join('')

export function textContent(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value
  return 'childNodes' in node ? node.childNodes.map(textContent).join('') : ''
}

/** What an element is, without the stamps: its tag, attributes and own text. */
export const described = (element: Element) =>
  `${element.tagName}[${element.attrs
    .filter((item) => item.name !== 'data-pieces-at')
    .map((item) => `${item.name}=${item.value}`)
    .sort()
    .join(',')}]${ownText(element)}`
