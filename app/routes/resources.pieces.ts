import { redirect, replace, type ActionFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { answerForm, refuseForm } from '~/lib/form-kit.server'
import { redirectWithToast } from '~/lib/toast.server'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { applyPieceForm, type PieceFormOutcome } from '~/pieces/forms.server'
import { editorUrlSendingPrompt } from '~/pieces/prompt.server'
import { PIECE_FORM_WORDS, PieceFormSchema, PieceMessages } from '~/pieces/schema'

export const loader = () => redirect('/explore')

/** The page the form was on: where a page posted without JavaScript comes back to. */
const returnTo = (sent: { returnTo?: string }) => safeRedirect(sent.returnTo, '/explore')

const PIECE_FORM = { ...PIECE_FORM_WORDS, schema: PieceFormSchema, back: returnTo }

/**
 * The Piece forms (create, rename, describe, icon, visibility, delete): one submission each,
 * posted by a fetcher with JavaScript and by the page itself without, answered by the form
 * kit. Success redirects (post/redirect/get) for both.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  if (!user) return refuseForm(request, PIECE_FORM, { message: AUTH_REQUIRED_MESSAGE, status: 401 })
  return answerForm(request, PIECE_FORM, {
    component: 'pieces',
    run: async (form, { sent }) => answerSuccess(user.id, await applyPieceForm(user.id, form), returnTo(sent)),
  })
}

/** A change made in place replaces the page's history entry rather than adding one. */
function answerSuccess(userId: number, outcome: PieceFormOutcome, back: string) {
  switch (outcome.done) {
    case 'created':
      // A Piece made for a prompt (the empty /pieces?prompt=) opens sending it, as one made at onboarding does.
      return redirect(outcome.prompt ? editorUrlSendingPrompt(userId, outcome, outcome.prompt) : `/pieces/${outcome.name}`)
    case 'renamed':
      // Spec 1 §2.2: after a rename the user goes to /pieces/{new name}, from the editor and from the public view alike.
      return replace(`/pieces/${outcome.name}`)
    case 'deleted':
      return redirectWithToast('/explore', { title: PieceMessages.deleted, variant: 'success' }, { headers: { 'X-Remix-Replace': 'yes' } })
    case 'updated':
      return replace(back)
  }
}

/** With JavaScript, a post that never reaches the server fails like a refusal (a toast in place), not as an error page. */
export const clientAction = replyWhenUnreachable(PIECE_FORM_WORDS)
