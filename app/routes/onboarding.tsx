import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLocation } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { redirectSignedIn } from '~/accounts/redirects.server'
import { AuthMessages, USERNAME_FORM_WORDS, UsernameSchema } from '~/accounts/schema'
import { UsernameForm } from '~/accounts/username-form'
import { isUsernameTaken, setUsername } from '~/accounts/users.server'
import { answerForm } from '~/lib/form-kit.server'
import { RATE_LIMITED_MESSAGE } from '~/lib/messages'
import { afterOnboarding } from '~/pieces/onboarding.server'
import { pageTitle } from '~/site/pages'
import { Logo } from '~/shell/logo'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { useFormReply } from '~/ui/use-form-reply'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { pendingRemixOf } from '~/pieces/remix-form.server'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { allowUnboarded: true })
  await redirectSignedIn(request)
  return data(null, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, { allowUnboarded: true })
  return answerForm(request, USERNAME_FORM, {
    component: 'accounts',
    refusal: context.rateLimited ? { message: RATE_LIMITED_MESSAGE, status: 429 } : null,
    run: async ({ username }, { refuse }) => {
      const taken = () => refuse({ message: AuthMessages.usernameTaken, status: 409, ofSent: true })
      if (await isUsernameTaken(username, user.id)) return taken()
      if (!(await setUsername(user.id, username))) return taken()
      return redirect(await afterOnboarding(user.id, new URL(request.url).searchParams.get('prompt'), await pendingRemixOf(request)))
    },
  })
}

const USERNAME_FORM = { ...USERNAME_FORM_WORDS, schema: UsernameSchema }

/** With JavaScript, a username that never reaches the server is refused under the form, and stays in the field. */
export const clientAction = replyWhenUnreachable(USERNAME_FORM_WORDS)

export default function OnboardingRoute() {
  const { lastResult } = useFormReply(useActionData<typeof clientAction>(), { dialog: false })
  const location = useLocation()
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo to="/onboarding" />
        </div>
        <div className="rounded-2xl border border-zinc-200 p-6 shadow-xl dark:border-zinc-800 dark:bg-zinc-900/60">
          <h1 className="text-xl font-semibold">Choose a username</h1>
          <p className="mt-1 mb-6 text-sm text-zinc-500">Letters, numbers, underscores and periods; 3 to 24 characters.</p>
          <UsernameForm action={`/onboarding${location.search}`} lastResult={lastResult} />
        </div>
      </div>
    </main>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Choose a username') }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
