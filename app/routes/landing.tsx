import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { redirectSignedIn } from '~/accounts/redirects.server'
import { loaderHeaders, publicPageHeaders } from '~/lib/cache'
import { linkPreview } from '~/lib/link-preview'
import { configuredOrigins } from '~/lib/origins.server'
import { isBot, rateLimitedReply } from '~/lib/forms.server'
import { Gallery } from '~/pieces/gallery'
import { galleryPage } from '~/pieces/gallery.server'
import { redirectWithToast } from '~/lib/toast.server'
import { LandingPage } from '~/site/landing-page'
import { describedPage, PAGE_DESCRIPTIONS, pageTitle } from '~/site/pages'
import { WaitlistMessages, WaitlistSchema } from '~/site/schema'
import { joinWaitlist } from '~/site/waitlist.server'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { logger } from '~/lib/log.server'
import { refusedSubmission, replyWhenUnreachable } from '~/lib/unreachable'
import type { Toast } from '~/lib/toast'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

const JOINED = '/landing?waitlist=joined'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await redirectSignedIn(request)
  return data({ ...(await galleryPage(request)), shareUrl: `${configuredOrigins().app}/landing` }, { headers: publicPageHeaders(Boolean(user)) })
}

export const headers = loaderHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: WaitlistSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply(), toast: { title: WaitlistMessages.checkEmail, variant: 'destructive' as const } }, { status: 400 })
  }
  if (context.rateLimited) return data({ result: rateLimitedReply(submission), toast: null }, { status: 429 })
  if (isBot(formData)) return redirect(JOINED)
  try {
    if ((await joinWaitlist(submission.value.email)) === 'already') {
      return redirectWithToast('/landing#waitlist', { title: WaitlistMessages.alreadySignedUp, variant: 'warning' })
    }
  } catch (error) {
    logger('waitlist').error({ err: error }, 'could not save a signup')
    return data({ result: submission.reply(), toast: { title: WaitlistMessages.failed, variant: 'destructive' as const } }, { status: 503 })
  }
  return redirect(JOINED)
}

/** With JavaScript, a signup that never reaches the server is the failure toast, and the email stays in the field. */
export const clientAction = replyWhenUnreachable((message, form) => ({
  result: refusedSubmission(message, form),
  toast: { title: WaitlistMessages.failed, description: message, variant: 'destructive' } as Omit<Toast, 'id'> | null,
}))

export default function LandingRoute() {
  const actionData = useActionData<typeof clientAction>()
  const { pieces, count } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  return (
    <LandingPage
      lastResult={actionData?.result}
      toast={actionData?.toast}
      joined={params.get('waitlist') === 'joined'}
      gallery={<Gallery initial={pieces} count={count} />}
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
