import { Outlet } from '@remix-run/react'
import { Logo } from '~/shell/logo'
import { GeneralErrorBoundary } from '~/ui/error-page'
import type { HydrationHandle } from '~/lib/hydration'

/** Visitors' pages: no React, each works as the server renders it (docs/decisions/0040). */
export const handle: HydrationHandle = { hydrate: false }

/** Sign-in, sign-up: no header, no footer (spec 1 §2.2). */
export default function AuthLayout() {
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <Outlet />
      </div>
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
