import { sql } from '~/lib/db.server'
import { listPublicPieces, type GalleryRequest, type Piece, type PieceList } from './pieces.server'
import { GALLERY_ORDER_PARAM, GalleryOrderParam, type Credit, type GalleryOrder } from './remixes'
import { creditOf, remixCounts } from './remixes.server'
import { GALLERY_COUNT_PARAM, PIECE_LIST_MAX_PAGE, PUBLIC_PIECE_PAGE } from './schema'

/** What a gallery card shows besides the spec's Piece (issue 32): how many remixed it, and where it came from. */
export type GalleryExtras = { allowRemixes: boolean; remixCount: number; remixedFrom: Credit | null }

/**
 * Each Piece of a gallery page with its remix count and its credit (one query each for the
 * page), and the screenshot's thumbnail for the cards (issue 12.3).
 */
export async function withGalleryExtras(list: PieceList): Promise<Omit<PieceList, 'data'> & { data: (Piece & GalleryExtras & { thumbnail: string })[] }> {
  const ids = list.data.map((piece) => piece.id)
  const [counts, rows] = await Promise.all([
    remixCounts(ids),
    ids.length
      ? sql<
          {
            id: number
            thumbnail: string
            allowRemixes: boolean
            owner: string | null
            name: string | null
            currentOwner: string | null
            currentName: string | null
            public: boolean | null
          }[]
        >`
          select p.id::int as id, p.screenshot_thumbnail as thumbnail, p.allow_remixes as "allowRemixes", r.original_owner as owner, r.original_name as name,
            ou.username as "currentOwner", o.name as "currentName", o.visibility = 'public' as public
          from pieces p
            left join piece_remixes r on r.remix_id = p.id
            left join pieces o on o.id = r.original_id
            left join users ou on ou.id = o.user_id
          where p.id = any(${ids})`
      : [],
  ])
  const byId = new Map(rows.map((row) => [row.id, row]))
  return {
    ...list,
    data: list.data.map((piece) => {
      const row = byId.get(piece.id)
      const remixedFrom = row?.name ? creditOf({ ...row, owner: row.owner ?? '', name: row.name }) : null
      return { ...piece, thumbnail: row?.thumbnail ?? '', allowRemixes: row?.allowRemixes ?? false, remixCount: counts.get(piece.id) ?? 0, remixedFrom }
    }),
  }
}

/** A page of the public list for API clients, with the gallery's extras (fields added to the spec's Piece). */
export async function publicGallery(page: GalleryRequest) {
  const { data, ...rest } = await withGalleryExtras(await listPublicPieces(page))
  return { ...rest, data: data.map(({ thumbnail: _thumbnail, ...piece }) => piece) }
}

/**
 * The gallery's first page for /landing and /explore in the order asked (`?order=`,
 * Trending by default): 12 public Pieces, or, without JavaScript after 'Load more'
 * (`?count=`), that many (at most a list's largest page).
 */
export async function galleryPage(request: Request) {
  const params = new URL(request.url).searchParams
  const asked = Number(params.get(GALLERY_COUNT_PARAM))
  const count = Number.isInteger(asked) && asked > PUBLIC_PIECE_PAGE ? Math.min(asked, PIECE_LIST_MAX_PAGE) : PUBLIC_PIECE_PAGE
  const order: GalleryOrder = GalleryOrderParam.parse(params.get(GALLERY_ORDER_PARAM) ?? undefined)
  const pieces = await withGalleryExtras(await listPublicPieces({ limit: count, order }))
  return { pieces, count, order }
}
