import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { registerWithPassword } from '~/accounts/accounts.server'
import { signInWithPassword } from '~/accounts/throttle.server'
import { RATE_LIMITED_MESSAGE, TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE } from '~/lib/messages'
import { googleEnabled } from '~/accounts/google.server'
import { redirectSignedIn, safeRedirect } from '~/accounts/redirects.server'
import { AuthMessages, CredentialsSchema, isWeakPassword, SIGN_IN_FORM_WORDS } from '~/accounts/schema'
import { createSession } from '~/accounts/session.server'
import { SignInCard } from '~/accounts/sign-in-card'
import { loaderHeaders, publicPageHeaders } from '~/lib/cache'
import { answerForm } from '~/lib/form-kit.server'
import { describedPage, PAGE_DESCRIPTIONS } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { StaticFormToast } from '~/ui/form-toast'
import { useFormReply } from '~/ui/use-form-reply'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

const modeOf = (request: Request) => (new URL(request.url).pathname === '/signup' ? 'signup' : 'signin')

/** One screen for /signin and /signup (spec 1 §2.1). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await redirectSignedIn(request)
  return data({ google: googleEnabled() }, { headers: publicPageHeaders(Boolean(user)) })
}

export const headers = loaderHeaders

const SIGN_IN_FORM = { ...SIGN_IN_FORM_WORDS, schema: CredentialsSchema, hideFields: ['password'] }

export async function action({ request, context }: ActionFunctionArgs) {
  const mode = modeOf(request)
  return answerForm(request, SIGN_IN_FORM, {
    component: 'accounts',
    refusal: context.rateLimited ? { message: RATE_LIMITED_MESSAGE, status: 429 } : null,
    run: async ({ email, password, redirect: redirectTo }, { refuse }) => {
      const fail = (message: string, status = 400) => refuse({ message, status, ofSent: true })
      let userId: number
      if (mode === 'signup') {
        if (isWeakPassword(password, email)) return fail(AuthMessages.weakPassword)
        const created = await registerWithPassword(email, password)
        if (!created.ok) return fail(AuthMessages.alreadyRegistered, 409)
        userId = created.userId
      } else {
        const checked = await signInWithPassword(email, password, context.clientIp)
        if (!checked.ok) {
          if (checked.reason === 'locked') return fail(TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE, 429)
          return fail(checked.reason === 'no-account' ? AuthMessages.noAccount : AuthMessages.wrongPassword, 401)
        }
        userId = checked.userId
      }
      const cookie = await createSession(userId)
      return redirect(safeRedirect(redirectTo), { headers: { 'Set-Cookie': cookie } })
    },
  })
}

/** With JavaScript, a sign-in or sign-up that never reaches the server says so under the form and in its failure toast; what was typed stays. */
export const clientAction = replyWhenUnreachable(SIGN_IN_FORM_WORDS)

export default function SignInRoute() {
  const { google } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof clientAction>()
  const { lastResult } = useFormReply(reply, { dialog: false })
  const location = useLocation()
  const mode = location.pathname === '/signup' ? 'signup' : 'signin'
  const redirectTo = signInRedirect(new URLSearchParams(location.search))
  return (
    <>
      <SignInCard key={mode} mode={mode} redirectTo={redirectTo} lastResult={lastResult} google={google} />
      <StaticFormToast reply={reply} />
    </>
  )
}

/**
 * Where the card sends the user once signed in: the `redirect` it was given, or, for a
 * visitor who came with a `?prompt=` (spec 1 §2.2), /pieces with that prompt, which a new
 * user reaches through onboarding (their first Piece is made for it and sends it).
 */
function signInRedirect(params: URLSearchParams) {
  const prompt = params.get('prompt')?.trim()
  return params.get('redirect') ?? (prompt ? `/pieces?${new URLSearchParams({ prompt })}` : null)
}

export const meta: MetaFunction = ({ location }) =>
  location.pathname === '/signup' ? describedPage('Sign up', PAGE_DESCRIPTIONS.signup) : describedPage('Sign in', PAGE_DESCRIPTIONS.signin)

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
