import { useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { MenuPiece, PieceIntent } from '../schema'

/** A part of the menu under its title; `action` sits at the title's end (the Checks' Run all). */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="border-b border-zinc-200 pb-3 last:border-0 last:pb-0 dark:border-zinc-800">
      {action ? (
        <div className="flex items-center justify-between gap-2 pb-1.5">
          <h3 className="pt-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
          {action}
        </div>
      ) : (
        <h3 className="pt-1 pb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      )}
      {children}
    </section>
  )
}

/** The fields every form of the menu carries: what to do, to which Piece, and the page to come back to. */
export function PieceFields({ piece, intent }: { piece: MenuPiece; intent: PieceIntent }) {
  const location = useLocation()
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={String(piece.id)} />
      <input type="hidden" name="returnTo" value={location.pathname} />
    </>
  )
}
