import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { redirectSignedIn } from '~/accounts/redirects.server'
import { getOptionalUser } from '~/accounts/session.server'
import { loaderHeaders, publicPageHeaders } from '~/lib/cache'
import { answerForm } from '~/lib/form-kit.server'
import { isBot } from '~/lib/forms.server'
import { RATE_LIMITED_MESSAGE } from '~/lib/messages'
import { ContactPage } from '~/site/contact-page'
import { saveContactMessage } from '~/site/contact.server'
import { describedPage, PAGE_DESCRIPTIONS } from '~/site/pages'
import { CONTACT_FORM_WORDS, ContactSchema, SignedInContactSchema } from '~/site/schema'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { useFormReply } from '~/ui/use-form-reply'
import { replyWhenUnreachable } from '~/lib/unreachable'
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
  // A user is not asked for an email: the message is answered at their account's.
  const answer = <Value,>(save: (value: Value) => Promise<unknown>) => ({
    component: 'contact',
    formData,
    refusal: context.rateLimited ? { message: RATE_LIMITED_MESSAGE, status: 429 } : null,
    run: async (value: Value) => {
      const sent = redirect(`${url.pathname}?sent=1`)
      if (isBot(formData)) return sent
      await save(value)
      return sent
    },
  })
  if (user) {
    const save = ({ name, message }: { name?: string; message: string }) => saveContactMessage({ name, message, email: user.email, userId: user.id })
    return answerForm(request, { ...CONTACT_FORM_WORDS, schema: SignedInContactSchema }, answer(save))
  }
  const save = ({ name, message, email }: { name?: string; message: string; email: string }) => saveContactMessage({ name, message, email, userId: undefined })
  return answerForm(request, { ...CONTACT_FORM_WORDS, schema: ContactSchema }, answer(save))
}

/** With JavaScript, a message that never reaches the server is the failure toast, and the form keeps what was typed. */
export const clientAction = replyWhenUnreachable(CONTACT_FORM_WORDS)

export default function ContactRoute() {
  const { askEmail } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof clientAction>()
  const { lastResult } = useFormReply(reply, { dialog: false })
  const location = useLocation()
  const sent = new URLSearchParams(location.search).get('sent') === '1'
  return (
    <ContactPage
      key={location.key}
      action={location.pathname}
      askEmail={askEmail}
      inSettings={location.pathname.startsWith('/settings')}
      lastResult={lastResult}
      reply={reply}
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
