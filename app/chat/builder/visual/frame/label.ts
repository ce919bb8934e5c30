import { elementWords } from '~/lib/element-words'
import { labelElementsOf } from '../../frame/labels'

/**
 * The element as the visual editor names it (the naming shared with its panel, the versions
 * and the recorder): its role and label as the page gives them, and its text.
 */
export function labelOf(element: Element) {
  const tag = element.tagName.toLowerCase()
  const explicit = element.getAttribute('role') || ''
  const type = element instanceof HTMLInputElement ? element.type : ''
  const pressable = tag === 'button' || ['button', 'submit', 'reset'].includes(type)
  const role = explicit || (pressable ? 'button' : tag === 'a' && element.hasAttribute('href') ? 'link' : ['checkbox', 'radio'].includes(type) ? type : '')
  const labels = labelElementsOf(element)
  return elementWords({
    tag,
    role,
    name:
      element.getAttribute('aria-label') ||
      element.getAttribute('alt') ||
      (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(type) ? element.value : '') ||
      '',
    text: (element.textContent || '').trim(),
    id: element.id,
    label: labels
      .map((label) => label.textContent || '')
      .join(' ')
      .trim(),
    placeholder: element.getAttribute('placeholder') || '',
  })
}

/** The element's own text when it holds only text (what the editor may change), else null. */
export const ownText = (element: Element) => (element.childNodes.length === 1 && element.firstChild instanceof Text ? element.firstChild.data : null)

/** What the editor needs to know of the element: where it is in the code, what it shows, and the code around it. */
export function describe(element: Element, stamp: string) {
  const at = element.getAttribute(stamp)
  const computed = getComputedStyle(element)
  const clean = (html: string) => html.replace(new RegExp(` ${stamp}="\\d+"`, 'g'), '')
  const ancestors: string[] = []
  for (let parentElement = element.parentElement; parentElement && ancestors.length < 3; parentElement = parentElement.parentElement) {
    const shallow = parentElement.cloneNode(false)
    if (shallow instanceof Element) ancestors.push(clean(shallow.outerHTML).replace(/<\/[^>]+>$/, ''))
  }
  return {
    at: at === null ? null : Number(at),
    tag: element.tagName.toLowerCase(),
    label: labelOf(element),
    text: ownText(element),
    textContent: element.textContent || '',
    style: element.getAttribute('style'),
    computed: {
      color: computed.color,
      'background-color': computed.backgroundColor,
      'font-size': computed.fontSize,
      'font-weight': computed.fontWeight,
      'text-align': computed.textAlign,
    },
    outerHTML: clean(element.outerHTML).slice(0, 4000),
    ancestors,
  }
}
