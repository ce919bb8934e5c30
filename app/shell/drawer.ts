/** Spec 1 §2.4 and §9: the mobile drawer and sidebar geometry. */
export const SIDEBAR_WIDTH = '16.25rem'
export const SIDEBAR_COLLAPSED_WIDTH = '3rem'
export const MOBILE_BREAKPOINT_PX = 768
export const DRAWER_VIEWPORT_SHARE = 0.75
export const SWIPE_CLOSE_PX = 120
export const FAST_SWIPE_CLOSE_PX = 30
/** A swipe counts as fast when it covers its distance within this time. */
export const FAST_SWIPE_MAX_MS = 300

/** A leftward swipe closes the drawer when it is long, or short but fast. */
export function swipeCloses(deltaX: number, elapsedMs: number) {
  const distance = -deltaX
  if (distance > SWIPE_CLOSE_PX) return true
  return distance > FAST_SWIPE_CLOSE_PX && elapsedMs <= FAST_SWIPE_MAX_MS
}

/** Ctrl+B toggles the sidebar unless the user is typing. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>) {
  if (!event.ctrlKey || event.altKey || event.metaKey || event.key.toLowerCase() !== 'b') return false
  const target = event.target as (HTMLElement & { isContentEditable?: boolean }) | null
  const tag = target?.tagName
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable)
}
