import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useMatches } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { AppShell } from '~/shell/app-shell'
import type { ShownPiece } from '~/shell/schema'
import { appShellData } from '~/shell/shell-data.server'
import { GeneralErrorBoundary } from '~/ui/error-page'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return data(await appShellData(request, user), { headers: { 'Cache-Control': 'private, no-store' } })
}

/** A child page that shows a Piece puts it in the top bar through its loader's `topBarPiece`. */
function useTopBarPiece() {
  const matches = useMatches()
  for (const match of matches.toReversed()) {
    const candidate = (match.data as { topBarPiece?: ShownPiece } | undefined)?.topBarPiece
    if (candidate) return candidate
  }
  return null
}

export default function AppLayout() {
  const { user, collapsed, pieces, piecesLimit } = useLoaderData<typeof loader>()
  return (
    <AppShell user={user} initiallyCollapsed={collapsed} pieces={pieces} piecesLimit={piecesLimit} topBarPiece={useTopBarPiece()}>
      <Outlet />
    </AppShell>
  )
}

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
