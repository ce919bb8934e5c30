import { Outlet } from '@remix-run/react'
import { useRootData } from '~/lib/root-data'
import { PublicShell } from '~/shell/public-shell'
import { GeneralErrorBoundary } from '~/ui/error-page'

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
