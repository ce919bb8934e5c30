import { Link } from '@remix-run/react'
import type { OwnedSpace } from './owner.server'

export const DATA_TOGGLE_WORDS = {
  test: 'Test data',
  live: 'Public data',
  describe: (space: OwnedSpace) =>
    space === 'test'
      ? 'The preview keeps its data apart from the public Piece. Press to use the public data.'
      : 'The preview reads and writes the public Piece’s data. Press to go back to test data.',
  open: 'Open data',
} as const

/**
 * Issue 39.4: over the editor's preview, which data the Piece there uses — the owner's test
 * data (at first, so experiments never show on the public page) or the public data — and the
 * way to the Data page.
 */
export function DataSpaceToggle({ space, onChange, pieceName }: { space: OwnedSpace; onChange: (space: OwnedSpace) => void; pieceName: string }) {
  return (
    <span className="mr-auto flex items-center gap-1">
      <button
        type="button"
        aria-pressed={space === 'live'}
        title={DATA_TOGGLE_WORDS.describe(space)}
        onClick={() => onChange(space === 'test' ? 'live' : 'test')}
        className="h-8 rounded-md px-2 text-xs font-medium text-zinc-700 hover:bg-zinc-200 aria-pressed:bg-amber-500/20 aria-pressed:text-amber-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:text-amber-200"
      >
        {space === 'test' ? DATA_TOGGLE_WORDS.test : DATA_TOGGLE_WORDS.live}
      </button>
      <Link to={`/pieces/${pieceName}/data?space=${space}`} className="h-8 rounded-md px-2 text-xs leading-8 text-zinc-500 underline-offset-2 hover:underline">
        {DATA_TOGGLE_WORDS.open}
      </Link>
    </span>
  )
}
