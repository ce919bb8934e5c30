import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { BILLING_MESSAGES } from '~/billing/schema'
import { hasPlusNow } from '~/billing/subscription.server'
import { PLUS_ACTIVATION_POLL_MS, PLUS_ACTIVATION_SLOW_MS } from '~/lib/constants'
import { redirectWithToast } from '~/lib/toast.server'
import { Logo } from '~/shell/logo'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { cn } from '~/ui/cn'
import { Spinner } from '~/ui/spinner'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

/**
 * Where a paid checkout (Stripe's or the local one) comes back to. Coming back proves
 * nothing, so the page waits until the subscription is active (the webhook, or the local
 * provider's events, have been handled), then goes on to the page the upgrade started on.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const to = safeRedirect(new URL(request.url).searchParams.get('to'), '/settings')
  if (await hasPlusNow(user.id)) throw await redirectWithToast(to, { title: BILLING_MESSAGES.activated, variant: 'success' })
  return data({ to }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** Asks again every second (the loader moves on once PLUS is active); without JavaScript the page refreshes itself. */
function useActivationPoll() {
  const { revalidate, state } = useRevalidator()
  const idle = state === 'idle'
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!idle) return
    const timer = setTimeout(revalidate, PLUS_ACTIVATION_POLL_MS)
    return () => clearTimeout(timer)
  }, [idle, revalidate])
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), PLUS_ACTIVATION_SLOW_MS)
    return () => clearTimeout(timer)
  }, [])
  return slow
}

export default function BillingReturnRoute() {
  const { to } = useLoaderData<typeof loader>()
  const slow = useActivationPoll()
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      {/* Without JavaScript the page asks again on its own (with it, the poll does). */}
      <noscript>
        <meta httpEquiv="refresh" content={String(Math.ceil((2 * PLUS_ACTIVATION_POLL_MS) / 1000))} />
      </noscript>
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Logo to="/explore" />
        </div>
        <div className="rounded-2xl border border-zinc-200 p-6 text-center shadow-xl dark:border-zinc-800 dark:bg-zinc-900/60" aria-live="polite">
          <Spinner className="size-6 text-brand-500" label="Waiting for the payment" />
          <h1 className="mt-4 text-xl font-semibold">Activating PLUS…</h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            We are confirming your payment. This usually takes a few seconds, and you will be taken back on your own.
          </p>
          {/* Always there without JavaScript; with it, once the wait is long. */}
          <p className={cn('mt-4 text-sm', !slow && 'js:hidden')}>
            {slow ? 'This is taking longer than usual. ' : null}
            <Link to={to} className="underline underline-offset-2">
              Continue without waiting
            </Link>
          </p>
        </div>
      </div>
    </main>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Activating PLUS') }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
