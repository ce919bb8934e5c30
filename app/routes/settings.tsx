import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, replace, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GoogleLinkCard } from '~/accounts/google-card'
import { googleLinkState } from '~/accounts/google.server'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { upgradeHref } from '~/billing/upgrade'
import { STATUS_OF } from '~/lib/api.server'
import { isDomainError } from '~/lib/errors'
import { firstError } from '~/lib/fetcher'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { isDocumentSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'
import { refusedSubmission, replyWhenUnreachable } from '~/lib/unreachable'
import { invoicePagesOf, SettingsFormSchema, settingsFailure, type SettingsFormReply } from '~/settings/account-forms'
import { TokenUsageSection } from '~/settings/account-sections'
import { BillingHistorySection } from '~/settings/billing-history'
import { Card, LinkCards } from '~/settings/cards'
import { PreferenceToggle } from '~/settings/preference-toggle'
import { PREFERENCES } from '~/settings/preferences'
import { applySettingsForm, settingsData } from '~/settings/settings.server'
import { SubscriptionSection } from '~/settings/subscription-section'
import { UsagePricingSection } from '~/settings/usage-pricing-section'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { unexpectedFailure } from '~/lib/failure.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const invoicePages = invoicePagesOf(new URL(request.url).searchParams)
  const [settings, google] = await Promise.all([settingsData(user, invoicePages), googleLinkState(user.id)])
  return data({ ...settings, google }, { headers: { 'Cache-Control': 'private, no-store' } })
}

type Refusal = { message: string; status: number; requiresSubscription?: boolean }

/**
 * Every form of the page (the Preferences toggles; cancel, resubscribe, usage-based pricing
 * and the monthly limit): a fetcher with JavaScript, a page post without. Success redirects
 * back, which reloads the page's data. A refusal answers a fetcher in place (the form rolls
 * back with its toast) and a page post with a redirect carrying the toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  const submission = parseWithZod(await request.formData(), { schema: SettingsFormSchema })
  const refuse = (refusal: Refusal) => answerRefusal(request, submission, refusal)
  if (!user) return refuse({ message: AUTH_REQUIRED_MESSAGE, status: 401 })
  if (submission.status !== 'success') return refuse({ message: firstError(submission.reply()) ?? settingsFailure(submission.payload), status: 400 })
  try {
    await applySettingsForm(user.id, submission.value)
    return replace('/settings')
  } catch (error) {
    if (isDomainError(error)) {
      return refuse({ message: error.message, status: STATUS_OF[error.kind], requiresSubscription: error.details.requiresSubscription })
    }
    // As the JSON API does: the failure is logged, and the page shows the form's failure toast.
    return refuse(unexpectedFailure('settings', 'form failed', error))
  }
}

function answerRefusal(request: Request, submission: Submission<unknown>, refusal: Refusal) {
  const failure = settingsFailure(submission.payload)
  if (isDocumentSubmission(request)) {
    const target = refusal.requiresSubscription ? upgradeHref('/settings') : '/settings'
    return redirectWithToast(target, { title: failure, description: refusal.message, variant: 'destructive' })
  }
  const reply: SettingsFormReply = {
    result: submission.reply({ formErrors: [refusal.message] }),
    failure,
    ...(refusal.requiresSubscription && { requiresSubscription: true }),
  }
  return data(reply, { status: refusal.status })
}

/** With JavaScript, a post that never reaches the server fails like a refusal: the form's toast and rollback, not an error page. */
export const clientAction = replyWhenUnreachable<SettingsFormReply>((message, form) => ({
  result: refusedSubmission(message, form),
  failure: settingsFailure(form),
}))

export default function SettingsRoute() {
  const { usage, subscription, preferences, google, invoices } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-5 sm:py-10">
      <h1 className="sr-only">Settings</h1>
      <Card title="Account">
        <TokenUsageSection usage={usage} />
        <SubscriptionSection subscription={subscription} />
        <UsagePricingSection usage={usage} subscribed={subscription.subscribed} />
        <BillingHistorySection history={invoices} />
        <GoogleLinkCard state={google} />
      </Card>
      <Card title="Preferences">
        <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {PREFERENCES.map((preference) => (
            <PreferenceToggle key={preference.intent} preference={preference} value={preferences[preference.field]} />
          ))}
        </div>
      </Card>
      <LinkCards />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Settings') }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
