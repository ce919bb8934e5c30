import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { onPieceSaved, withSavedFirst } from '~/pieces/piece-saved'
import { PIECE_LIST_NEXT_PAGE, PieceMessages } from '~/pieces/schema'
import { cn } from '~/ui/cn'
import { PieceIcon } from '~/pieces/piece-icon'
import { Spinner } from '~/ui/spinner'
import { useTypeahead } from '~/ui/typeahead'
import { useToast } from '~/ui/toaster'
import { SIDEBAR_LIMIT_PARAM } from './schema'

export type SidebarPiece = { id: number | string; name: string; icon: string; updatedAt: string }
export type SidebarPage = { data: SidebarPiece[]; has_more: boolean; next_starting_after?: string | null }

/** New pages are appended; a Piece already listed (same id) is not shown twice. */
export function mergePieces(current: SidebarPiece[], next: SidebarPiece[]) {
  const seen = new Set(current.map((piece) => piece.id))
  return [...current, ...next.filter((piece) => !seen.has(piece.id))]
}

/** The piece name of the current path: `/{name}` or `/pieces/{name}`. */
export function currentPieceName(pathname: string) {
  const editor = /^\/pieces\/([^/]+)\/?$/.exec(pathname)
  if (editor) return decodeURIComponent(editor[1]!)
  const single = /^\/([^/@][^/]*)\/?$/.exec(pathname)
  return single ? decodeURIComponent(single[1]!) : null
}

/**
 * The sidebar's 'Pieces' list: the first 25 from the layout, then 20 more each time the
 * bottom scrolls into view (spec 2 §2). Without JavaScript a 'Show more' link asks the
 * server for a longer list.
 */
export function SidebarPieces({ initial, limit }: { initial: SidebarPage; limit: number }) {
  const location = useLocation()
  const toast = useToast()
  const [pieces, setPieces] = useState(initial.data)
  const [hasMore, setHasMore] = useState(initial.has_more)
  const [cursor, setCursor] = useState(initial.next_starting_after ?? null)
  const [loading, setLoading] = useState(false)
  const sentinel = useRef<HTMLLIElement>(null)
  const active = currentPieceName(location.pathname)
  const onKeyDown = useTypeahead<HTMLUListElement>()

  // The layout's list changes after creating, renaming or deleting: start again from it.
  useEffect(() => {
    setPieces(initial.data)
    setHasMore(initial.has_more)
    setCursor(initial.next_starting_after ?? null)
  }, [initial])

  // A generation that completed saved its Piece's draft without reloading this list: it moves up now.
  useEffect(() => onPieceSaved((saved) => setPieces((current) => withSavedFirst(current, saved))), [])

  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasMore || loading) return
    const observer = new IntersectionObserver(async (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      // The server's cursor breaks ties between Pieces saved in the same millisecond.
      const startingAfter = cursor ?? pieces[pieces.length - 1]?.updatedAt
      if (!startingAfter) return
      setLoading(true)
      try {
        const params = new URLSearchParams({ limit: String(PIECE_LIST_NEXT_PAGE), starting_after: startingAfter })
        const response = await fetch(`/api/private/pieces?${params}`, { headers: { Accept: 'application/json' } })
        if (!response.ok) throw new Error(`status ${response.status}`)
        const page = (await response.json()) as SidebarPage
        setPieces((current) => mergePieces(current, page.data))
        setHasMore(page.has_more)
        setCursor(page.next_starting_after ?? null)
      } catch {
        toast({ title: PieceMessages.loadMoreFailed, variant: 'destructive' })
        setHasMore(false)
      } finally {
        setLoading(false)
      }
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [cursor, hasMore, loading, pieces, toast])

  if (!pieces.length) return <p className="px-2 text-sm text-zinc-500">No Pieces yet</p>

  const moreParams = new URLSearchParams(location.search)
  moreParams.set(SIDEBAR_LIMIT_PARAM, String(limit + PIECE_LIST_NEXT_PAGE))
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- typeahead: keys bubble up from the focused link
    <ul className="space-y-0.5" data-testid="sidebar-pieces" onKeyDown={onKeyDown}>
      {pieces.map((piece) => (
        <li key={piece.id}>
          <Link
            to={`/${piece.name}`}
            aria-current={piece.name === active ? 'page' : undefined}
            className={cn(
              'flex h-8 items-center gap-2 truncate rounded-md px-2 text-sm',
              piece.name === active ? 'bg-zinc-200 font-medium dark:bg-zinc-800' : 'hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70',
            )}
          >
            <PieceIcon icon={piece.icon} name={piece.name} />
            <span className="truncate">{piece.name}</span>
          </Link>
        </li>
      ))}
      {hasMore ? (
        <li ref={sentinel} className="px-2 py-1 text-xs text-zinc-500">
          {/* With JavaScript the list grows as its end scrolls into view; without, the link asks for a longer one. */}
          {loading ? (
            <Spinner label="Loading more Pieces" />
          ) : (
            <Link to={`${location.pathname}?${moreParams}`} preventScrollReset className="underline underline-offset-2 js:hidden">
              Show more
            </Link>
          )}
        </li>
      ) : null}
    </ul>
  )
}
