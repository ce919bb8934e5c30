import { useRef, type KeyboardEvent } from 'react'
import { TYPEAHEAD_RESET_MS } from '~/lib/constants'

/**
 * The item a typeahead search lands on: the first whose label starts with `search`,
 * looking from the item after `current` and wrapping round. A search of one letter typed
 * again (or the same letter repeated) steps through the items starting with it.
 */
export function typeaheadMatch(labels: string[], current: number, search: string) {
  const [first = ''] = search
  const repeated = search.length > 1 && [...search].every((letter) => letter === first)
  const needle = (repeated ? first : search).toLowerCase()
  const start = search.length === 1 || repeated ? current + 1 : Math.max(current, 0)
  for (let step = 0; step < labels.length; step++) {
    const index = (start + step) % labels.length
    if (labels[index]?.trim().toLowerCase().startsWith(needle)) return index
  }
  return -1
}

const ITEMS = 'a[href], button:not([disabled])'

/** What an item is called: its aria-label, or its text without the parts hidden from assistive technology (icons, initials). */
function labelOf(item: HTMLElement) {
  const label = item.getAttribute('aria-label')
  if (label) return label
  const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT)
  let text = ''
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('[aria-hidden="true"]')) text += node.textContent
  }
  return text
}

/**
 * Typeahead for a list of links or buttons (spec 2 §9): letters typed while an item has
 * the focus move it to the item whose text starts with them; the search starts afresh
 * after a pause of TYPEAHEAD_RESET_MS. Put the returned handler on the list.
 */
export function useTypeahead<Element extends HTMLElement>() {
  const search = useRef('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  return (event: KeyboardEvent<Element>) => {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || (event.key === ' ' && !search.current)) return
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)]
    const current = items.findIndex((item) => item === document.activeElement)
    if (current < 0) return
    clearTimeout(timer.current)
    search.current += event.key
    timer.current = setTimeout(() => (search.current = ''), TYPEAHEAD_RESET_MS)
    const match = items[typeaheadMatch(items.map(labelOf), current, search.current)]
    if (!match) return
    event.preventDefault()
    match.focus()
  }
}
