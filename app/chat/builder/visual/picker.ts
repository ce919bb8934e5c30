import type { ElementFacts } from '~/lib/element-words'

/**
 * Issue 30.1: the picker that runs inside the preview while "Edit visually" is on. It is
 * put first in the Piece's document (before the Piece's own scripts), so its listeners on
 * the window run first: while the mode is on, clicks, presses and keys never reach the
 * Piece. Hovering outlines the element under the pointer with its name as a person sees it
 * (`words`, the naming shared with the panel, the versions and the recorder);
 * a click, or Enter after Tab, selects it; Escape leaves the mode. What is picked goes to
 * the runner (its parent), which passes it to the editor; the editor's live changes come
 * back the same way. Sent as source text: it uses nothing outside itself, and no closing
 * tag sequence appears in it.
 */
/**
 * What a picker in the preview keeps from the Piece while it picks (the visual editor's, and
 * the check recorder's while it picks what must be true): presses, keys, typing and submits.
 * Clicks, moves and touches each picker handles itself.
 */
export const SWALLOWED_WHILE_PICKING = [
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'dblclick',
  'auxclick',
  'contextmenu',
  'submit',
  'keyup',
  'keypress',
  'input',
  'change',
] as const

// eslint-disable-next-line max-lines-per-function -- sent as one function's source text into the preview, so it cannot lean on helpers of its module
export function visualPicker(stamp: string, swallowed: readonly string[], words: (facts: ElementFacts) => string) {
  type Info = Record<string, unknown>
  let on = false
  let hovered: Element | null = null
  let selected: Element | null = null
  let original: { text: string | null; style: string | null; display: string } | null = null
  const ui: HTMLElement[] = []
  const COLOR = '#7c3aed'

  const post = (message: Info) => parent.postMessage(message, '*')
  const isUi = (element: Element | null) => Boolean(element && element.closest('[data-pieces-ui]'))
  const skip = (element: Element) => /^(html|head|script|style|link|meta|title|base|noscript|template)$/i.test(element.tagName) || isUi(element)

  function makeBox(solid: boolean) {
    const box = document.createElement('div')
    box.setAttribute('data-pieces-ui', '')
    box.style.cssText = `position:fixed;pointer-events:none;z-index:2147483646;box-sizing:border-box;display:none;border:2px ${solid ? 'solid' : 'dashed'} ${COLOR};background:${solid ? 'transparent' : 'rgba(124,58,237,.08)'};border-radius:3px`
    const tag = document.createElement('div')
    tag.setAttribute('data-pieces-ui', '')
    tag.style.cssText = `position:absolute;left:-2px;bottom:100%;margin-bottom:2px;max-width:280px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font:600 11px/1.6 system-ui,sans-serif;color:#fff;background:${COLOR};padding:0 6px;border-radius:3px`
    box.appendChild(tag)
    document.documentElement.appendChild(box)
    ui.push(box)
    return box
  }
  let hoverBox: HTMLElement | null = null
  let selectBox: HTMLElement | null = null

  /** What is seen of the element, for its name: its role and label as the page gives them, its text. */
  function labelOf(element: Element) {
    const tag = element.tagName.toLowerCase()
    const explicit = element.getAttribute('role') || ''
    const type = tag === 'input' ? (element as HTMLInputElement).type : ''
    const role =
      explicit ||
      (tag === 'button' || ['button', 'submit', 'reset'].includes(type)
        ? 'button'
        : tag === 'a' && element.hasAttribute('href')
          ? 'link'
          : ['checkbox', 'radio'].includes(type)
            ? type
            : '')
    const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels || []) : []
    const text = (element.textContent || '').trim()
    return words({
      tag,
      role,
      name:
        element.getAttribute('aria-label') ||
        element.getAttribute('alt') ||
        (type && ['button', 'submit', 'reset'].includes(type) ? (element as HTMLInputElement).value : '') ||
        '',
      text,
      id: element.id,
      label: labels
        .map((label) => label.textContent || '')
        .join(' ')
        .trim(),
      placeholder: element.getAttribute('placeholder') || '',
    })
  }

  function place(box: HTMLElement | null, element: Element | null) {
    if (!box) return
    if (!element || !element.isConnected) {
      box.style.display = 'none'
      return
    }
    const rect = element.getBoundingClientRect()
    box.style.display = 'block'
    box.style.left = `${rect.left}px`
    box.style.top = `${rect.top}px`
    box.style.width = `${Math.max(rect.width, 2)}px`
    box.style.height = `${Math.max(rect.height, 2)}px`
    const tag = box.firstChild as HTMLElement
    tag.textContent = labelOf(element)
    // A label that would leave the top of the page goes inside the box.
    tag.style.bottom = rect.top < 20 ? 'auto' : '100%'
    tag.style.top = rect.top < 20 ? '0' : 'auto'
  }

  function redraw() {
    place(hoverBox, hovered && hovered !== selected ? hovered : null)
    place(selectBox, selected)
  }

  function hover(element: Element | null) {
    hovered = element && !skip(element) ? element : null
    redraw()
  }

  /** What the editor needs to know of the element: where it is in the code, what it shows, and the code around it. */
  function describe(element: Element): Info {
    const at = element.getAttribute(stamp)
    const only = element.childNodes.length === 1 && element.firstChild!.nodeType === 3
    const computed = getComputedStyle(element)
    const clean = (html: string) => html.replace(new RegExp(` ${stamp}="\\d+"`, 'g'), '')
    const ancestors: string[] = []
    for (let parentElement = element.parentElement; parentElement && ancestors.length < 3; parentElement = parentElement.parentElement) {
      const shallow = parentElement.cloneNode(false) as Element
      ancestors.push(clean(shallow.outerHTML).replace(/<\/[^>]+>$/, ''))
    }
    return {
      at: at === null ? null : Number(at),
      tag: element.tagName.toLowerCase(),
      label: labelOf(element),
      text: only ? (element.firstChild as Text).data : null,
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

  function select(element: Element | null) {
    restore()
    selected = element && !skip(element) ? element : null
    original = selected
      ? {
          text: selected.childNodes.length === 1 && selected.firstChild!.nodeType === 3 ? (selected.firstChild as Text).data : null,
          style: selected.getAttribute('style'),
          display: (selected as HTMLElement).style?.display ?? '',
        }
      : null
    redraw()
    post(selected ? { type: 'visual:selected', element: describe(selected) } : { type: 'visual:selected', element: null })
  }

  /** Puts the selected element back as the code has it (a change shown but not applied). */
  function restore() {
    if (!selected || !original) return
    if (original.text !== null && selected.firstChild && selected.firstChild.nodeType === 3) (selected.firstChild as Text).data = original.text
    if (original.style === null) selected.removeAttribute('style')
    else selected.setAttribute('style', original.style)
  }

  function preview(change: { text?: string | null; style?: Record<string, string>; hidden?: boolean }) {
    if (!selected) return
    restore()
    const element = selected as HTMLElement
    if (typeof change.text === 'string' && element.firstChild && element.firstChild.nodeType === 3) (element.firstChild as Text).data = change.text
    for (const [property, value] of Object.entries(change.style || {})) {
      if (value) element.style.setProperty(property, value)
      else element.style.removeProperty(property)
    }
    if (change.hidden) element.style.setProperty('opacity', '0.25')
    redraw()
  }

  /** Elements in the order Tab visits them: what the page shows, in document order. */
  function tabOrder() {
    return Array.from(document.body ? document.body.querySelectorAll('*') : []).filter((element) => {
      if (skip(element)) return false
      const rect = element.getBoundingClientRect()
      return rect.width > 0 && rect.height > 0
    })
  }

  function setMode(next: boolean) {
    on = next
    if (on && !hoverBox) {
      hoverBox = makeBox(false)
      selectBox = makeBox(true)
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

  const swallow = (event: Event) => {
    if (!on) return
    event.preventDefault()
    event.stopImmediatePropagation()
  }
  for (const type of swallowed) window.addEventListener(type, swallow, true)
  // Touches are kept from the Piece too, but not cancelled: the page still scrolls, and a tap still becomes the click that selects.
  for (const type of ['touchstart', 'touchend', 'touchmove']) {
    window.addEventListener(type, (event) => on && event.stopImmediatePropagation(), { capture: true, passive: true })
  }
  window.addEventListener(
    'click',
    (event) => {
      if (!on) return
      swallow(event)
      select(event.target instanceof Element ? event.target : null)
    },
    true,
  )
  for (const type of ['mousemove', 'pointermove', 'mouseover']) {
    window.addEventListener(
      type,
      (event) => {
        if (!on) return
        event.stopImmediatePropagation()
        if (event.target instanceof Element && event.target !== hovered) hover(event.target)
      },
      true,
    )
  }
  window.addEventListener(
    'keydown',
    (event) => {
      if (!on) return
      event.stopImmediatePropagation()
      if (event.key === 'Escape') {
        event.preventDefault()
        post({ type: 'visual:exit' })
      } else if (event.key === 'Tab') {
        event.preventDefault()
        const order = tabOrder()
        if (!order.length) return
        const current = order.indexOf((hovered ?? selected)!)
        // The first Tab goes to the first element (Shift+Tab to the last); then on round.
        const next = current < 0 ? (event.shiftKey ? order.length - 1 : 0) : (current + (event.shiftKey ? -1 : 1) + order.length) % order.length
        hover(order[next]!)
        order[next]!.scrollIntoView({ block: 'nearest' })
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault()
        if (hovered) select(hovered)
      } else event.preventDefault()
    },
    true,
  )
  window.addEventListener('scroll', () => on && redraw(), true)
  window.addEventListener('resize', () => on && redraw())
  window.addEventListener('message', (event) => {
    if (event.source !== parent || !event.data || typeof event.data.type !== 'string') return
    const data = event.data as { type: string; on?: boolean; change?: { text?: string | null; style?: Record<string, string>; hidden?: boolean } }
    if (data.type === 'visual:mode') setMode(Boolean(data.on))
    if (data.type === 'visual:preview' && data.change) preview(data.change)
    if (data.type === 'visual:reset') {
      restore()
      redraw()
    }
    if (data.type === 'visual:deselect') select(null)
  })
  post({ type: 'visual:ready' })
}
