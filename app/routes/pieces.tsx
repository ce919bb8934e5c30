import type { MetaFunction } from '@remix-run/node'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'

/** /pieces: the current Piece; with none yet, an empty state. */
export default function PiecesRoute() {
  return (
    <div className="mx-auto grid min-h-[60vh] max-w-lg place-items-center px-6 text-center">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">No Pieces yet</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">Your Pieces will appear here once you create one.</p>
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Pieces') }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
