import { parseWithZod } from '@conform-to/zod/v4'
import { data, replace, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GoogleLinkCard } from '~/accounts/google-card'
import { googleLinkState } from '~/accounts/google.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { isDocumentSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'
import { BillingHistorySection, SubscriptionSection, TokenUsageSection, UsagePricingSection } from '~/settings/account-sections'
import { PreferenceToggle } from '~/settings/preference-toggle'
import { PreferenceFormSchema, PREFERENCES, preferenceByIntent, SETTINGS_FAILED, type PreferenceReply } from '~/settings/preferences'
import { settingsData, updatePreference } from '~/settings/settings.server'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const [settings, google] = await Promise.all([settingsData(user), googleLinkState(user.id)])
  return data({ ...settings, google }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/**
 * The Preferences toggles: a fetcher with JavaScript, a page post without. A refusal
 * answers a fetcher in place (the toggle rolls back with its toast) and a page post with
 * a redirect carrying the toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  const submission = parseWithZod(await request.formData(), { schema: PreferenceFormSchema })
  if (user && submission.status === 'success') {
    await updatePreference(user.id, submission.value)
    return replace('/settings')
  }
  const failure = preferenceByIntent(submission.payload.intent)?.failure ?? SETTINGS_FAILED
  if (isDocumentSubmission(request)) return redirectWithToast('/settings', { title: failure, variant: 'destructive' })
  const reply: PreferenceReply = { result: submission.reply({ formErrors: [failure] }) }
  return data(reply, { status: user ? 400 : 401 })
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-sm">{children}</div>
    </section>
  )
}

const linkClass = 'block rounded-md px-2 py-2 hover:bg-zinc-100 dark:hover:bg-zinc-800'

export default function SettingsRoute() {
  const { usage, subscription, preferences, google } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-5 py-10">
      <h1 className="sr-only">Settings</h1>
      <Card title="Account">
        <TokenUsageSection usage={usage} />
        <SubscriptionSection subscription={subscription} />
        {subscription.subscribed ? <UsagePricingSection usage={usage} /> : null}
        <BillingHistorySection />
        <GoogleLinkCard state={google} />
      </Card>
      <Card title="Preferences">
        <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {PREFERENCES.map((preference) => (
            <PreferenceToggle key={preference.intent} preference={preference} value={preferences[preference.field]} />
          ))}
        </div>
      </Card>
      <Card title="Resources">
        <Link to="/settings/faq" className={linkClass}>
          FAQ
        </Link>
        <Link to="/settings/blog" className={linkClass}>
          Blog
        </Link>
      </Card>
      <Card title="Legal & Support">
        <Link to="/settings/terms" className={linkClass}>
          Terms of Service
        </Link>
        <Link to="/settings/privacy" className={linkClass}>
          Privacy Policy
        </Link>
        <Link to="/settings/contact" className={linkClass}>
          Contact Us
        </Link>
        <Link to="/settings/about" className={linkClass}>
          About Us
        </Link>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Settings') }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
