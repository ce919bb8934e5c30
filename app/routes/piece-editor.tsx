import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NOT_FOUND_TITLE } from '~/ui/error-page'
import { GeneralErrorBoundary } from '~/ui/error-page'

/** /pieces/{pieceName}: the editor. No Piece exists yet, so every name is a 404. */
export async function loader(_: LoaderFunctionArgs): Promise<null> {
  throw new Response('Not found', { status: 404 })
}

export default function PieceEditorRoute() {
  return null
}

export const meta: MetaFunction = () => [{ title: NOT_FOUND_TITLE }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
