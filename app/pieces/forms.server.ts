import { redirect } from '@remix-run/node'
import { safeRedirect } from '~/accounts/redirects.server'
import { upgradeHref } from '~/billing/upgrade'
import { DomainError } from '~/lib/errors'
import { redirectWithToast } from '~/lib/toast.server'
import { MAX_IMAGE_UPLOAD_BYTES, PIECE_VISIBILITIES, PieceMessages, type PieceChanges, type PieceVisibility } from './schema'
import { createPiece, deletePiece, updatePiece, type IconUpload } from './pieces.server'

const text = (form: FormData, key: string) => {
  const value = form.get(key)
  return typeof value === 'string' ? value : ''
}

/** Where a Piece lives after a rename: the same kind of page under the new name. */
function pieceHref(returnTo: string, name: string) {
  return returnTo.startsWith('/pieces/') ? `/pieces/${name}` : `/${name}`
}

async function iconFromUpload(form: FormData): Promise<IconUpload> {
  const file = form.get('icon')
  if (!(file instanceof File) || file.size === 0) throw new DomainError('invalid', PieceMessages.notAnImage)
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) throw new DomainError('invalid', PieceMessages.imageTooLarge)
  // Without JavaScript there is no crop dialog: the centred square is used.
  return { bytes: Buffer.from(await file.arrayBuffer()), crop: 'centred-square' }
}

/**
 * The Piece forms of the sidebar and the Piece menu without JavaScript: each intent does
 * what its API call does, then redirects (post/redirect/get). A refusal comes back as a
 * toast on the page the form was on, and a plan limit opens the upgrade dialog there.
 */
export async function handlePieceForm(userId: number, form: FormData): Promise<Response> {
  const intent = text(form, 'intent')
  const returnTo = safeRedirect(text(form, 'returnTo'), '/explore')
  const pieceId = Number(text(form, 'id'))
  try {
    if (intent === 'create') {
      const piece = await createPiece(userId, { name: text(form, 'name') })
      return redirect(`/pieces/${piece.name}`)
    }
    if (!Number.isInteger(pieceId) || pieceId <= 0) throw new DomainError('not-found', PieceMessages.notFound)
    if (intent === 'delete') {
      await deletePiece(userId, pieceId)
      return redirectWithToast('/explore', { title: 'Piece deleted', variant: 'success' })
    }
    const changes = await changesFor(intent, form)
    const piece = await updatePiece(userId, pieceId, changes)
    return redirect(changes.name !== undefined ? pieceHref(returnTo, piece.name) : returnTo)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const title = error.kind === 'unavailable' ? failureTitle(intent) : error.message
    const target = error.details.requiresSubscription ? upgradeHref(returnTo) : returnTo
    return redirectWithToast(target, { title, variant: 'destructive' })
  }
}

async function changesFor(intent: string, form: FormData): Promise<PieceChanges & { iconUpload?: IconUpload }> {
  switch (intent) {
    case 'rename':
      return { name: text(form, 'name') }
    case 'describe':
      return { description: text(form, 'description') }
    case 'icon':
      return { iconUpload: await iconFromUpload(form) }
    case 'remove-icon':
      return { icon: '' }
    case 'visibility': {
      const visibility = text(form, 'visibility')
      if (!PIECE_VISIBILITIES.includes(visibility as PieceVisibility)) throw new DomainError('invalid', PieceMessages.visibilityInvalid)
      return { visibility: visibility as PieceVisibility }
    }
    default:
      throw new DomainError('invalid', PieceMessages.updateFailed)
  }
}

function failureTitle(intent: string) {
  const titles: Record<string, string> = {
    create: PieceMessages.createFailed,
    delete: PieceMessages.deleteFailed,
    describe: PieceMessages.descriptionFailed,
    icon: PieceMessages.iconFailed,
    'remove-icon': PieceMessages.iconRemoveFailed,
    visibility: PieceMessages.visibilityFailed,
  }
  return titles[intent] ?? PieceMessages.updateFailed
}
