import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { listPieces } from '~/pieces/pieces.server'
import { PIECES_RESOURCE } from '~/pieces/piece-menu'
import { pageTitle } from '~/site/pages'
import { Button } from '~/ui/button'
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
        <Form method="post" action={PIECES_RESOURCE} className="mt-6 flex gap-2 text-left">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="returnTo" value="/pieces" />
          <label htmlFor="first-piece-name" className="sr-only">
            Piece name
          </label>
          <input
            id="first-piece-name"
            name="name"
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="my_first_piece"
            className="h-10 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 text-sm outline-none focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <Button type="submit">Create Piece</Button>
        </Form>
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Pieces') }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
