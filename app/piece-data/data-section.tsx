import { Link } from '@remix-run/react'
import { Section } from '~/pieces/menu/section'

/** Issue 39.4: the Piece menu's way to what the Piece keeps for its visitors (the owner's Data page). */
export function DataSection({ pieceName }: { pieceName: string }) {
  return (
    <Section title="Data">
      <p className="pb-2 text-xs text-zinc-500">What this Piece keeps with pieces.data: its visitors’ records, your test data, exports.</p>
      <Link
        to={`/pieces/${pieceName}/data`}
        className="block rounded-md border border-zinc-300 px-3 py-1.5 text-center font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        View and manage data
      </Link>
    </Section>
  )
}
