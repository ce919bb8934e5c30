/** How far below the view the next page starts loading. */
const AHEAD = '200px'

/**
 * Infinite scroll, the one way for every list (docs/decisions/0056): `load` runs once, as
 * `end` (the list's 'Load more' or 'Show more') comes within 200 px of the view. Whoever
 * shows the next page watches its new end again; the answer stops watching.
 */
export function whenNear(end: Element, load: () => void) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      load()
    },
    { rootMargin: AHEAD },
  )
  observer.observe(end)
  return () => observer.disconnect()
}

/** A plain click (no key held, the main button) on a link: the page may handle it in place. */
export const isPlainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/**
 * A list the server rendered, on a page without React (`data-enhance="more-list"`): its items
 * carry `data-key`, and the element named by `more` (after the list) holds the link to the
 * same page with more. As that link comes into view, or when it is clicked, the page it points
 * to is fetched, its items not shown yet are appended, and its own 'more' takes the old one's
 * place (none: the list is complete). A page that cannot be fetched leaves the link as it was:
 * a click then opens it, as without JavaScript. The address does not change.
 */
export function enhanceMoreList(list: HTMLElement, { more: moreId }: { more: string }) {
  let loading = false
  const load = async (link: HTMLAnchorElement, clicked: boolean) => {
    if (loading) return
    loading = true
    try {
      const response = await fetch(link.href, { headers: { Accept: 'text/html' } })
      if (!response.ok) throw new Error(`status ${response.status}`)
      const next = new DOMParser().parseFromString(await response.text(), 'text/html')
      const shown = new Set(Array.from(list.children, (item) => item.getAttribute('data-key')))
      for (const item of Array.from(next.getElementById(list.id)?.children ?? [])) {
        if (shown.has(item.getAttribute('data-key'))) continue
        // The anchor the link without JavaScript would scroll to.
        item.id = `${list.id}-${list.children.length}`
        list.append(document.importNode(item, true))
      }
      const nextMore = next.getElementById(moreId)
      document.getElementById(moreId)?.replaceWith(...(nextMore ? [document.importNode(nextMore, true)] : []))
      loading = false
      watch()
    } catch {
      loading = false
      if (clicked) window.location.assign(link.href)
    }
  }
  const watch = () => {
    const link = document.getElementById(moreId)?.querySelector('a')
    if (!link) return
    link.addEventListener('click', (event) => {
      if (!isPlainClick(event)) return
      event.preventDefault()
      void load(link, true)
    })
    whenNear(link, () => void load(link, false))
  }
  watch()
}
