import { Outlet } from '@remix-run/react'
import { useRootData } from '~/lib/root-data'
import { PublicShell } from '~/shell/public-shell'
import { GeneralErrorBoundary } from '~/ui/error-page'
import type { HydrationHandle } from '~/lib/hydration'

/** Visitors' pages: no React, each works as the server renders it (docs/decisions/0040). */
export const handle: HydrationHandle = { hydrate: false }

function Shell({ children }: { children: React.ReactNode }) {
  const signedIn = Boolean(useRootData()?.user)
  return <PublicShell signedIn={signedIn}>{children}</PublicShell>
}

export default function PublicLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  )
}
