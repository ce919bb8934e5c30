import { useCallback, useEffect, useRef, useState } from 'react'
import { whenNear } from './enhance/infinite-scroll'
import { useToast } from './toaster'

/** A page of a list as the JSON API answers it: its items, whether there are more, and the cursor after them. */
export type ListPage<Item> = { data: Item[]; has_more: boolean; next_starting_after?: string | null }

type Options<Item> = {
  /** The JSON API's address of the page after `cursor`. */
  address: (cursor: string) => string
  /** The toast's title when a page cannot be loaded. */
  failed: string
  /** The cursor when the page gave none: the list's own (the sidebar's last `updatedAt`). */
  cursorOf?: (items: Item[]) => string | undefined
}

/** New pages are appended; an item already listed (same id) is not shown twice. */
export function mergePages<Item extends { id: number | string }>(current: Item[], next: Item[]) {
  const seen = new Set(current.map((item) => item.id))
  return [...current, ...next.filter((item) => !seen.has(item.id))]
}

/**
 * A list on a page with React that grows as its end comes into view (`whenNear`, the same
 * infinite scroll as a page without React: docs/decisions/0056), or when `loadMore` is called
 * (its 'Load more' clicked). A page that cannot be loaded says so in a toast, and the list
 * stops growing by itself until the next `loadMore`. A new `initial` (the loader's) starts it
 * again. `end` is the callback ref of the element at the list's end.
 */
export function useMorePages<Item extends { id: number | string }>(initial: ListPage<Item>, { address, failed, cursorOf }: Options<Item>) {
  const toast = useToast()
  const [page, setPage] = useState(initial)
  const [loading, setLoading] = useState(false)
  const [stopped, setStopped] = useState(false)
  // The element at the list's end, as a callback ref (any element).
  const [endNode, end] = useState<Element | null>(null)
  useEffect(() => {
    setPage(initial)
    setStopped(false)
  }, [initial])

  // The caller's functions as they are now, so that a new one each render does not start the watching again.
  const said = useRef({ address, failed })
  said.current = { address, failed }
  const cursor = page.next_starting_after ?? cursorOf?.(page.data)
  const loadMore = useCallback(async () => {
    if (!cursor) return
    setLoading(true)
    try {
      const response = await fetch(said.current.address(cursor), { headers: { Accept: 'application/json' } })
      if (!response.ok) throw new Error(`status ${response.status}`)
      const next = (await response.json()) as ListPage<Item>
      setPage((current) => ({ ...next, data: mergePages(current.data, next.data) }))
      setStopped(false)
    } catch {
      toast({ title: said.current.failed, variant: 'destructive' })
      setStopped(true)
    } finally {
      setLoading(false)
    }
  }, [cursor, toast])

  useEffect(() => {
    if (!endNode || !page.has_more || loading || stopped) return
    return whenNear(endNode, () => void loadMore())
  }, [endNode, page.has_more, loading, stopped, loadMore])

  const setItems = useCallback((change: (items: Item[]) => Item[]) => setPage((current) => ({ ...current, data: change(current.data) })), [])
  return { items: page.data, hasMore: page.has_more, loading, loadMore, end, setItems }
}
