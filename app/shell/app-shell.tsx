import { useLocation, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { PaymentDialog } from '~/billing/payment-dialog'
import { PageSpinner } from '~/ui/spinner'
import { isSidebarShortcut, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './drawer'
import { SIDEBAR_COOKIE, type ShellUser, type ShownPiece } from './schema'
import { Sidebar } from './sidebar'
import type { SidebarPage } from './sidebar-pieces'
import { titleForPath } from './titles'
import { TopBar } from './top-bar'

/**
 * The signed-in frame (spec 1 §2.3–2.4): a sidebar of 16.25rem (3rem collapsed, Ctrl+B)
 * that becomes a 75%-wide drawer under 768 px, and a top bar titled by path. The drawer
 * opens with a checkbox so it also works without JavaScript.
 */
export function AppShell({
  user,
  initiallyCollapsed,
  pieces,
  piecesLimit,
  topBarPiece = null,
  children,
}: {
  user: ShellUser
  initiallyCollapsed: boolean
  pieces: SidebarPage
  piecesLimit: number
  topBarPiece?: ShownPiece | null
  children: ReactNode
}) {
  const location = useLocation()
  const [collapsed, setCollapsed] = useState(initiallyCollapsed)
  const [drawerOpen, setDrawerOpen] = useState(false)

  const toggleCollapsed = useCallback(() => {
    setCollapsed((value) => {
      document.cookie = `${SIDEBAR_COOKIE}=${value ? 'open' : 'collapsed'}; Path=/; Max-Age=31536000; SameSite=Lax`
      return !value
    })
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return
      event.preventDefault()
      if (window.matchMedia('(max-width: 767px)').matches) setDrawerOpen((open) => !open)
      else toggleCollapsed()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggleCollapsed])

  useEffect(() => setDrawerOpen(false), [location.pathname])

  const navigation = useNavigation()
  // A page whose data is still loading shows a spinner, not the previous page.
  const changingPage = navigation.state === 'loading' && navigation.location.pathname !== location.pathname
  const title = titleForPath(location.pathname, topBarPiece?.piece.name ?? null)
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH

  return (
    <div className="flex min-h-dvh" style={{ ['--sidebar-width' as string]: width }}>
      <input
        type="checkbox"
        id="sidebar-drawer"
        className="peer sr-only"
        aria-hidden="true"
        tabIndex={-1}
        checked={drawerOpen}
        onChange={(event) => setDrawerOpen(event.currentTarget.checked)}
      />
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the backdrop: a click outside closes the drawer (Escape and the menu button do it for everyone else) */}
      <label htmlFor="sidebar-drawer" aria-hidden="true" className="fixed inset-0 z-40 hidden bg-black/50 peer-checked:block md:peer-checked:hidden" />
      <Sidebar collapsed={collapsed} onToggleCollapsed={toggleCollapsed} onCloseDrawer={() => setDrawerOpen(false)} pieces={pieces} piecesLimit={piecesLimit} />

      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} title={title} topBarPiece={topBarPiece} drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((open) => !open)} />
        <main className="flex-1" aria-busy={changingPage || undefined}>
          {changingPage ? <PageSpinner /> : children}
        </main>
      </div>
      <PaymentDialog usage={user.usage} />
    </div>
  )
}
