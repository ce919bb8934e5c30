import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/accounts/guards.server'
import { handlePieceForm } from '~/pieces/forms.server'

/** The Piece forms (create, rename, describe, icon, visibility, delete) without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  return handlePieceForm(user.id, await request.formData())
}

export const loader = () => redirect('/explore')
