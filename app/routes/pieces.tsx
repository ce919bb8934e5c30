import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { listPieces } from '~/pieces/pieces.server'
import { FirstPieceForm } from '~/pieces/first-piece-form'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'

/**
 * /pieces: the most recent Piece; with none yet, an offer to create the first one. A
 * `?prompt=` comes along, and the editor only places it in the input: it was not made for it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { data: latest } = await listPieces(user.id, { limit: 1 })
  const first = latest[0]
  if (first) throw redirect(safeRedirect(`/pieces/${encodeURIComponent(first.name)}${new URL(request.url).search}`))
  return data(null, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function PiecesRoute() {
  return (
    <div className="mx-auto grid min-h-[60vh] max-w-lg place-items-center px-6 text-center">
      <div className="w-full">
        <h1 className="text-2xl font-semibold tracking-tight">No Pieces yet</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">Name your first Piece to start building it.</p>
        <FirstPieceForm />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Pieces') }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
