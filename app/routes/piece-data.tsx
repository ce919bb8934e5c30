import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { answerForm, refuseForm } from '~/lib/form-kit.server'
import { orNotFound } from '~/lib/http'
import { keepDataWhenUnavailable } from '~/lib/revalidation'
import { redirectWithToast } from '~/lib/toast.server'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { CollectionSection, SpaceTabs, UsageSummary } from '~/piece-data/data-view'
import { dataLimitsOf } from '~/piece-data/limits.server'
import { applyDataForm, dataOverview } from '~/piece-data/owner.server'
import { DATA_FORM_WORDS, DATA_PAGE_WORDS, DataFormSchema, OwnedSpaceSchema } from '~/piece-data/schema'
import { pageTitle } from '~/site/pages'
import { buttonClasses } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-page'

const spaceOf = (request: Request) => OwnedSpaceSchema.catch('live').parse(new URL(request.url).searchParams.get('space') ?? undefined)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { overview } = await orNotFound(dataOverview(user.id, params.pieceName ?? '', spaceOf(request), dataLimitsOf()))
  return data({ name: params.pieceName ?? '', overview }, { headers: { 'Cache-Control': 'private, no-store' } })
}

const DATA_FORM = { ...DATA_FORM_WORDS, schema: DataFormSchema }

/** Delete a record, clear a collection or the test data (issue 39.4): plain posts, back to the page with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  if (!user) return refuseForm(request, DATA_FORM, { message: AUTH_REQUIRED_MESSAGE, status: 401 })
  const name = params.pieceName ?? ''
  return answerForm(request, DATA_FORM, {
    component: 'piece-data',
    run: async (form) => {
      const said = await applyDataForm(user.id, name, form)
      const space = form.intent === 'clear-test' ? 'test' : form.space
      return redirectWithToast(`/pieces/${name}/data?space=${space}`, { title: said, variant: 'success' })
    },
  })
}

export const clientAction = replyWhenUnreachable(DATA_FORM_WORDS)

/** /pieces/{name}/data: what a Piece keeps, for its owner — public data and the editor's test data. */
export default function PieceDataRoute() {
  const { name, overview } = useLoaderData<typeof loader>()
  const base = `/pieces/${name}/data`
  const exportHref = (format: 'json' | 'csv') => `${base}/export?space=${overview.space}&format=${format}`
  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-8 sm:px-5 sm:py-10">
      <Link to={`/pieces/${name}`} className="text-sm text-zinc-500 underline-offset-2 hover:underline">
        ← Back to {name}
      </Link>
      <h1 className="text-2xl font-semibold">
        {DATA_PAGE_WORDS.title} of {name}
      </h1>
      <SpaceTabs space={overview.space} base={base} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{overview.space === 'live' ? DATA_PAGE_WORDS.liveHint : DATA_PAGE_WORDS.testHint}</p>
      <UsageSummary overview={overview} />
      <div className="flex flex-wrap gap-2">
        <a href={exportHref('json')} className={buttonClasses('secondary', 'sm')} download>
          Export as JSON
        </a>
        <a href={exportHref('csv')} className={buttonClasses('secondary', 'sm')} download>
          Export as CSV
        </a>
        {overview.space === 'test' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="clear-test" />
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Clear test data
            </button>
          </Form>
        ) : null}
      </div>
      {overview.collections.length ? (
        overview.collections.map((collection) => <CollectionSection key={collection.name} collection={collection} space={overview.space} />)
      ) : (
        <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500 dark:border-zinc-700">{DATA_PAGE_WORDS.empty}</p>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: pageTitle(`Data of ${loaded?.name ?? 'a Piece'}`) }]

export const shouldRevalidate = keepDataWhenUnavailable

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
