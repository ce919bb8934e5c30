import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { confirmLocalCheckout, getLocalCheckout } from '~/billing/local-checkout.server'
import { notFound } from '~/lib/http'
import { pageTitle } from '~/site/pages'
import { Logo } from '~/shell/logo'
import { Button, buttonClasses } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { StaticFormToast } from '~/ui/form-toast'
import { useFormReply } from '~/ui/use-form-reply'
import { UPGRADE_FORM_WORDS } from '~/billing/schema'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

/** The local billing provider's checkout (no Stripe key set): a test page that takes no payment. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const checkout = await getLocalCheckout(params.id ?? '', user.id)
  if (!checkout) throw notFound()
  return data({ checkout }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** Confirm: completes the subscription through the same event handling as Stripe's webhooks. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const url = await confirmLocalCheckout(params.id ?? '', user.id)
  if (!url) throw notFound()
  return redirect(url)
}

/** With JavaScript, a confirmation that never reaches the server is the upgrade's failure toast; the page stays. */
export const clientAction = replyWhenUnreachable(UPGRADE_FORM_WORDS)

export default function LocalCheckoutRoute() {
  const { checkout } = useLoaderData<typeof loader>()
  const busy = useNavigation().state === 'submitting'
  const refused = useActionData<typeof clientAction>()
  useFormReply(refused, { dialog: false })
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Logo to="/explore" />
        </div>
        <div className="rounded-2xl border border-amber-300 p-6 shadow-xl dark:border-amber-700 dark:bg-zinc-900/60">
          <p className="text-xs font-semibold tracking-widest text-amber-600 uppercase dark:text-amber-400">Local test checkout</p>
          <h1 className="mt-2 text-xl font-semibold">Subscribe to {checkout.planName}</h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            This server uses the local billing provider: no Stripe key is set, and no payment is taken. Confirming starts the subscription as a paid checkout
            would, and records a paid invoice.
          </p>
          <p className="mt-4 text-sm">
            <span className="font-medium">{checkout.planName}</span>: {checkout.priceLabel}
          </p>
          {checkout.status === 'open' ? (
            <Form method="post" className="mt-6 flex items-center gap-3">
              <Button type="submit" pending={busy}>
                Confirm
              </Button>
              <a href={checkout.cancelUrl} className={buttonClasses('ghost')}>
                Cancel
              </a>
            </Form>
          ) : (
            <p className="mt-6 text-sm">
              This checkout is complete.{' '}
              <a href={checkout.cancelUrl} className="underline underline-offset-2">
                Go back
              </a>
            </p>
          )}
        </div>
      </div>
      <StaticFormToast reply={refused} />
    </main>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Local test checkout') }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
