import { redirect } from '@remix-run/node'
import { safeRedirect } from '~/accounts/redirects.server'
import type { SessionUser } from '~/accounts/session.server'
import { getSubscriptionStatusByUid, isSubscribedStatus } from '~/accounts/plan.server'
import { notFound } from '~/lib/http'
import { configuredOrigins, pieceOriginIn, previewOriginsOf, type PreviewOrigins } from '~/lib/origins.server'
import type { TopBarPiece } from './schema'
import { getOwnPieceByName, getViewablePieceByName, type Piece, type ViewedPiece } from './pieces.server'
import { countView, isEstablished, lineageOf, ownerOf, publicRemixesOf, remixCounts, visitorKey } from './remixes.server'
import { previewUrl } from './preview.server'
import { normalizeName, pieceNameProblem } from './schema'

function topBarPiece(piece: Piece & { allowRemixes: boolean }, isOwner: boolean, view: TopBarPiece['view'], origins: PreviewOrigins): TopBarPiece {
  const { id, name, description, icon, visibility, allowRemixes } = piece
  return { piece: { id, name, description, icon, visibility, allowRemixes }, isOwner, shareUrl: `${origins.app}/${name}`, view }
}

/**
 * The Piece name an address asks for. A name no Piece could have is a 404 like a missing
 * Piece, before it can reach a Location header; a name in another case is the same Piece,
 * so the visitor is sent to the lower-case address.
 */
function canonical(request: Request, name: string, build: (name: string) => string) {
  if (pieceNameProblem(name)) throw notFound()
  const normalized = normalizeName(name)
  if (normalized !== name) throw redirect(safeRedirect(`${build(encodeURIComponent(normalized))}${new URL(request.url).search}`))
  return normalized
}

/**
 * /pieces/{pieceName}: the owner's editor. Anyone else who may see the Piece is sent to its
 * public page; a Piece they may not see is a 404 like a missing one.
 */
export async function editorPageData(request: Request, user: SessionUser, rawName: string) {
  const name = canonical(request, rawName, (value) => `/pieces/${value}`)
  const piece = await getOwnPieceByName(user.id, name)
  if (!piece) {
    const viewable = await getViewablePieceByName(user.id, name)
    if (viewable) throw redirect(`/${encodeURIComponent(viewable.name)}`)
    throw notFound()
  }
  const origins = previewOriginsOf(request)
  return {
    owned: piece,
    origins,
    piece: { id: piece.id, name: piece.name, generating: piece.generating, hasCode: piece.code.trim().length > 0 },
    topBarPiece: topBarPiece(piece, true, 'editor', origins),
  }
}

/**
 * /{name}: the Piece full-page for anyone allowed to see it. Signed-out visitors see the
 * 'powered by' badge when the owner has no active or canceling subscription.
 */
export async function publicPageData(request: Request, viewer: SessionUser | null, rawName: string, clientIp: string) {
  const name = canonical(request, rawName, (value) => `/${value}`)
  const piece = await getViewablePieceByName(viewer?.id ?? null, name)
  if (!piece) throw notFound()
  const isOwner = viewer?.uid === piece.userId
  // The owner's own visits do not make a Piece trend (issue 32.4).
  if (!isOwner) {
    const established = viewer ? await isEstablished(viewer.id) : false
    await countView(piece.id, visitorKey({ userId: viewer?.id ?? null, established, clientIp }))
  }
  const remixes = await remixesPanel(piece, isOwner)
  const showBadge = !viewer && !isSubscribedStatus((await getSubscriptionStatusByUid(piece.userId)).status)
  const origins = previewOriginsOf(request)
  return {
    piece: { id: piece.id, name: piece.name, description: piece.description },
    previewSrc: previewUrl(piece, 'saved', { origins }),
    previewElsewhere: origins.elsewhere,
    // Link previews name the canonical address (APP_ORIGIN), whatever address this page was opened at.
    share: { url: `${configuredOrigins().app}/${piece.name}`, image: piece.screenshot ? new URL(piece.screenshot, configuredOrigins().app).href : null },
    showBadge,
    previewOrigin: pieceOriginIn(origins, piece.id),
    topBarPiece: topBarPiece(piece, isOwner, 'page', origins),
    remixes,
  }
}

/**
 * Issue 32: what a Piece's page says of remixes — who made it (issue 37.12), where it came from, how many people
 * remixed it and which public remixes there are, and whether it can be remixed and
 * downloaded (its owner can always download it).
 */
async function remixesPanel(piece: ViewedPiece, isOwner: boolean) {
  const open = piece.visibility === 'public' && piece.allowRemixes
  const [lineage, counts, list, owner] = await Promise.all([lineageOf(piece.id), remixCounts([piece.id]), publicRemixesOf(piece.id), ownerOf(piece.id)])
  return {
    owner,
    credit: lineage && { owner: lineage.owner, name: lineage.name, href: lineage.href },
    count: counts.get(piece.id) ?? 0,
    list,
    canRemix: open && piece.code.trim().length > 0,
    canDownload: isOwner || open,
  }
}
