import { frameConfig } from '../../frame/config'
import { followPointer, keepFromPiece } from '../../frame/keep-from-piece'
import { isUi, nextInOrder, outlineBox, placeOutline, tabOrder } from '../../frame/outline'
import { describe, labelOf, ownText } from './label'
import { type PickerConfig } from './setup'

/**
 * Issue 30.1: the picker that runs inside the preview while "Edit visually" is on, bundled
 * into the text it is sent as (scripts/frame-scripts.ts) and put first in the Piece's
 * document (visual-document.ts), so its listeners on the window run first: while the mode is
 * on, clicks, presses and keys never reach the Piece. Hovering outlines the element under
 * the pointer with its name as a person sees it; a click, or Enter after Tab, selects it;
 * Escape leaves the mode. What is picked goes to the runner (its parent), which passes it to
 * the editor; the editor's live changes come back the same way.
 */
type Change = { text?: string | null; style?: Record<string, string>; hidden?: boolean }

const { stamp, swallowed } = frameConfig<PickerConfig>('visual')
const COLOR = '#7c3aed'
let on = false
let hovered: Element | null = null
let selected: Element | null = null
let original: { text: string | null; style: string | null } | null = null
let hoverBox: HTMLElement | null = null
let selectBox: HTMLElement | null = null

const post = (message: Record<string, unknown>) => parent.postMessage(message, '*')
const skip = (element: Element) => /^(html|head|script|style|link|meta|title|base|noscript|template)$/i.test(element.tagName) || isUi(element)

function redraw() {
  placeOutline(hoverBox, hovered && hovered !== selected ? hovered : null, labelOf)
  placeOutline(selectBox, selected, labelOf)
}

function hover(element: Element | null) {
  hovered = element && !skip(element) ? element : null
  redraw()
}

/** Puts the selected element back as the code has it (a change shown but not applied). */
function restore() {
  if (!selected || !original) return
  if (original.text !== null && selected.firstChild instanceof Text) selected.firstChild.data = original.text
  if (original.style === null) selected.removeAttribute('style')
  else selected.setAttribute('style', original.style)
}

function select(element: Element | null) {
  restore()
  selected = element && !skip(element) ? element : null
  original = selected ? { text: ownText(selected), style: selected.getAttribute('style') } : null
  redraw()
  post({ type: 'visual:selected', element: selected ? describe(selected, stamp) : null })
}

function preview(change: Change) {
  if (!(selected instanceof HTMLElement || selected instanceof SVGElement)) return
  restore()
  const element = selected
  if (typeof change.text === 'string' && element.firstChild instanceof Text) element.firstChild.data = change.text
  for (const [property, value] of Object.entries(change.style || {})) {
    if (value) element.style.setProperty(property, value)
    else element.style.removeProperty(property)
  }
  if (change.hidden) element.style.setProperty('opacity', '0.25')
  redraw()
}

function setMode(next: boolean) {
  on = next
  if (on && !hoverBox) {
    hoverBox = outlineBox(COLOR, 'rgba(124,58,237,.08)', false)
    selectBox = outlineBox(COLOR, 'rgba(124,58,237,.08)', true)
  }
  if (!on) {
    restore()
    hovered = null
    selected = null
    original = null
  }
  document.documentElement.style.cursor = on ? 'crosshair' : ''
  redraw()
  // The editor shows its instructions only once the picker is listening, so no click is lost before.
  post({ type: 'visual:active', on })
}

function onKey(event: KeyboardEvent) {
  event.stopImmediatePropagation()
  event.preventDefault()
  if (event.key === 'Escape') post({ type: 'visual:exit' })
  else if (event.key === 'Tab') {
    const next = nextInOrder(tabOrder(Array.from(document.body ? document.body.querySelectorAll('*') : []), skip), hovered ?? selected, event.shiftKey)
    if (!next) return
    hover(next)
    next.scrollIntoView({ block: 'nearest' })
  } else if ((event.key === 'Enter' || event.key === ' ') && hovered) select(hovered)
}

const swallow = keepFromPiece(swallowed, () => on)
window.addEventListener('click', (event) => swallow(event) && select(event.target instanceof Element ? event.target : null), true)
followPointer(
  () => on,
  (element) => element && element !== hovered && hover(element),
)
window.addEventListener('keydown', (event) => on && onKey(event), true)
window.addEventListener('scroll', () => on && redraw(), true)
window.addEventListener('resize', () => on && redraw())
window.addEventListener('message', (event) => {
  if (event.source !== parent || !event.data || typeof event.data.type !== 'string') return
  const data = event.data as { type: string; on?: boolean; change?: Change }
  if (data.type === 'visual:mode') setMode(Boolean(data.on))
  if (data.type === 'visual:preview' && data.change) preview(data.change)
  if (data.type === 'visual:reset') {
    restore()
    redraw()
  }
  if (data.type === 'visual:deselect') select(null)
})
post({ type: 'visual:ready' })
