import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, replace, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { PAYMENT_DIALOG_MODES, type PaymentDialogMode } from '~/billing/payment-dialog-event'
import { UPGRADE_FAILURES, UpgradeFormSchema, type UpgradeFormReply, type UsageReply } from '~/billing/schema'
import { upgradeHref } from '~/billing/upgrade'
import { applyUpgradeForm } from '~/billing/upgrade-form.server'
import { STATUS_OF } from '~/lib/api.server'
import { firstError } from '~/lib/fetcher'
import { isDocumentSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'
import { answerWhenUnreachable, refusedSubmission, replyWhenUnreachable } from '~/lib/unreachable'
import { getUsage } from '~/usage/usage.server'
import { unexpectedFailure } from '~/lib/failure.server'

/** The payment dialog's usage modes load the usage first (spec 1 §4); a page load goes to settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (isDocumentSubmission(request)) throw redirect('/settings')
  const user = await requireUser(request)
  return data<UsageReply>({ usage: await getUsage(user.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** With JavaScript, a usage load that gets no answer is the dialog's failure toast, not an error page. */
export const clientLoader = answerWhenUnreachable<UsageReply>((message) => ({ failed: message }))

type Refusal = { title: string; description?: string; status: number; requiresSubscription?: boolean; closes?: boolean }

/**
 * The payment dialog's forms (intent = its mode; a form without one is the upgrade):
 * upgrade goes to the checkout, the usage modes come back to the page, whose data then
 * shows the new usage. A refusal answers a fetcher with the toast to show, and a page
 * load (no JavaScript) with a redirect to the dialog again, carrying the toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  const formData = await request.formData()
  if (!formData.get('intent')) formData.set('intent', 'upgrade-to-plus')
  const submission = parseWithZod(formData, { schema: UpgradeFormSchema })
  const mode = PAYMENT_DIALOG_MODES.find((value) => value === formData.get('intent')) ?? 'upgrade-to-plus'
  const returnTo = safeRedirect(formData.get('returnTo'), '/settings')
  const refuse = (refusal: Refusal) => answerRefusal(request, mode, returnTo, refusal, submission.reply({ formErrors: [refusal.description ?? refusal.title] }))

  if (!user) return refuse({ title: UPGRADE_FAILURES[mode], description: AUTH_REQUIRED_MESSAGE, status: 401 })
  if (submission.status !== 'success') {
    return refuse({ title: UPGRADE_FAILURES[mode], description: firstError(submission.reply()) ?? undefined, status: 400 })
  }
  let outcome: Awaited<ReturnType<typeof applyUpgradeForm>>
  try {
    outcome = await applyUpgradeForm(user, submission.value, returnTo)
  } catch (error) {
    // As the JSON API does: the failure is logged, and the dialog shows the spec's failure toast.
    return refuse({ title: UPGRADE_FAILURES[mode], status: unexpectedFailure('billing', 'payment dialog form failed', error).status })
  }
  if (outcome.kind === 'checkout') return redirect(outcome.url)
  if (outcome.kind === 'done') return isDocumentSubmission(request) ? redirect(returnTo) : replace(returnTo)
  return refuse({ ...outcome, status: STATUS_OF[outcome.reason], closes: outcome.alreadyPlus })
}

function answerRefusal(request: Request, mode: PaymentDialogMode, returnTo: string, refusal: Refusal, result: UpgradeFormReply['result']) {
  const toast = { title: refusal.title, ...(refusal.description && { description: refusal.description }) }
  if (isDocumentSubmission(request)) {
    const target = refusal.closes ? returnTo : upgradeHref(returnTo, refusal.requiresSubscription ? 'upgrade-to-plus' : mode)
    return redirectWithToast(target, { ...toast, variant: 'destructive' })
  }
  const reply: UpgradeFormReply = { result, toast, ...(refusal.requiresSubscription && { requiresSubscription: true }) }
  return data(reply, { status: refusal.status })
}

/** With JavaScript, a post that never reaches the server is the mode's failure toast, and the dialog stays as it was. */
export const clientAction = replyWhenUnreachable<UpgradeFormReply>((message, form) => {
  const mode = PAYMENT_DIALOG_MODES.find((value) => value === form.intent) ?? 'upgrade-to-plus'
  return { result: refusedSubmission(message, form), toast: { title: UPGRADE_FAILURES[mode], description: message } }
})
