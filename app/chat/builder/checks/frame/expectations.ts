import { byRole, normal, roleOf, textOf } from './aria'
import { locate } from './locate'
import { type RecorderSetup, type Step } from './setup'
import { isField } from './using'

const ITEMS =
  'li, tr, option, img, input[type=checkbox], input[type=radio], [role~=listitem], [role~=row], [role~=option], [role~=tab], [role~=menuitem], [role~=checkbox], [role~=radio]'

/** The text expectation of `element`, or of a wrapper that reads the same, found by something other than what it reads. */
function expectText(setup: RecorderSetup, element: Element, text: string): Step | null {
  for (
    let at: Element | null = element;
    text && text.length <= setup.valueMax && at && at !== document.body && normal(textOf(at)) === text;
    at = at.parentElement
  ) {
    const target = locate(setup, at, { asserting: text, noText: true })
    if (target) return { action: 'expect-text', target, text }
  }
  return null
}

/** How many of its kind there are, when the element is one item among others like it. */
function expectCount(setup: RecorderSetup, element: Element): Step | null {
  const item = element.closest(ITEMS)
  const role = item ? roleOf(item) : ''
  if (!item || !setup.roles.includes(role)) return null
  const others = Array.from(item.parentElement?.children ?? []).some((sibling) => sibling !== item && roleOf(sibling) === role)
  return others ? { action: 'expect-count', target: { by: 'role', role }, count: byRole(role).length } : null
}

/** What may be checked of the element: what a field holds; what it reads; how many of its kind there are; that its text shows. */
export function expectations(setup: RecorderSetup, element: Element): Step[] {
  const control = element instanceof HTMLLabelElement ? element.control : element.closest('input, textarea, select')
  if (control && (isField(control) || control instanceof HTMLSelectElement)) {
    const { value } = control
    const target = locate(setup, control, { noText: true })
    return target && value.length <= setup.valueMax && !/[\r\n]/.test(value) ? [{ action: 'expect-value', target, value }] : []
  }
  const text = normal(textOf(element))
  const options = [expectText(setup, element, text), expectCount(setup, element)].filter((option): option is Step => option !== null)
  if (!options.some((option) => option.action === 'expect-text')) {
    // A short text ("2") says more with what is around it ("Count: 2").
    const around = element.parentElement && element.parentElement !== document.body ? normal(textOf(element.parentElement)) : ''
    const shown = text.length < 4 && around.length <= 80 && around.includes(text) ? around : text
    if (shown && shown.length <= setup.valueMax) options.push({ action: 'expect-shown', text: shown })
  }
  return options
}
