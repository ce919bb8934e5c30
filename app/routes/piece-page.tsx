import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { useRef } from 'react'
import { AgenticBridge } from '~/chat/agentic-bridge'
import { getOptionalUser } from '~/accounts/session.server'
import { onboardingUrl } from '~/accounts/urls'
import { PRODUCT_NAME } from '~/lib/constants'
import type { HydrationHandle } from '~/lib/hydration'
import { linkPreview } from '~/lib/link-preview'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { useRootData } from '~/lib/root-data'
import { publicPageData } from '~/pieces/pages.server'
import { PieceMessages } from '~/pieces/schema'
import { PreviewFrame } from '~/pieces/preview-frame'
import { RemixBar } from '~/pieces/remix-bar'
import { creditText } from '~/pieces/remixes'
import { pageTitle } from '~/site/pages'
import { AppShell } from '~/shell/app-shell'
import { Logo } from '~/shell/logo'
import { PublicShell } from '~/shell/public-shell'
import { appShellData } from '~/shell/shell-data.server'
import { enhanceAs } from '~/ui/enhancement'
import { DATA_MESSAGES } from '~/piece-data/messages'
import { useDataTokenBroker } from '~/piece-data/token-broker'
import { isUnavailable, NOT_FOUND_TITLE, NotFound, Unavailable } from '~/ui/error-page'

/**
 * /{name}: a Piece full-page for anyone allowed to see it — inside the signed-in frame
 * for users, on its own with a slim top bar for visitors. A name no Piece could have (an
 * @handle, an encoded slash) and a hidden Piece are a 404 like a missing one.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request)
  if (viewer && !viewer.username) throw redirect(onboardingUrl(request))
  const [page, shell] = await Promise.allSettled([
    publicPageData(request, viewer, params.name ?? '', context.clientIp),
    viewer ? appShellData(request, viewer) : null,
  ])
  if (shell.status === 'rejected') throw shell.reason
  if (page.status === 'rejected') {
    // Signed in, a name with nothing to show stays in the app (spec 1 §2.3): the boundary gets the frame's data with the 404.
    if (shell.value && page.reason instanceof Response && page.reason.status === 404)
      throw data<NotFoundInApp>({ shell: shell.value }, { status: 404, headers: PRIVATE })
    throw page.reason
  }
  return data({ ...page.value, shell: shell.value }, { headers: PRIVATE })
}

const PRIVATE = { 'Cache-Control': 'private, no-store' }

type NotFoundInApp = { shell: Awaited<ReturnType<typeof appShellData>> }

/** Users get the app's frame; a visitor's page needs no React, only the bridge's small script (docs/decisions/0040). */
export const handle: HydrationHandle = { hydrate: ({ signedIn }) => signedIn }

export default function PiecePage() {
  const { piece, previewSrc, previewElsewhere, showBadge, topBarPiece, shell, previewOrigin, remixes } = useLoaderData<typeof loader>()
  const frame = useRef<HTMLIFrameElement>(null)
  const bridge = <AgenticBridge frame={frame} previewOrigin={previewOrigin} pieceId={piece.id} signedIn={Boolean(shell)} />
  const dataBroker = { previewOrigin, pieceId: piece.id, space: 'live' as const }
  useDataTokenBroker(dataBroker)
  if (shell) {
    return (
      <AppShell user={shell.user} initiallyCollapsed={shell.collapsed} pieces={shell.pieces} piecesLimit={shell.piecesLimit} topBarPiece={topBarPiece}>
        <div className="flex h-[calc(100dvh-3.5rem)] flex-col">
          <RemixBar name={piece.name} panel={remixes} />
          <div className="min-h-0 flex-1">
            <PreviewFrame ref={frame} src={previewSrc} name={piece.name} elsewhere={previewElsewhere} />
          </div>
        </div>
        {bridge}
      </AppShell>
    )
  }
  return (
    <div className="flex h-dvh flex-col">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <Logo />
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold" data-testid="top-bar-title">
          {piece.name}
        </h1>
        <Link to="/signin" className="rounded-lg px-3 py-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800">
          Sign in
        </Link>
      </header>
      <RemixBar name={piece.name} panel={remixes} />
      <main className="relative min-h-0 flex-1">
        <PreviewFrame ref={frame} src={previewSrc} name={piece.name} elsewhere={previewElsewhere} />
        {bridge}
        {/* Without React (a visitor's page): the same bridge to sign up and data broker, from the page's enhancements. */}
        <div hidden {...enhanceAs('visitor-bridge', { previewOrigin })} />
        <div hidden {...enhanceAs('data-broker', { ...dataBroker, messages: DATA_MESSAGES })} />
        {showBadge ? (
          <a
            href="/"
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full border border-zinc-200 bg-white/95 px-3 py-1.5 text-xs font-medium text-zinc-700 shadow-lg backdrop-blur hover:text-zinc-950 dark:border-zinc-700 dark:bg-zinc-900/95 dark:text-zinc-300 dark:hover:text-white"
          >
            {piece.name} is powered by {PRODUCT_NAME}
          </a>
        ) : null}
      </main>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return [{ title: NOT_FOUND_TITLE }]
  const credit = loaded.remixes.credit ? creditText(loaded.remixes.credit) : null
  // A remix's link preview says where it came from (issue 32.2).
  const description = [loaded.piece.description || (credit ? '' : PieceMessages.sharedDescription), credit && `${credit}.`].filter(Boolean).join(' ')
  return [
    { title: pageTitle(loaded.piece.name) },
    { name: 'description', content: description },
    ...linkPreview({ title: loaded.piece.name, description, url: loaded.share.url, image: loaded.share.image }),
  ]
}

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  const signedIn = Boolean(useRootData()?.user)
  const error = useRouteError()
  const shell = isRouteErrorResponse(error) && error.status === 404 ? (error.data as Partial<NotFoundInApp> | null)?.shell : undefined
  if (shell) {
    return (
      <AppShell user={shell.user} initiallyCollapsed={shell.collapsed} pieces={shell.pieces} piecesLimit={shell.piecesLimit} topBarPiece={null}>
        <NotFound />
      </AppShell>
    )
  }
  return <PublicShell signedIn={signedIn}>{isUnavailable(error) ? <Unavailable /> : <NotFound />}</PublicShell>
}
