import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { editorPageData } from '~/pieces/pages.server'
import { PreviewFrame } from '~/pieces/preview-frame'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary, NOT_FOUND_TITLE } from '~/ui/error-page'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return data(await editorPageData(request, user, params.pieceName ?? ''), { headers: { 'Cache-Control': 'private, no-store' } })
}

/** /pieces/{pieceName}: the Piece being built, with its menu in the top bar. */
export default function PieceEditorRoute() {
  const { piece, previewSrc } = useLoaderData<typeof loader>()
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] flex-col">
      {piece.hasCode ? null : (
        <p className="border-b border-zinc-200 px-4 py-2 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          This is your new Piece. Rename it, describe it and give it an icon from the menu above, or{' '}
          <Link to={`/${piece.name}`} className="underline underline-offset-2">
            open its public page
          </Link>
          .
        </p>
      )}
      <div className="min-h-0 flex-1">
        <PreviewFrame src={previewSrc} name={piece.name} />
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? pageTitle(loaded.piece.name) : NOT_FOUND_TITLE }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
