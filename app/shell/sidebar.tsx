import { NavLink } from '@remix-run/react'
import { useRef } from 'react'
import { cn } from '~/ui/cn'
import { swipeCloses } from './drawer'
import { FeedbackPopover } from './feedback-popover'
import { CompassIcon, PanelIcon } from './icons'
import { Logo } from './logo'
import { NewPieceEntry } from './new-piece-entry'
import { SidebarPieces, type SidebarPage } from './sidebar-pieces'

/** The sidebar (a drawer under 768 px that a swipe left closes): Explore, New Piece, the Piece list and Share Feedback. */
export function Sidebar({
  collapsed,
  onToggleCollapsed,
  onCloseDrawer,
  pieces,
  piecesLimit,
}: {
  collapsed: boolean
  onToggleCollapsed: () => void
  onCloseDrawer: () => void
  pieces: SidebarPage
  piecesLimit: number
}) {
  const touch = useRef<{ x: number; t: number } | null>(null)
  return (
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
        if (start && point && swipeCloses(point.clientX - start.x, event.timeStamp - start.t)) onCloseDrawer()
      }}
      className={cn(
        'fixed inset-y-0 left-0 z-50 flex w-[75vw] -translate-x-full flex-col border-r border-zinc-200 bg-zinc-50 transition-transform peer-checked:translate-x-0 dark:border-zinc-800 dark:bg-zinc-950',
        'md:sticky md:top-0 md:h-dvh md:w-[var(--sidebar-width)] md:translate-x-0 md:transition-[width]',
      )}
    >
      <div className="flex h-14 items-center justify-between gap-2 px-3">
        {collapsed ? null : <Logo to="/explore" />}
        {/* Collapsing is kept in the browser: without JavaScript there is nothing to press. */}
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? 'Expand sidebar (Ctrl+B)' : 'Collapse sidebar (Ctrl+B)'}
          title="Toggle sidebar (Ctrl+B)"
          className="hidden size-8 place-items-center rounded-md text-zinc-500 hover:bg-zinc-200 js:md:grid dark:hover:bg-zinc-800"
        >
          <PanelIcon />
        </button>
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
      <div className="px-2 pt-2 pb-3">
        <FeedbackPopover collapsed={collapsed} />
      </div>
    </aside>
  )
}
