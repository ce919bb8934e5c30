import { Link, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { onPieceSaved, withSavedFirst } from '~/pieces/piece-saved'
import { PIECE_LIST_NEXT_PAGE, PieceMessages } from '~/pieces/schema'
import { cn } from '~/ui/cn'
import { PieceIcon } from '~/pieces/piece-icon'
import { Spinner } from '~/ui/spinner'
import { useTypeahead } from '~/ui/typeahead'
import { useMorePages } from '~/ui/use-more-pages'
import { SIDEBAR_LIMIT_PARAM } from './schema'

export type SidebarPiece = { id: number | string; name: string; icon: string; updatedAt: string }
export type SidebarPage = { data: SidebarPiece[]; has_more: boolean; next_starting_after?: string | null }

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
  const more = useMorePages(initial, {
    address: (after) => `/api/private/pieces?${new URLSearchParams({ limit: String(PIECE_LIST_NEXT_PAGE), starting_after: after })}`,
    failed: PieceMessages.loadMoreFailed,
    // The server's cursor breaks ties between Pieces saved in the same millisecond; the last one's time otherwise.
    cursorOf: (pieces) => pieces.at(-1)?.updatedAt,
  })
  const { items: pieces, setItems } = more
  const active = currentPieceName(location.pathname)
  const onKeyDown = useTypeahead<HTMLUListElement>()

  // A generation that completed saved its Piece's draft without reloading this list: it moves up now.
  useEffect(() => onPieceSaved((saved) => setItems((current) => withSavedFirst(current, saved))), [setItems])

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
      {more.hasMore ? (
        <li ref={more.end} className="px-2 py-1 text-xs text-zinc-500">
          {/* With JavaScript the list grows as its end scrolls into view; without, the link asks for a longer one. */}
          {more.loading ? (
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
