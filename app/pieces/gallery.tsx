import { Link, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useHydrated } from '~/lib/hydrated'
import { PieceIcon } from './piece-icon'
import { Button } from '~/ui/button'
import { useToast } from '~/ui/toaster'
import { relativeTime } from './relative-time'
import { PUBLIC_PIECE_PAGE, PieceMessages } from './schema'

export type GalleryPiece = { id: number; name: string; description: string; icon: string; screenshot: string; updatedAt: string }
export type GalleryPage = { data: GalleryPiece[]; has_more: boolean; next_starting_after: string | null }

/** Without JavaScript, 'Load more' asks the server for a longer first page. */
export const GALLERY_COUNT_PARAM = 'count'
const DESCRIPTION_PREVIEW = 120

/** New pages are appended; a Piece already shown is not shown twice. */
function merge(current: GalleryPiece[], next: GalleryPiece[]) {
  const seen = new Set(current.map((piece) => piece.id))
  return [...current, ...next.filter((piece) => !seen.has(piece.id))]
}

/** Spec 2 §2: the grid of public Pieces, 12 at a time, newest first. */
export function Gallery({ initial, count, now }: { initial: GalleryPage; count: number; now: string }) {
  const hydrated = useHydrated()
  const location = useLocation()
  const toast = useToast()
  const [page, setPage] = useState(initial)
  const [loading, setLoading] = useState(false)
  useEffect(() => setPage(initial), [initial])

  async function loadMore() {
    if (!page.next_starting_after) return
    setLoading(true)
    try {
      const params = new URLSearchParams({ limit: String(PUBLIC_PIECE_PAGE), starting_after: page.next_starting_after })
      const response = await fetch(`/api/opt/pieces?${params}`)
      if (!response.ok) throw new Error(`status ${response.status}`)
      const next = (await response.json()) as GalleryPage
      setPage((current) => ({ ...next, data: merge(current.data, next.data) }))
    } catch {
      toast({ title: PieceMessages.loadMoreFailed, variant: 'destructive' })
    } finally {
      setLoading(false)
    }
  }

  if (!page.data.length) {
    return <div className="rounded-2xl border border-dashed border-zinc-300 p-10 text-center text-zinc-500 dark:border-zinc-700">No public Pieces yet</div>
  }
  const more = new URLSearchParams(location.search)
  more.set(GALLERY_COUNT_PARAM, String(count + PUBLIC_PIECE_PAGE))
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery">
        {page.data.map((piece) => (
          <li key={piece.id}>
            <GalleryCard piece={piece} now={now} />
          </li>
        ))}
      </ul>
      {page.has_more ? (
        <div className="mt-8 flex justify-center">
          {hydrated ? (
            <Button variant="secondary" onClick={() => void loadMore()} pending={loading}>
              Load more
            </Button>
          ) : (
            <Link
              to={`${location.pathname}?${more}`}
              preventScrollReset
              className="rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium dark:border-zinc-700"
            >
              Load more
            </Link>
          )}
        </div>
      ) : null}
    </>
  )
}

/** `now` comes from the server so the server's and the browser's wording agree. */
function GalleryCard({ piece, now }: { piece: GalleryPiece; now: string }) {
  const long = piece.description.length > DESCRIPTION_PREVIEW
  return (
    <article className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <Link to={`/${piece.name.toLowerCase()}`} className="block">
        {piece.screenshot ? (
          <img src={piece.screenshot} alt="" loading="lazy" className="aspect-video w-full object-cover object-top" />
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
        <p className="text-xs text-zinc-500">Last updated {relativeTime(piece.updatedAt, new Date(now))}</p>
        {piece.description ? (
          long ? (
            <details className="mt-2 text-zinc-600 dark:text-zinc-400">
              <summary className="cursor-pointer list-none">
                {piece.description.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…{' '}
                <span className="font-medium text-zinc-900 underline dark:text-zinc-100">more</span>
              </summary>
              <p className="mt-1 whitespace-pre-wrap">{piece.description}</p>
            </details>
          ) : (
            <p className="mt-2 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{piece.description}</p>
          )
        ) : null}
      </div>
    </article>
  )
}
