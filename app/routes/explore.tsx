import type { MetaFunction } from '@remix-run/node'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'

export default function ExploreRoute() {
  return (
    <div className="mx-auto max-w-6xl px-5 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">Explore</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">Public Pieces made by the community show up here.</p>
      <div className="mt-10 rounded-2xl border border-dashed border-zinc-300 p-10 text-center text-zinc-500 dark:border-zinc-700">
        No public Pieces yet
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Explore') }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
