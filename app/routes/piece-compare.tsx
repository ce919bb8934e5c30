import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { onboardingUrl } from '~/accounts/urls'
import { getOptionalUser } from '~/accounts/session.server'
import { notFound } from '~/lib/http'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { CompareView } from '~/pieces/compare-view'
import { comparisonOf } from '~/pieces/compare.server'
import { pieceNameProblem } from '~/pieces/schema'
import { pageTitle } from '~/site/pages'
import { AppShell } from '~/shell/app-shell'
import { PublicShell } from '~/shell/public-shell'
import { appShellData } from '~/shell/shell-data.server'
import { GeneralErrorBoundary, NOT_FOUND_TITLE } from '~/ui/error-page'

/** /{name}/compare (issue 32.5): what a remix changed since it was copied, drawn on the server so it reads without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request)
  if (viewer && !viewer.username) throw redirect(onboardingUrl(request))
  const name = params.name ?? ''
  if (pieceNameProblem(name)) throw notFound()
  const [comparison, shell] = await Promise.all([comparisonOf(viewer, name), viewer ? appShellData(request, viewer) : null])
  if (!comparison) throw notFound()
  return data({ comparison, shell }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function CompareRoute() {
  const { comparison, shell } = useLoaderData<typeof loader>()
  const view = <CompareView comparison={comparison} inApp={Boolean(shell)} canDownload={comparison.canDownload} />
  if (!shell) return <PublicShell signedIn={false}>{view}</PublicShell>
  return (
    <AppShell user={shell.user} initiallyCollapsed={shell.collapsed} pieces={shell.pieces} piecesLimit={shell.piecesLimit} topBarPiece={null}>
      {view}
    </AppShell>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? pageTitle(`${loaded.comparison.piece.name}: compared with the original`) : NOT_FOUND_TITLE },
]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
