import { data, replace, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GoogleLinkCard } from '~/accounts/google-card'
import { googleLinkState } from '~/accounts/google.server'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { answerForm, refuseForm } from '~/lib/form-kit.server'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { invoicePagesOf, SETTINGS_FORM_WORDS, SettingsFormSchema } from '~/settings/account-forms'
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

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const invoicePages = invoicePagesOf(new URL(request.url).searchParams)
  const [settings, google] = await Promise.all([settingsData(user, invoicePages), googleLinkState(user.id)])
  return data({ ...settings, google }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const SETTINGS_FORM = { ...SETTINGS_FORM_WORDS, schema: SettingsFormSchema, back: () => '/settings' }

/**
 * Every form of the page (the Preferences toggles; cancel, resubscribe, usage-based pricing
 * and the monthly limit): a fetcher with JavaScript, a page post without, answered by the
 * form kit. Success redirects back, which reloads the page's data.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  if (!user) return refuseForm(request, SETTINGS_FORM, { message: AUTH_REQUIRED_MESSAGE, status: 401 })
  return answerForm(request, SETTINGS_FORM, {
    component: 'settings',
    run: async (form) => {
      await applySettingsForm(user.id, form)
      return replace('/settings')
    },
  })
}

/** With JavaScript, a post that never reaches the server fails like a refusal: the form's toast and rollback, not an error page. */
export const clientAction = replyWhenUnreachable(SETTINGS_FORM_WORDS)

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
