import { Link, useLocation } from '@remix-run/react'
import { calendarDate } from '~/lib/dates'
import { useRootData } from '~/lib/root-data'
import { PieceIcon } from './piece-icon'
import { Spinner } from '~/ui/spinner'
import { enhanceAs } from '~/ui/enhancement'
import { useMorePages } from '~/ui/use-more-pages'
import { GALLERY_COUNT_PARAM, PUBLIC_PIECE_PAGE, PieceMessages } from './schema'
import { cn } from '~/ui/cn'
import { RemixButton, RemixCredit } from './remix-bar'
import { GALLERY_ORDER_LABELS, GALLERY_ORDER_PARAM, GALLERY_ORDERS, remixCountText, RemixMessages, type Credit, type GalleryOrder } from './remixes'

export type GalleryPiece = {
  id: number
  name: string
  /** The owner's identity id, to tell the viewer's own Pieces. */
  userId: string
  description: string
  icon: string
  screenshot: string
  thumbnail?: string
  updatedAt: string
  allowRemixes: boolean
  remixCount: number
  remixedFrom: Credit | null
}
export type GalleryPage = { data: GalleryPiece[]; has_more: boolean; next_starting_after: string | null }

const DESCRIPTION_PREVIEW = 120

/** Spec 2 §2: the grid of public Pieces, 12 at a time, in the order chosen (issue 32.4). */
export function Gallery({ initial, count, order }: { initial: GalleryPage; count: number; order: GalleryOrder }) {
  const location = useLocation()
  const viewer = useRootData()?.user?.uid
  // Infinite scroll (docs/decisions/0056): the next page loads as 'Load more' comes into view; the link stays for keyboards and failures.
  const more = useMorePages(initial, {
    address: (after) => `/api/opt/pieces?${new URLSearchParams({ limit: String(PUBLIC_PIECE_PAGE), starting_after: after, order })}`,
    failed: PieceMessages.loadMoreFailed,
  })

  const tabs = <GalleryOrders order={order} />
  if (!more.items.length) {
    return (
      <>
        {tabs}
        <div className="rounded-2xl border border-dashed border-zinc-300 p-10 text-center text-zinc-500 dark:border-zinc-700">No public Pieces yet</div>
      </>
    )
  }
  const longer = new URLSearchParams(location.search)
  longer.set(GALLERY_COUNT_PARAM, String(count + PUBLIC_PIECE_PAGE))
  return (
    <>
      {tabs}
      {/* Without React the same markup grows by the page its 'Load more' points to (app/ui/enhance/infinite-scroll.ts). */}
      <ul id="gallery" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery" {...enhanceAs('more-list', { more: 'gallery-more' })}>
        {more.items.map((piece, index) => (
          <li key={piece.id} id={`gallery-${index}`} data-key={piece.id} className="scroll-mt-20">
            <GalleryCard piece={piece} mine={piece.userId === viewer} returnTo={`${location.pathname}${location.search}`} />
          </li>
        ))}
      </ul>
      {more.hasMore ? (
        <div ref={more.end} id="gallery-more" className="mt-8 flex justify-center">
          {/* One control: the link asks the server for a longer grid; with JavaScript the next page is fetched in place. */}
          <Link
            to={`${location.pathname}?${longer}#gallery-${count}`}
            preventScrollReset
            aria-busy={more.loading || undefined}
            onClick={(event) => {
              event.preventDefault()
              void more.loadMore()
            }}
            className="inline-flex items-center gap-2 rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium dark:border-zinc-700"
          >
            {more.loading ? <Spinner label="Loading more Pieces" /> : null}
            Load more
          </Link>
        </div>
      ) : null}
    </>
  )
}

