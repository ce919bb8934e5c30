import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { saveFeedback } from '~/feedback/feedback.server'
import { FEEDBACK_PARAM, FeedbackMessages, FeedbackSchema, type FeedbackReply } from '~/feedback/schema'
import { firstError } from '~/lib/fetcher'
import { RATE_LIMITED_MESSAGE } from '~/lib/messages'
import { isDocumentSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { unexpectedFailure } from '~/lib/failure.server'

export const loader = () => redirect('/explore')

/**
 * The feedback popover's form, posted by a fetcher with JavaScript and by the page without:
 * a fetcher gets `sent` or the error to show; a page load goes back where it came from,
 * with the thank-you open (`?feedback=sent`) or the failure toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  const formData = await request.formData()
  const returnTo = safeRedirect(formData.get('returnTo'), '/explore')
  const document = isDocumentSubmission(request)
  const refuse = (message: string, status: number) =>
    document
      ? redirectWithToast(returnTo, { title: FeedbackMessages.failed, description: message, variant: 'destructive' })
      : data<FeedbackReply>({ sent: false, error: message }, { status })

  if (!user) return refuse(AUTH_REQUIRED_MESSAGE, 401)
  // Feedback is a form of the 'forms' rate tier: a flood is told to wait, the text stays in the popover.
  if (context.rateLimited) return refuse(RATE_LIMITED_MESSAGE, 429)
  const submission = parseWithZod(formData, { schema: FeedbackSchema })
  if (submission.status !== 'success') return refuse(firstError(submission.reply()) ?? FeedbackMessages.blank, 400)
  try {
    await saveFeedback(user.id, submission.value.content)
  } catch (error) {
    const failure = unexpectedFailure('feedback', 'could not be saved', error)
    return refuse(failure.status === 503 ? failure.message : FeedbackMessages.failed, failure.status)
  }
  if (!document) return data<FeedbackReply>({ sent: true })
  const url = new URL(returnTo, 'http://here')
  url.searchParams.set(FEEDBACK_PARAM, 'sent')
  return redirect(`${url.pathname}${url.search}`)
}

/** With JavaScript, a post that never reaches the server fails like a refusal: the failure toast, the text kept. */
export const clientAction = replyWhenUnreachable<FeedbackReply>((message) => ({ sent: false, error: message }))
