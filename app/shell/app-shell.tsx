import { Form, Link, NavLink, useLocation, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { PaymentDialog, UpgradeLink } from '~/billing/payment-dialog'
import { useHydrated } from '~/lib/hydrated'
import { billedAmount } from '~/usage/format'
import { UsageBar } from '~/usage/usage-bar'
import type { UsageData } from '~/usage/usage.server'
import { PieceMenu } from '~/pieces/menu/piece-menu'
import type { TopBarPiece } from '~/pieces/schema'
import { buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { PageSpinner } from '~/ui/spinner'
import { isSidebarShortcut, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, swipeCloses } from './drawer'
import { Logo } from './logo'
import { NewPieceEntry } from './new-piece-entry'
import { SIDEBAR_COOKIE } from './schema'
import { SidebarPieces, type SidebarPage } from './sidebar-pieces'
import { titleForPath } from './titles'

type ShellUser = { username: string | null; email: string; isAdmin: boolean; subscribed: boolean; usage: UsageData }

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
  topBarPiece?: TopBarPiece | null
  children: ReactNode
}) {
  const location = useLocation()
  const hydrated = useHydrated()
  const [collapsed, setCollapsed] = useState(initiallyCollapsed)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const touch = useRef<{ x: number; t: number } | null>(null)

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
      <aside
        aria-label="Sidebar"
        data-collapsed={collapsed || undefined}
        onTouchStart={(event) => {
          const point = event.touches[0]
          if (point) touch.current = { x: point.clientX, t: event.timeStamp }
        }}
        onTouchEnd={(event) => {
          const start = touch.current
          const point = event.changedTouches[0]
          touch.current = null
          if (start && point && swipeCloses(point.clientX - start.x, event.timeStamp - start.t)) setDrawerOpen(false)
        }}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-[75vw] -translate-x-full flex-col border-r border-zinc-200 bg-zinc-50 transition-transform peer-checked:translate-x-0 dark:border-zinc-800 dark:bg-zinc-950',
          'md:sticky md:top-0 md:h-dvh md:w-[var(--sidebar-width)] md:translate-x-0 md:transition-[width]',
        )}
      >
        <div className="flex h-14 items-center justify-between gap-2 px-3">
          {collapsed ? null : <Logo to="/explore" />}
          {hydrated ? (
            <button
              type="button"
              onClick={toggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar (Ctrl+B)' : 'Collapse sidebar (Ctrl+B)'}
              title="Toggle sidebar (Ctrl+B)"
              className="hidden size-8 place-items-center rounded-md text-zinc-500 hover:bg-zinc-200 md:grid dark:hover:bg-zinc-800"
            >
              <PanelIcon />
            </button>
          ) : null}
        </div>
        <nav aria-label="Main" className="flex flex-1 flex-col gap-1 overflow-hidden px-2">
          <NavLink
            to="/explore"
            className={({ isActive }) =>
              cn(
                'flex h-9 items-center gap-3 rounded-md px-2 text-sm font-medium',
                isActive ? 'bg-zinc-200 dark:bg-zinc-800' : 'hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70',
              )
            }
            title="Explore"
          >
            <CompassIcon />
            {collapsed ? <span className="sr-only">Explore</span> : <span>Explore</span>}
          </NavLink>
          {collapsed ? null : <NewPieceEntry />}
          {collapsed ? null : (
            <section aria-labelledby="sidebar-pieces" className="mt-4 flex min-h-0 flex-1 flex-col">
              <h2 id="sidebar-pieces" className="px-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
                Pieces
              </h2>
              <div className="mt-2 flex-1 overflow-y-auto">
                <SidebarPieces initial={pieces} limit={piecesLimit} />
              </div>
            </section>
          )}
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-200 bg-white/80 px-3 backdrop-blur dark:border-zinc-800 dark:bg-[#18181b]/80">
          <label
            htmlFor="sidebar-drawer"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role -- a label toggles the drawer's checkbox without JavaScript; to assistive tech it is the button it acts as
            role="button"
            tabIndex={0}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return
              event.preventDefault()
              setDrawerOpen((open) => !open)
            }}
            className="grid size-9 cursor-pointer place-items-center rounded-md hover:bg-zinc-100 md:hidden dark:hover:bg-zinc-800"
          >
            <MenuIcon />
          </label>
          {topBarPiece ? (
            <>
              <PieceMenu piece={topBarPiece.piece} isOwner={topBarPiece.isOwner} subscribed={user.subscribed} shareUrl={topBarPiece.shareUrl} />
              {topBarPiece.isOwner ? (
                <Link
                  to={topBarPiece.view === 'page' ? `/pieces/${topBarPiece.piece.name}` : `/${topBarPiece.piece.name}`}
                  className={buttonClasses('secondary', 'sm')}
                >
                  {topBarPiece.view === 'page' ? 'Edit' : 'View'}
                </Link>
              ) : null}
            </>
          ) : (
            <p className="min-w-0 flex-1 truncate text-base font-semibold" data-testid="top-bar-title">
              {title}
            </p>
          )}
          <UserMenu user={user} />
        </header>
        <main className="flex-1" aria-busy={changingPage || undefined}>
          {changingPage ? <PageSpinner /> : children}
        </main>
      </div>
      <PaymentDialog />
    </div>
  )
}

function UserMenu({ user }: { user: ShellUser }) {
  const navigation = useNavigation()
  const loggingOut = navigation.formAction === '/logout'
  const name = user.username ?? user.email
  const { usage } = user
  const itemClass = 'block w-full rounded-md px-2 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800'
  return (
    <details className="relative">
      <summary className="grid size-9 cursor-pointer list-none place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white uppercase [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">{name.charAt(0)}</span>
        <span className="sr-only">Open user menu</span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-72 space-y-1 rounded-xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
        <div className="px-2 pt-1 pb-2">
          <p className="text-xs text-zinc-500">Logged in as</p>
          <p className="truncate text-sm font-medium">{name}</p>
          {user.isAdmin ? (
            <span className="mt-1 inline-block rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-600 dark:text-amber-400">
              Administrator
            </span>
          ) : null}
        </div>
        {user.subscribed ? null : (
          <UpgradeLink source="user-menu" className="block rounded-md bg-brand-600 px-2 py-2 text-center text-sm font-medium text-white hover:bg-brand-500" />
        )}
        <div className="px-2 py-2">
          <UsageBar count={usage.dailyTokenCount} limit={usage.tokenLimit} />
          {usage.usageBasedPricing ? (
            <p className="mt-2 flex justify-between text-xs">
              <span className="text-zinc-500">Usage Cost</span>
              <span className="tabular-nums">${billedAmount(usage.billableTokenCount, usage.tokenPricePerMillion)}</span>
            </p>
          ) : null}
        </div>
        <Link to="/settings" className={itemClass}>
          Settings
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" disabled={loggingOut} className={itemClass}>
            {loggingOut ? 'Logging out...' : 'Log Out'}
          </button>
        </Form>
      </div>
    </details>
  )
}

const iconProps = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true, className: 'size-5 shrink-0' } as const
const CompassIcon = () => (
  <svg {...iconProps}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </svg>
)
const MenuIcon = () => (
  <svg {...iconProps}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
)
const PanelIcon = () => (
  <svg {...iconProps}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </svg>
)
