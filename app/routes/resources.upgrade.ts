import { data, redirect, replace, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { BILLING_MESSAGES, modeOfForm, UPGRADE_FORM_WORDS, UpgradeFormSchema, type UsageReply } from '~/billing/schema'
import { applyUpgradeForm } from '~/billing/upgrade-form.server'
import { answerForm, refuseForm } from '~/lib/form-kit.server'
import { upgradeHref } from '~/lib/payment-dialog'
import { appOriginOf } from '~/lib/origins.server'
import { isDocumentSubmission } from '~/lib/submission.server'
import { answerWhenUnreachable, replyWhenUnreachable } from '~/lib/unreachable'
import { getUsage } from '~/usage/usage.server'

/** The payment dialog's usage modes load the usage first (spec 1 §4); a page load goes to settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (isDocumentSubmission(request)) throw redirect('/settings')
  const user = await requireUser(request)
  return data<UsageReply>({ usage: await getUsage(user.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** With JavaScript, a usage load that gets no answer is the dialog's failure toast, not an error page. */
export const clientLoader = answerWhenUnreachable<UsageReply>((message) => ({ failed: message }))

/** The page the dialog was opened over. */
const returnTo = (sent: { returnTo?: string }) => safeRedirect(sent.returnTo, '/settings')

/** Without JavaScript a refusal opens the dialog again, in its mode, over the page it was opened on. */
const UPGRADE_FORM = {
  ...UPGRADE_FORM_WORDS,
  schema: UpgradeFormSchema,
  back: (sent: { intent?: string; returnTo?: string }) => upgradeHref(returnTo(sent), modeOfForm(sent)),
}

/**
 * The payment dialog's forms (intent = its mode; a form without one is the upgrade),
 * answered by the form kit: upgrade goes to the checkout, the usage modes come back to the
 * page, whose data then shows the new usage.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  const formData = await request.formData()
  if (!formData.get('intent')) formData.set('intent', 'upgrade-to-plus')
  if (!user) return refuseForm(request, UPGRADE_FORM, { message: AUTH_REQUIRED_MESSAGE, status: 401 }, formData)
  return answerForm(request, UPGRADE_FORM, {
    component: 'billing',
    formData,
    run: async (form, { sent, fromPage, refuse }) => {
      const back = returnTo(sent)
      const outcome = await applyUpgradeForm(user, form, { returnTo: back, appOrigin: appOriginOf(request) })
      if (outcome.kind === 'checkout') return redirect(outcome.url)
      // PLUS already: nothing to pay for; without JavaScript the dialog closes.
      if (outcome.kind === 'already-plus') return refuse({ message: BILLING_MESSAGES.alreadyPlus, status: 409, ofSent: true, back })
      return fromPage ? redirect(back) : replace(back)
    },
  })
}

/** With JavaScript, a post that never reaches the server is the mode's failure toast, and the dialog stays as it was. */
export const clientAction = replyWhenUnreachable(UPGRADE_FORM_WORDS)
