import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { redirectSignedIn } from '~/accounts/redirects.server'
import { loaderHeaders, publicPageHeaders } from '~/lib/cache'
import { linkPreview } from '~/lib/link-preview'
import { configuredOrigins } from '~/lib/origins.server'
import { answerForm } from '~/lib/form-kit.server'
import { isBot } from '~/lib/forms.server'
import { RATE_LIMITED_MESSAGE } from '~/lib/messages'
import { Gallery } from '~/pieces/gallery'
import { galleryPage } from '~/pieces/gallery.server'
import { redirectWithToast } from '~/lib/toast.server'
import { LandingPage } from '~/site/landing-page'
import { describedPage, PAGE_DESCRIPTIONS, pageTitle } from '~/site/pages'
import { WAITLIST_FORM_WORDS, WaitlistMessages, WaitlistSchema } from '~/site/schema'
import { joinWaitlist } from '~/site/waitlist.server'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { useFormReply } from '~/ui/use-form-reply'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

const JOINED = '/landing?waitlist=joined'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await redirectSignedIn(request)
  return data({ ...(await galleryPage(request)), shareUrl: `${configuredOrigins().app}/landing` }, { headers: publicPageHeaders(Boolean(user)) })
}

export const headers = loaderHeaders

const WAITLIST_FORM = { ...WAITLIST_FORM_WORDS, schema: WaitlistSchema }

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  return answerForm(request, WAITLIST_FORM, {
    component: 'waitlist',
    formData,
    refusal: context.rateLimited ? { message: RATE_LIMITED_MESSAGE, status: 429 } : null,
    run: async ({ email }) => {
      if (isBot(formData)) return redirect(JOINED)
      if ((await joinWaitlist(email)) === 'already') {
        return redirectWithToast('/landing#waitlist', { title: WaitlistMessages.alreadySignedUp, variant: 'warning' })
      }
      return redirect(JOINED)
    },
  })
}

/** With JavaScript, a signup that never reaches the server is the failure toast, and the email stays in the field. */
export const clientAction = replyWhenUnreachable(WAITLIST_FORM_WORDS)

export default function LandingRoute() {
  const reply = useActionData<typeof clientAction>()
  const { lastResult } = useFormReply(reply, { dialog: false })
  const { pieces, count, order } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  return (
    <LandingPage
      lastResult={lastResult}
      reply={reply}
      joined={params.get('waitlist') === 'joined'}
      gallery={<Gallery initial={pieces} count={count} order={order} />}
    />
  )
}

const LANDING_TITLE = 'Fund what you create'

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  ...describedPage(LANDING_TITLE, PAGE_DESCRIPTIONS.landing),
  ...(loaded ? linkPreview({ title: pageTitle(LANDING_TITLE), description: PAGE_DESCRIPTIONS.landing, url: loaded.shareUrl }) : []),
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
