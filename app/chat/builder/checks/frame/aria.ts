import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api'
import { isUi } from '../../frame/outline'
import { labelElementsOf } from '../../frame/labels'

/**
 * Roles, accessible names and texts as a step finds its element with Playwright (getByRole,
 * getByLabel, getByText): the roles and names computed by `dom-accessibility-api` (the
 * library Testing Library uses), with Playwright's few differences from it below.
 */

/** Whitespace as Playwright reads text: collapsed, trimmed, without zero-width spaces and soft hyphens. */
export const normal = (value: string | null | undefined) =>
  (value || '')
    .replace(/[\u200b\u00ad]/g, '')
    .trim()
    .replace(/\s+/g, ' ')

/** The Piece's elements (never the recorder's own). */
export const everything = () => [document.body, ...Array.from(document.body.querySelectorAll('*'))].filter((element) => !isUi(element))

const named = (element: Element) => Boolean(element.getAttribute('aria-label')?.trim() || element.getAttribute('aria-labelledby')?.trim())

/** The role getByRole finds the element by: the library's, where Playwright agrees with it. */
export function roleOf(element: Element): string {
  const role = getRole(element) ?? ''
  const tag = element.localName
  if (element.hasAttribute('role')) return role
  // Playwright gives a section or a form its landmark role only when it is named, a summary none.
  if (tag === 'section' || tag === 'form') return named(element) ? role : ''
  if (tag === 'summary') return ''
  if (tag === 'td') return /^(grid|treegrid)$/.test(element.closest('table')?.getAttribute('role') ?? '') ? 'gridcell' : role
  // Chromium's roles for what the library leaves without one.
  if (tag === 'svg') return 'img'
  if (tag === 'meter') return 'meter'
  if (element instanceof HTMLInputElement && !role) return element.type === 'hidden' ? '' : 'textbox'
  return role
}

export const hiddenForAria = (element: Element) => /^(style|script|noscript|template)$/.test(element.localName) || isInaccessible(element)

/** The accessible name getByRole matches. */
export const nameOf = (element: Element) => normal(computeAccessibleName(element, { computedStyleSupportsPseudoElements: true }))

export const byRole = (role: string, name?: string) =>
  everything().filter((element) => roleOf(element) === role && !hiddenForAria(element) && (name === undefined || nameOf(element) === name))

/** The text an element shows, as Playwright's getByText and toHaveText read it (before normalizing). */
export function textOf(node: Node): string {
  if (node instanceof Text) return node.data
  if (!(node instanceof Element)) return ''
  if (/^(script|noscript|style|head)$/.test(node.localName) || isUi(node)) return ''
  if (node instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(node.type)) return node.value
  let text = ''
  for (const child of Array.from(node.childNodes)) text += textOf(child)
  return text
}

/** The texts getByLabel matches an element by: its references, its aria-label, or its labels. */
export function labelsOf(element: Element): string[] {
  const ids = (element.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)
  const references = ids.map((id) => document.getElementById(id)).filter((found): found is HTMLElement => Boolean(found))
  if (references.length) return references.map((reference) => normal(textOf(reference)))
  const ariaLabel = element.getAttribute('aria-label')
  if (ariaLabel && ariaLabel.trim()) return [normal(ariaLabel)]
  const control =
    ['button', 'meter', 'output', 'progress', 'select', 'textarea'].includes(element.localName) ||
    (element instanceof HTMLInputElement && element.type !== 'hidden')
  return control ? labelElementsOf(element).map((label) => normal(textOf(label))) : []
}

/** What getByText(text, { exact: true }) finds: the deepest elements reading exactly `text`. */
export const byText = (text: string) =>
  everything().filter((element) => normal(textOf(element)) === text && !Array.from(element.children).some((child) => normal(textOf(child)) === text))
