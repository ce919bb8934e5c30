/**
 * The labels of a form control (a button, an input, a select, a meter…), as the DOM keeps
 * them; none for an element that takes no label or a hidden input (whose `labels` is null).
 */
export function labelElementsOf(element: Element): Element[] {
  const labels: unknown = 'labels' in element ? element.labels : null
  return labels instanceof NodeList ? Array.from(labels).filter((label) => label instanceof Element) : []
}
