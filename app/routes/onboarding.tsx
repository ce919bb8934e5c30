import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLocation } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { redirectSignedIn } from '~/accounts/redirects.server'
import { AuthMessages, UsernameSchema } from '~/accounts/schema'
import { UsernameForm } from '~/accounts/username-form'
import { isUsernameTaken, setUsername } from '~/accounts/users.server'
import { rateLimitedReply } from '~/lib/forms.server'
import { afterOnboarding } from '~/pieces/onboarding.server'
import { pageTitle } from '~/site/pages'
import { Logo } from '~/shell/logo'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { refusedSubmission, replyWhenUnreachable } from '~/lib/unreachable'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { allowUnboarded: true })
  await redirectSignedIn(request)
  return data(null, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, { allowUnboarded: true })
  const submission = await parseWithZod(await request.formData(), {
    schema: UsernameSchema.superRefine(async ({ username }, ctx) => {
      if (await isUsernameTaken(username, user.id)) ctx.addIssue({ code: 'custom', path: ['username'], message: AuthMessages.usernameTaken })
    }),
    async: true,
  })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  if (context.rateLimited) return data({ result: rateLimitedReply(submission) }, { status: 429 })
  if (!(await setUsername(user.id, submission.value.username))) {
    return data({ result: submission.reply({ fieldErrors: { username: [AuthMessages.usernameTaken] } }) }, { status: 409 })
  }
  return redirect(await afterOnboarding(user.id, new URL(request.url).searchParams.get('prompt')))
}

/** With JavaScript, a username that never reaches the server is refused under the form, and stays in the field. */
export const clientAction = replyWhenUnreachable((message, form) => ({ result: refusedSubmission(message, form) }))

export default function OnboardingRoute() {
  const actionData = useActionData<typeof clientAction>()
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
          <UsernameForm action={`/onboarding${location.search}`} lastResult={actionData?.result} />
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
