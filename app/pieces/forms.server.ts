import type { PieceForm } from './schema'
import { createPiece, deletePiece, updatePiece } from './pieces.server'

/** What a Piece form did, for the route to answer with the page that comes next. */
export type PieceFormOutcome =
  { done: 'created'; id: number; name: string; prompt?: string } | { done: 'renamed'; name: string } | { done: 'updated' | 'deleted' }

/**
 * The Piece forms of the sidebar and the Piece menu: each intent does what its API call
 * does, through the same feature functions, so a refusal is the same DomainError.
 */
export async function applyPieceForm(userId: number, form: PieceForm): Promise<PieceFormOutcome> {
  switch (form.intent) {
    case 'create': {
      const { id, name } = await createPiece(userId, { name: form.name })
      return { done: 'created', id, name, prompt: form.prompt?.trim() || undefined }
    }
    case 'rename':
      return { done: 'renamed', name: (await updatePiece(userId, form.id, { name: form.name })).name }
    case 'delete':
      await deletePiece(userId, form.id)
      return { done: 'deleted' }
    case 'describe':
      await updatePiece(userId, form.id, { description: form.description })
      return { done: 'updated' }
    case 'icon': {
      // Without JavaScript there is no crop dialog: the centred square is used.
      const bytes = Buffer.from(await form.icon.arrayBuffer())
      await updatePiece(userId, form.id, { iconUpload: { bytes, crop: form.cropped ? undefined : 'centred-square' } })
      return { done: 'updated' }
    }
    case 'remove-icon':
      await updatePiece(userId, form.id, { icon: '' })
      return { done: 'updated' }
    case 'remixes':
      await updatePiece(userId, form.id, { allowRemixes: form.allowRemixes })
      return { done: 'updated' }
    case 'visibility':
      await updatePiece(userId, form.id, { visibility: form.visibility })
      return { done: 'updated' }
  }
}
