import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { Gallery } from '~/pieces/gallery'
import { galleryPage } from '~/pieces/gallery.server'
import { describedPage, PAGE_DESCRIPTIONS } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return data(await galleryPage(request), { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function ExploreRoute() {
  const { pieces, count, order } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-6xl px-5 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">Explore</h1>
      <p className="mt-2 mb-8 text-zinc-600 dark:text-zinc-400">Public Pieces made by the community. Remix any of them to make it your own.</p>
      <Gallery initial={pieces} count={count} order={order} />
    </div>
  )
}

export const meta: MetaFunction = () => describedPage('Explore', PAGE_DESCRIPTIONS.explore)

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
