/**
 * The gallery's further pages on a page without React (docs/decisions/0040): as the 'Load
 * more' link comes into view, or when it is clicked, the document it points to is fetched,
 * its cards that are not shown yet are appended, and its own 'Load more' takes the old one's
 * place. A page that cannot be fetched leaves the link as it was: a click then opens it, as
 * without JavaScript. Sent as source text: it uses nothing outside itself.
 */
export function enhanceGallery(listSelector: string, moreSelector: string) {
  const list = document.querySelector(listSelector)
  if (!list) return
  let loading = false
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void load(false)
    },
    { rootMargin: '200px' },
  )
  const watch = () => {
    const more = document.querySelector(moreSelector)
    if (more) observer.observe(more)
  }
  const load = async (clicked: boolean) => {
    const more = document.querySelector(moreSelector)
    const link = more?.querySelector('a')
    if (!more || !link || loading) return
    loading = true
    observer.disconnect()
    try {
      const response = await fetch(link.href, { headers: { Accept: 'text/html' } })
      if (!response.ok) throw new Error(`status ${response.status}`)
      const next = new DOMParser().parseFromString(await response.text(), 'text/html')
      const shown = new Set(Array.from(list.children, (item) => item.getAttribute('data-piece')))
      for (const item of Array.from(next.querySelector(listSelector)?.children ?? [])) {
        if (shown.has(item.getAttribute('data-piece'))) continue
        item.id = `gallery-${list.children.length}`
        list.append(document.importNode(item, true))
      }
      const nextMore = next.querySelector(moreSelector)
      if (nextMore) more.replaceWith(document.importNode(nextMore, true))
      else more.remove()
      loading = false
      watch()
    } catch {
      loading = false
      if (clicked) window.location.assign(link.href)
    }
  }
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest(`${moreSelector} a`) : null
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void load(true)
  })
  watch()
}
