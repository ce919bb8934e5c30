import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { isPlus } from '~/billing/subscription.server'
import { getUsage } from '~/usage/usage.server'
import { AppShell, SIDEBAR_COOKIE } from '~/shell/app-shell'
import { GeneralErrorBoundary } from '~/ui/error-page'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const collapsed = (request.headers.get('cookie') ?? '').includes(`${SIDEBAR_COOKIE}=collapsed`)
  const [usage, subscribed] = await Promise.all([getUsage(user.id), isPlus(user.id)])
  return data(
    { user: { username: user.username, email: user.email, isAdmin: user.isAdmin, subscribed, usage }, collapsed },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export default function AppLayout() {
  const { user, collapsed } = useLoaderData<typeof loader>()
  return (
    <AppShell user={user} initiallyCollapsed={collapsed}>
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
