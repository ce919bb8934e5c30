import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { saveFeedback } from '~/feedback/feedback.server'
import { FEEDBACK_FORM_WORDS, FEEDBACK_PARAM, FeedbackSchema } from '~/feedback/schema'
import { answerForm, refuseForm } from '~/lib/form-kit.server'
import { RATE_LIMITED_MESSAGE } from '~/lib/messages'
import { replyWhenUnreachable } from '~/lib/unreachable'

export const loader = () => redirect('/explore')

/** The page the popover was on. */
const returnTo = (sent: { returnTo?: string }) => safeRedirect(sent.returnTo, '/explore')

const FEEDBACK_FORM = { ...FEEDBACK_FORM_WORDS, schema: FeedbackSchema, back: returnTo }

/**
 * The feedback popover's form, posted by a fetcher with JavaScript and by the page without,
 * answered by the form kit: a fetcher is told it was sent; a page load goes back where it
 * came from, with the thank-you open (`?feedback=sent`). A refusal is the failure toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  if (!user) return refuseForm(request, FEEDBACK_FORM, { message: AUTH_REQUIRED_MESSAGE, status: 401 })
  return answerForm(request, FEEDBACK_FORM, {
    component: 'feedback',
    // Feedback is a form of the 'forms' rate tier: a flood is told to wait, the text stays in the popover.
    refusal: context.rateLimited ? { message: RATE_LIMITED_MESSAGE, status: 429 } : null,
    run: async ({ content }, { sent, fromPage }) => {
      await saveFeedback(user.id, content)
      if (!fromPage) return 'sent' as const
      const url = new URL(returnTo(sent), 'http://here')
      url.searchParams.set(FEEDBACK_PARAM, 'sent')
      return redirect(`${url.pathname}${url.search}`)
    },
  })
}

/** With JavaScript, a post that never reaches the server fails like a refusal: the failure toast, the text kept. */
export const clientAction = replyWhenUnreachable(FEEDBACK_FORM_WORDS)
