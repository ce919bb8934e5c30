import { byRole, byText, everything, hiddenForAria, labelsOf, nameOf, normal, roleOf, textOf } from './aria'
import { type Found, type RecorderSetup } from './setup'

/**
 * How a step finds `element`, as a person names it and as Playwright finds it: role and
 * name, label, placeholder, short unique text, the role alone, an id; the first that finds
 * it and nothing else now, never a position or a class. `asserting`: the text an expectation
 * checks, which the locator must not lean on.
 */
export function locate(
  setup: Pick<RecorderSetup, 'roles' | 'valueMax' | 'textMax'>,
  element: Element,
  { asserting, noText }: { asserting?: string; noText?: boolean } = {},
): Found | null {
  const fits = (value: string) => Boolean(value) && value.length <= setup.valueMax && !(asserting && value.includes(asserting))
  const role = roleOf(element)
  const byRoleToo = setup.roles.includes(role) && !hiddenForAria(element)
  if (byRoleToo) {
    const name = nameOf(element)
    if (fits(name) && byRole(role, name).length === 1) return { by: 'role', role, name }
  }
  for (const label of labelsOf(element)) {
    if (fits(label) && everything().filter((other) => labelsOf(other).includes(label)).length === 1) return { by: 'label', label }
  }
  const placeholder = element.getAttribute('placeholder') || ''
  if (
    /^(input|textarea)$/.test(element.localName) &&
    fits(placeholder) &&
    everything().filter((other) => other.getAttribute('placeholder') === placeholder).length === 1
  ) {
    return { by: 'placeholder', placeholder }
  }
  if (!noText) {
    const text = normal(textOf(element))
    const found = text.length <= setup.textMax && fits(text) ? byText(text) : []
    if (found.length === 1 && found[0] && element.contains(found[0])) return { by: 'text', text }
  }
  if (byRoleToo && byRole(role).length === 1) return { by: 'role', role }
  const id = element.id
  if (/^[A-Za-z][\w-]{0,99}$/.test(id) && document.querySelectorAll(`[id="${id}"]`).length === 1) return { by: 'id', id }
  return null
}
