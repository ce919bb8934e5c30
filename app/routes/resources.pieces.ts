import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, replace, type ActionFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { upgradeHref } from '~/billing/upgrade'
import { STATUS_OF } from '~/lib/api.server'
import { DomainError } from '~/lib/errors'
import { firstError } from '~/lib/fetcher'
import { isDocumentSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'
import { refusedSubmission, replyWhenUnreachable } from '~/lib/unreachable'
import { applyPieceForm, type PieceFormOutcome } from '~/pieces/forms.server'
import { editorUrlSendingPrompt } from '~/pieces/prompt.server'
import { PIECE_FORM_FAILURES, PieceFormSchema, PieceMessages, type PieceFormReply, type PieceIntent } from '~/pieces/schema'
import { unexpectedFailure } from '~/lib/failure.server'

/** The forms whose refusals belong under their name field; the others' become form errors (a toast). */
const NAMED: ReadonlySet<string> = new Set<PieceIntent>(['create', 'rename'])

type Refusal = { message: string; status: number; invalid?: boolean; requiresSubscription?: boolean; unavailable?: boolean }

export const loader = () => redirect('/explore')

/**
 * The Piece forms (create, rename, describe, icon, visibility, delete): one submission each,
 * posted by a fetcher with JavaScript and by the page itself without. Success redirects
 * (post/redirect/get) for both; a refusal answers a fetcher with the errors to show in
 * place, and a page load with a redirect back carrying a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: PieceFormSchema })
  const intent = String(formData.get('intent') ?? '')
  const returnTo = safeRedirect(formData.get('returnTo'), '/explore')
  const refuse = (refusal: Refusal) => answerRefusal(request, submission, intent, returnTo, refusal)

  if (!user) return refuse({ message: AUTH_REQUIRED_MESSAGE, status: 401 })
  if (submission.status !== 'success') {
    return refuse({ message: firstError(submission.reply()) ?? PieceMessages.updateFailed, status: 400, invalid: true })
  }
  try {
    return await answerSuccess(user.id, await applyPieceForm(user.id, submission.value), returnTo)
  } catch (error) {
    if (!(error instanceof DomainError)) {
      // As the JSON API does: the failure is logged, and the page shows the spec's failure toast.
      return refuse({ ...unexpectedFailure('pieces', 'form failed', error), unavailable: true })
    }
    return refuse({
      message: error.message,
      status: STATUS_OF[error.kind],
      requiresSubscription: error.details.requiresSubscription,
      unavailable: error.kind === 'unavailable',
    })
  }
}

/** A change made in place replaces the page's history entry rather than adding one. */
function answerSuccess(userId: number, outcome: PieceFormOutcome, returnTo: string) {
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
      return replace(returnTo)
  }
}

function answerRefusal(request: Request, submission: Submission<unknown>, intent: string, returnTo: string, refusal: Refusal) {
  const failure = PIECE_FORM_FAILURES[intent as PieceIntent] ?? PieceMessages.updateFailed
  if (isDocumentSubmission(request)) {
    const target = refusal.requiresSubscription ? upgradeHref(returnTo) : returnTo
    return redirectWithToast(target, { title: refusal.unavailable ? failure : refusal.message, variant: 'destructive' })
  }
  // The field rules' own errors stay on their fields; a refusal of the feature joins them.
  const result = refusal.invalid
    ? submission.reply()
    : NAMED.has(intent)
      ? submission.reply({ fieldErrors: { name: [refusal.message] } })
      : submission.reply({ formErrors: [refusal.message] })
  const reply: PieceFormReply = { result, ...(refusal.requiresSubscription && { requiresSubscription: true }) }
  return data(reply, { status: refusal.status })
}

/** With JavaScript, a post that never reaches the server fails like a refusal (a toast in place), not as an error page. */
export const clientAction = replyWhenUnreachable<PieceFormReply>((message, form) => ({ result: refusedSubmission(message, form) }))
