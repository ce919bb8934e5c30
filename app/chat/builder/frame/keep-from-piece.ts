/**
 * While a picker in the preview picks, what the person does is for the picker, not the
 * Piece: the listeners go first on the window (the script runs before the Piece's own) and
 * stop the `swallowed` events there. Touches are kept from the Piece too, but not
 * cancelled: the page still scrolls, and a tap still becomes the click that picks.
 * `swallow` answers whether it kept the event.
 */
export function keepFromPiece(swallowed: readonly string[], picking: () => boolean) {
  const swallow = (event: Event) => {
    if (!picking()) return false
    event.preventDefault()
    event.stopImmediatePropagation()
    return true
  }
  for (const type of swallowed) window.addEventListener(type, swallow, true)
  for (const type of ['touchstart', 'touchend', 'touchmove']) {
    window.addEventListener(type, (event) => picking() && event.stopImmediatePropagation(), { capture: true, passive: true })
  }
  return swallow
}

/** While picking, the pointer's moves reach only the picker, which hears which element is under it. */
export function followPointer(picking: () => boolean, under: (element: Element | null) => void) {
  for (const type of ['mousemove', 'pointermove', 'mouseover']) {
    window.addEventListener(
      type,
      (event) => {
        if (!picking()) return
        event.stopImmediatePropagation()
        under(event.target instanceof Element ? event.target : null)
      },
      true,
    )
  }
}
