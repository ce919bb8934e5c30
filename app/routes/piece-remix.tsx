import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { getOptionalUser } from '~/accounts/session.server'
import { notFound } from '~/lib/http'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { RemixButton } from '~/pieces/remix-bar'
import { RemixMessages } from '~/pieces/remixes'
import { answerRemixForm, takePendingRemix } from '~/pieces/remix-form.server'
import { remixOffer } from '~/pieces/remixes.server'
import { normalizeName, pieceNameProblem } from '~/pieces/schema'
import { pageTitle } from '~/site/pages'
import { buttonClasses } from '~/ui/button'
import { GeneralErrorBoundary, NOT_FOUND_TITLE } from '~/ui/error-page'

/**
 * /{name}/remix (issue 32.1): a page that says what a remix copies, with the Remix button —
 * where a visitor who pressed Remix lands once signed in. Issue 37.11: reading it never
 * makes a Piece (a link from anywhere can open it); only the person's post does.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const raw = params.name ?? ''
  if (pieceNameProblem(raw)) throw notFound()
  const name = normalizeName(raw)
  const { pending, headers } = await takePendingRemix(request, name)
  const offer = await remixOffer(user.id, name)
  if (!offer) throw notFound()
  return data({ offer, pending }, { headers: { 'Cache-Control': 'private, no-store', ...headers } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await getOptionalUser(request)
  return answerRemixForm(request, user?.username ? user : null, params.name ?? '')
}

export default function RemixRoute() {
  const { offer, pending } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-lg px-5 py-10">
      <div className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        {offer.image ? <img src={offer.image} alt="" width={640} height={400} className="aspect-video w-full bg-white object-cover object-top" /> : null}
        <div className="space-y-3 p-5">
          <h1 className="text-xl font-semibold tracking-tight">Remix {offer.name}</h1>
          {pending && !offer.refusal ? (
            <p className="text-sm font-medium" data-testid="remix-confirm">
              You’re signed in. Press Remix to make your copy of {offer.name}.
            </p>
          ) : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            By @{offer.owner}. You get a new Piece of your own with this Piece’s code as it is now, to change as you like. It will say it was remixed from @
            {offer.owner}/{offer.name}. {RemixMessages.dataStartsEmpty}: nothing its visitors or its owner kept in it comes along.
          </p>
          {offer.refusal ? (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {offer.refusal}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            {offer.refusal ? null : <RemixButton name={offer.name} returnTo={`/${offer.name}/remix`} size="md" />}
            <Link to={`/${offer.name}`} className={buttonClasses('secondary')}>
              Back to {offer.name}
            </Link>
          </div>
        </div>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? pageTitle(`Remix ${loaded.offer.name}`) : NOT_FOUND_TITLE }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
