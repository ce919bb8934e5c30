import { useFetchers, useLocation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useDisclosure } from '~/ui/disclosure'
import { PieceIcon } from '../piece-icon'
import { DELETE_PARAM, normalizeName, type MenuPiece } from '../schema'
import { CopyLinkSection } from './copy-link-section'
import { DeleteDialog, DeleteSection } from './delete-section'
import { DescriptionSection } from './description-section'
import { IconSection } from './icon-section'
import { ReadOnlySection } from './read-only-section'
import { RemixesSection } from './remixes-section'
import { RenameSection } from './rename-section'
import { VisibilitySection } from './visibility-section'

/** The name a rename on its way would give the Piece, so the title shows it at once. */
function useShownName(piece: MenuPiece) {
  const renaming = useFetchers().find(({ formData }) => formData?.get('intent') === 'rename' && formData.get('id') === String(piece.id))
  const name = renaming?.formData?.get('name')
  return typeof name === 'string' ? normalizeName(name) : piece.name
}

/**
 * The Piece dropdown of the top bar (spec 1 §2.3, §4). The owner can rename, describe,
 * change the icon and visibility, delete and copy the link, and use the sections the page
 * adds (the editor's checks); everyone else sees the name, the description and the link.
 * Every action is one form, with or without JavaScript.
 */
export function PieceMenu({
  piece,
  isOwner,
  subscribed,
  shareUrl,
  ownerSections,
}: {
  piece: MenuPiece
  isOwner: boolean
  subscribed: boolean
  shareUrl: string
  /** Sections only the owner sees, from features above this one (the editor's checks, issue 31.4): the menu does not import them. */
  ownerSections?: ReactNode
}) {
  const location = useLocation()
  const confirmDelete = isOwner && new URLSearchParams(location.search).has(DELETE_PARAM)
  const name = useShownName(piece)
  const menu = useRef<HTMLDetailsElement>(null)
  const disclosure = useDisclosure(menu)

  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.pathname])

  // Under 640 px the panel spans the screen (the summary starts after the drawer button, so a panel hung from it would run off the right edge).
  return (
    <>
      <details className="relative min-w-0 flex-1" data-testid="piece-menu" {...disclosure.details}>
        <summary
          {...disclosure.summary}
          className="flex h-9 max-w-full cursor-pointer list-none items-center gap-2 rounded-md px-2 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <PieceIcon icon={piece.icon} name={name} />
          <span className="truncate text-base font-semibold" data-testid="top-bar-title">
            {name}
          </span>
          <span className="sr-only">Open Piece menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 text-zinc-500" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </summary>
        <div
          role="group"
          aria-label="Piece menu"
          className="fixed inset-x-3 top-14 z-40 max-h-[calc(100dvh-4.5rem)] space-y-1 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-xl sm:absolute sm:inset-x-auto sm:top-11 sm:left-0 sm:w-[22rem] dark:border-zinc-800 dark:bg-zinc-900"
        >
          {isOwner ? (
            <>
              <RenameSection piece={piece} />
              <DescriptionSection piece={piece} />
              <IconSection piece={piece} />
              <VisibilitySection piece={piece} subscribed={subscribed} />
              <RemixesSection piece={piece} />
              {ownerSections}
            </>
          ) : (
            <ReadOnlySection piece={piece} />
          )}
          <CopyLinkSection shareUrl={shareUrl} />
          {isOwner ? <DeleteSection piece={piece} /> : null}
        </div>
      </details>
      {confirmDelete ? <DeleteDialog piece={piece} /> : null}
    </>
  )
}
