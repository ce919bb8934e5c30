import { listPublicPieces } from './pieces.server'
import { GALLERY_COUNT_PARAM, PIECE_LIST_MAX_PAGE, PUBLIC_PIECE_PAGE } from './schema'

/**
 * The gallery's first page for /landing and /explore: 12 public Pieces, or, without
 * JavaScript after 'Load more' (`?count=`), that many (at most a list's largest page).
 */
export async function galleryPage(request: Request) {
  const asked = Number(new URL(request.url).searchParams.get(GALLERY_COUNT_PARAM))
  const count = Number.isInteger(asked) && asked > PUBLIC_PIECE_PAGE ? Math.min(asked, PIECE_LIST_MAX_PAGE) : PUBLIC_PIECE_PAGE
  return { pieces: await listPublicPieces({ limit: count }), count }
}
