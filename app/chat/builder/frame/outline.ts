/**
 * The outline a picker in the preview draws (the visual editor's and the check recorder's):
 * a box over the element with its name as a person sees it on a tag above, drawn by the
 * pickers themselves so the Piece's styles never reach it.
 */
export const isUi = (element: Element | null) => Boolean(element && element.closest('[data-pieces-ui]'))

/** A new outline box in `color` (dashed with a `tint` while hovering, solid when chosen), hidden until placed. */
export function outlineBox(color: string, tint: string, solid: boolean) {
  const box = document.createElement('div')
  box.setAttribute('data-pieces-ui', '')
  box.style.cssText = `position:fixed;pointer-events:none;z-index:2147483646;box-sizing:border-box;display:none;border:2px ${solid ? 'solid' : 'dashed'} ${color};background:${solid ? 'transparent' : tint};border-radius:3px`
  const tag = document.createElement('div')
  tag.setAttribute('data-pieces-ui', '')
  tag.style.cssText = `position:absolute;left:-2px;bottom:100%;margin-bottom:2px;max-width:280px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font:600 11px/1.6 system-ui,sans-serif;color:#fff;background:${color};padding:0 6px;border-radius:3px`
  box.appendChild(tag)
  document.documentElement.appendChild(box)
  return box
}

/** Puts `box` over `element` with `label` on its tag, or hides it when there is no element to show. */
export function placeOutline(box: HTMLElement | null, element: Element | null, label: (element: Element) => string) {
  if (!box) return
  if (!element || !element.isConnected) {
    box.style.display = 'none'
    return
  }
  const rect = element.getBoundingClientRect()
  Object.assign(box.style, {
    display: 'block',
    left: `${rect.left}px`,
    top: `${rect.top}px`,
    width: `${Math.max(rect.width, 2)}px`,
    height: `${Math.max(rect.height, 2)}px`,
  })
  const tag = box.firstChild
  if (!(tag instanceof HTMLElement)) return
  tag.textContent = label(element)
  // A label that would leave the top of the page goes inside the box.
  tag.style.bottom = rect.top < 20 ? 'auto' : '100%'
  tag.style.top = rect.top < 20 ? '0' : 'auto'
}

/** Elements in the order Tab visits them while picking: what the page shows, in document order. */
export function tabOrder(candidates: Element[], skip: (element: Element) => boolean) {
  return candidates.filter((element) => {
    if (skip(element)) return false
    const rect = element.getBoundingClientRect()
    return rect.width > 0 && rect.height > 0
  })
}

/** The element Tab (or Shift+Tab) moves to from `current`: the first (or last) at first, then on round. */
export function nextInOrder(order: Element[], current: Element | null, back: boolean) {
  if (!order.length) return null
  const at = current ? order.indexOf(current) : -1
  const next = at < 0 ? (back ? order.length - 1 : 0) : (at + (back ? -1 : 1) + order.length) % order.length
  return order[next] ?? null
}