/** Issue 32.4: Trending, Most remixed and Newest, as links, so the order is chosen without JavaScript too. */
function GalleryOrders({ order }: { order: GalleryOrder }) {
  const location = useLocation()
  const hrefOf = (value: GalleryOrder) => {
    const params = new URLSearchParams(location.search)
    params.delete(GALLERY_COUNT_PARAM)
    params.set(GALLERY_ORDER_PARAM, value)
    return `${location.pathname}?${params}`
  }
  return (
    <nav aria-label="Order" className="mb-5 flex gap-1 overflow-x-auto" data-testid="gallery-orders">
      {GALLERY_ORDERS.map((value) => (
        <Link
          key={value}
          to={hrefOf(value)}
          preventScrollReset
          aria-current={value === order ? 'page' : undefined}
          className={cn(
            'shrink-0 rounded-full px-3 py-1.5 text-sm font-medium',
            value === order
              ? 'bg-zinc-900 text-white dark:bg-white dark:text-zinc-900'
              : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800',
          )}
        >
          {GALLERY_ORDER_LABELS[value]}
        </Link>
      ))}
    </nav>
  )
}

function GalleryCard({ piece, mine, returnTo }: { piece: GalleryPiece; mine: boolean; returnTo: string }) {
  const long = piece.description.length > DESCRIPTION_PREVIEW
  return (
    <article className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <Link to={`/${piece.name.toLowerCase()}`} className="block">
        {piece.screenshot ? (
          <img
            src={piece.thumbnail || piece.screenshot}
            alt=""
            loading="lazy"
            width={640}
            height={400}
            className="aspect-video w-full bg-white object-cover object-top"
          />
        ) : (
          <div
            aria-hidden="true"
            className="grid aspect-video place-items-center bg-gradient-to-br from-zinc-100 to-zinc-200 text-3xl font-semibold text-zinc-400 uppercase dark:from-zinc-800 dark:to-zinc-900 dark:text-zinc-600"
          >
            {piece.name.slice(0, 1)}
          </div>
        )}
        <div className="flex items-center gap-2 px-4 pt-4">
          <PieceIcon icon={piece.icon} name={piece.name} className="size-6" />
          <h2 className="truncate font-semibold">{piece.name}</h2>
        </div>
      </Link>
      <div className="px-4 pt-1 pb-4 text-sm">
        <p className="text-xs text-zinc-500">Last updated {calendarDate(piece.updatedAt)}</p>
        {piece.remixedFrom ? <RemixCredit credit={piece.remixedFrom} className="mt-1 text-xs text-zinc-500" /> : null}
        {piece.description ? (
          long ? (
            // 'more' shows the whole text in place of the shortened one, so it reads once.
            <details className="group mt-2 text-zinc-600 dark:text-zinc-400">
              <summary className="cursor-pointer list-none group-open:hidden">
                {piece.description.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…{' '}
                <span className="font-medium text-zinc-900 underline dark:text-zinc-100">more</span>
              </summary>
              <p className="whitespace-pre-wrap">{piece.description}</p>
            </details>
          ) : (
            <p className="mt-2 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{piece.description}</p>
          )
        ) : null}
        <div className="mt-3 flex min-h-9 items-center justify-between gap-2">
          <span className="text-xs text-zinc-500" data-testid="card-remix-count">
            {piece.remixCount ? remixCountText(piece.remixCount) : ''}
          </span>
          <CardRemix piece={piece} mine={mine} returnTo={returnTo} />
        </div>
      </div>
    </article>
  )
}

/** Issue 37.12: Remix, or in words why a card has none — the viewer's own Piece, or remixes turned off. */
function CardRemix({ piece, mine, returnTo }: { piece: GalleryPiece; mine: boolean; returnTo: string }) {
  const said = 'text-xs font-medium text-zinc-500'
  if (mine) {
    return (
      <span className={said} data-testid="card-no-remix">
        {RemixMessages.yourPiece} ·{' '}
        <Link to={`/pieces/${piece.name}`} className="text-zinc-900 underline underline-offset-2 dark:text-zinc-100">
          Edit
        </Link>
      </span>
    )
  }
  if (!piece.allowRemixes) {
    return (
      <span className={said} data-testid="card-no-remix">
        {RemixMessages.remixesOff}
      </span>
    )
  }
  return <RemixButton name={piece.name} returnTo={returnTo} />
}
