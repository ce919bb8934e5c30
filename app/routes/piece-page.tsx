import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useRootData } from '~/lib/root-data'
import { PublicShell } from '~/shell/public-shell'
import { useTheme } from '~/shell/use-theme'
import { NOT_FOUND_TITLE, NotFound } from '~/ui/error-page'

/**
 * /{name}: a public Piece, fetched by name; names starting with @ are never Pieces.
 * No Piece can exist yet (Pieces arrive with their own feature), so every name is a 404.
 */
export async function loader(_: LoaderFunctionArgs): Promise<null> {
  throw new Response('Not found', { status: 404 })
}

export default function PiecePage() {
  return null
}

export const meta: MetaFunction = () => [{ title: NOT_FOUND_TITLE }]

export function ErrorBoundary() {
  const { theme } = useTheme()
  const signedIn = Boolean(useRootData()?.user)
  return (
    <PublicShell theme={theme} signedIn={signedIn}>
      <NotFound />
    </PublicShell>
  )
}
