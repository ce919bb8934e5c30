import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { redirectSignedIn } from '~/accounts/redirects.server'
import { getOptionalUser } from '~/accounts/session.server'
import { loaderHeaders, publicPageHeaders } from '~/lib/cache'
import { isBot, rateLimitedReply } from '~/lib/forms.server'
import { ContactPage } from '~/site/contact-page'
import { saveContactMessage } from '~/site/contact.server'
import { describedPage, PAGE_DESCRIPTIONS } from '~/site/pages'
import { ContactMessages, ContactSchema, SignedInContactSchema } from '~/site/schema'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { logger } from '~/lib/log.server'
import { refusedSubmission, replyWhenUnreachable } from '~/lib/unreachable'
import type { Toast } from '~/lib/toast'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

/** /contact for visitors and /settings/contact for users (who are not asked for an email). */
export async function loader({ request }: LoaderFunctionArgs) {
  const inSettings = new URL(request.url).pathname.startsWith('/settings')
  const user = inSettings ? await getOptionalUser(request) : await redirectSignedIn(request)
  return data({ askEmail: !user }, { headers: publicPageHeaders(Boolean(user)) })
}

export const headers = loaderHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const user = await getOptionalUser(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: user ? SignedInContactSchema : ContactSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), toast: null }, { status: 400 })
  if (context.rateLimited) return data({ result: rateLimitedReply(submission), toast: null }, { status: 429 })
  const sent = `${url.pathname}?sent=1`
  if (isBot(formData)) return redirect(sent)
  const value: { name?: string; message: string; email?: string } = submission.value
  try {
    await saveContactMessage({ name: value.name, message: value.message, email: value.email ?? user!.email, userId: user?.id })
  } catch (error) {
    logger('contact').error({ err: error }, 'could not save a message')
    return data({ result: submission.reply(), toast: { title: ContactMessages.sendFailed, variant: 'destructive' as const } }, { status: 503 })
  }
  return redirect(sent)
}

/** With JavaScript, a message that never reaches the server is the failure toast, and the form keeps what was typed. */
export const clientAction = replyWhenUnreachable((message, form) => ({
  result: refusedSubmission(message, form),
  toast: { title: ContactMessages.sendFailed, description: message, variant: 'destructive' } as Omit<Toast, 'id'> | null,
}))

export default function ContactRoute() {
  const { askEmail } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action | typeof clientAction>()
  const location = useLocation()
  const sent = new URLSearchParams(location.search).get('sent') === '1'
  return (
    <ContactPage
      key={location.key}
      action={location.pathname}
      askEmail={askEmail}
      inSettings={location.pathname.startsWith('/settings')}
      lastResult={actionData?.result}
      toast={actionData?.toast}
      sent={sent}
    />
  )
}

export const meta: MetaFunction = () => describedPage('Contact Us', PAGE_DESCRIPTIONS.contact)

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
