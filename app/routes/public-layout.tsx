import { Outlet } from '@remix-run/react'
import { useRootData } from '~/lib/root-data'
import { PublicShell } from '~/shell/public-shell'
import { useTheme } from '~/shell/use-theme'
import { GeneralErrorBoundary } from '~/ui/error-page'

function Shell({ children }: { children: React.ReactNode }) {
  const { theme } = useTheme()
  const signedIn = Boolean(useRootData()?.user)
  return (
    <PublicShell theme={theme} signedIn={signedIn}>
      {children}
    </PublicShell>
  )
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
