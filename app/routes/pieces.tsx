import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { listPieces } from '~/pieces/pieces.server'
import { FirstPieceForm } from '~/pieces/first-piece-form'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'

/**
 * /pieces: the most recent Piece; with none yet, an offer to create the first one. A
 * `?prompt=` comes along: into the latest Piece the editor only places it in the input (it
 * was not made for it); a first Piece named here is made for it and sends it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { data: latest } = await listPieces(user.id, { limit: 1 })
  const first = latest[0]
  if (first) throw redirect(safeRedirect(`/pieces/${encodeURIComponent(first.name)}${new URL(request.url).search}`))
  const prompt = new URL(request.url).searchParams.get('prompt')?.trim() || null
  return data({ prompt }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function PiecesRoute() {
  const { prompt } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto grid min-h-[60vh] max-w-lg place-items-center px-6 text-center">
      <div className="w-full">
        <h1 className="text-2xl font-semibold tracking-tight">No Pieces yet</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">Name your first Piece to start building it.</p>
        {prompt ? (
          <p className="mt-4 rounded-lg border border-zinc-200 px-3 py-2 text-left text-sm break-words dark:border-zinc-800">
            <span className="text-zinc-500">It will start from your prompt: </span>
            <span data-testid="arriving-prompt">{prompt}</span>
          </p>
        ) : null}
        <FirstPieceForm prompt={prompt} />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Pieces') }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
