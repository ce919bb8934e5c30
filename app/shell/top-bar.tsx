import { Link } from '@remix-run/react'
import { ChecksSection } from '~/checks/checks-section'
import { DataSection } from '~/piece-data/data-section'
import { PieceMenu } from '~/pieces/menu/piece-menu'
import { buttonClasses } from '~/ui/button'
import { MenuIcon } from './icons'
import type { ShellUser, ShownPiece } from './schema'
import { UserMenu } from './user-menu'

/** The top bar: the drawer button under 768 px, the Piece's menu (with Edit or View) or the page title, and the user menu. */
export function TopBar({
  user,
  title,
  topBarPiece,
  drawerOpen,
  onToggleDrawer,
}: {
  user: ShellUser
  title: string
  topBarPiece: ShownPiece | null
  drawerOpen: boolean
  onToggleDrawer: () => void
}) {
  return (
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
          onToggleDrawer()
        }}
        className="grid size-9 cursor-pointer place-items-center rounded-md hover:bg-zinc-100 md:hidden dark:hover:bg-zinc-800"
      >
        <MenuIcon />
      </label>
      {topBarPiece ? (
        <>
          <PieceMenu
            piece={topBarPiece.piece}
            isOwner={topBarPiece.isOwner}
            subscribed={user.subscribed}
            shareUrl={topBarPiece.shareUrl}
            ownerSections={
              <>
                {topBarPiece.checks ? <ChecksSection pieceId={topBarPiece.piece.id} checks={topBarPiece.checks} /> : null}
                <DataSection pieceName={topBarPiece.piece.name} />
              </>
            }
          />
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
  )
}
