import { getSubscriptionStatusByUid, isSubscribedStatus } from '~/accounts/plan.server'
import { PRODUCT_NAME } from '~/lib/constants'
import { DomainError } from '~/lib/errors'
import { configuredOrigins } from '~/lib/origins.server'
import { getViewablePieceByName } from './pieces.server'
import { asDownload } from './preview.server'
import { RemixMessages } from './remixes'
import { PieceMessages } from './schema'
import { escapeHtml, starterDocument } from './starter-document'

/** The public page's badge, as a fixed link the Piece's own styles cannot easily hide or move. */
function badge(name: string) {
  const style =
    'position:fixed;left:50%;bottom:12px;transform:translateX(-50%);z-index:2147483647;padding:6px 12px;border-radius:9999px;' +
    'border:1px solid #e4e4e7;background:rgba(255,255,255,.95);color:#3f3f46;font:500 12px/1.4 system-ui,sans-serif;text-decoration:none;box-shadow:0 4px 12px rgba(0,0,0,.12)'
  return `<a href="${escapeHtml(configuredOrigins().app)}/" style="${style}" data-pieces-badge="">${escapeHtml(name)} is powered by ${PRODUCT_NAME}</a>`
}

/** Puts the badge at the end of the body (or of the document, when it has no closing body tag). */
function withBadge(html: string, name: string) {
  const end = html.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i)
  return end < 0 ? `${html}\n${badge(name)}` : `${html.slice(0, end)}${badge(name)}\n${html.slice(end)}`
}

/**
 * Issue 32.6: a Piece as one HTML file that runs opened from disk — its saved code (what its
 * public page shows), with the storage fallback its page has, `pieces.data` kept in that
 * browser only (issue 39.4, said in a comment), and the badge when its owner
 * is on the free plan. Its owner may always take it; anyone else who can see it only while
 * it is public and its owner allows remixes.
 */
export async function downloadOf(viewerId: number | null, viewerUid: string | null, name: string) {
  const piece = await getViewablePieceByName(viewerId, name)
  if (!piece) throw new DomainError('not-found', PieceMessages.notFound)
  const isOwner = viewerUid === piece.userId
  if (!isOwner && !(piece.visibility === 'public' && piece.allowRemixes)) throw new DomainError('forbidden', RemixMessages.downloadNotAllowed)
  const code = piece.code.trim() ? piece.code : starterDocument(piece, 'visitor')
  const free = !isSubscribedStatus((await getSubscriptionStatusByUid(piece.userId)).status)
  return { filename: `${piece.name}.html`, html: asDownload(free ? withBadge(code, piece.name) : code) }
}
