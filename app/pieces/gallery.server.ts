import { sql } from '~/lib/db.server'
import { listPublicPieces } from './pieces.server'
import { GALLERY_COUNT_PARAM, PIECE_LIST_MAX_PAGE, PUBLIC_PIECE_PAGE } from './schema'

/**
 * The gallery's first page for /landing and /explore: 12 public Pieces, or, without
 * JavaScript after 'Load more' (`?count=`), that many (at most a list's largest page).
 */
export async function galleryPage(request: Request) {
  const asked = Number(new URL(request.url).searchParams.get(GALLERY_COUNT_PARAM))
  const count = Number.isInteger(asked) && asked > PUBLIC_PIECE_PAGE ? Math.min(asked, PIECE_LIST_MAX_PAGE) : PUBLIC_PIECE_PAGE
  const pieces = await listPublicPieces({ limit: count })
  // Cards show the screenshot's thumbnail (issue 12.3); the API's Piece keeps the spec's fields.
  const ids = pieces.data.map((piece) => piece.id)
  const rows = ids.length
    ? await sql<{ id: number; thumbnail: string }[]>`select id::int as id, screenshot_thumbnail as thumbnail from pieces where id = any(${ids})`
    : []
  const thumbnails = new Map(rows.map((row) => [row.id, row.thumbnail]))
  return { pieces: { ...pieces, data: pieces.data.map((piece) => ({ ...piece, thumbnail: thumbnails.get(piece.id) ?? '' })) }, count }
}
