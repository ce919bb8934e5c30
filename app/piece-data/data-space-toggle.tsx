import { Link } from '@remix-run/react'
import type { OwnedSpace } from './owner.server'

export const DATA_TOGGLE_WORDS = {
  label: 'Data',
  test: 'Test',
  live: 'Public',
  describe: {
    test: 'Your test data: what you try here never shows on the public page.',
    live: 'The public Piece’s data, as its visitors see it: what you do here, they see.',
  },
  open: 'Open data',
  /** While a check is recorded the Piece works on the check's own data, whichever was chosen. */
  recording: 'Data: the check’s own, empty at the start',
  /** The same on a phone, where the toolbar has room for a few words. */
  recordingShort: 'Own data',
} as const

/**
 * Issue 39.4: over the editor's preview, which data the Piece there uses — the owner's test
 * data (at first, so experiments never show on the public page) or the public data — and the
 * way to the Data page.
 */
export function DataSpaceToggle({
  space,
  onChange,
  pieceName,
  recording,
}: {
  space: OwnedSpace
  onChange: (space: OwnedSpace) => void
  pieceName: string
  recording: boolean
}) {
  if (recording)
    return (
      <span className="mr-auto truncate px-1 text-xs text-zinc-500" title={DATA_TOGGLE_WORDS.recording}>
        <span className="max-sm:hidden">{DATA_TOGGLE_WORDS.recording}</span>
        <span className="sm:hidden">{DATA_TOGGLE_WORDS.recordingShort}</span>
      </span>
    )
  const option = (value: OwnedSpace) => (
    <button
      type="button"
      aria-pressed={space === value}
      title={DATA_TOGGLE_WORDS.describe[value]}
      onClick={() => onChange(value)}
      className="h-7 rounded px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-200 aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-sm dark:text-zinc-400 dark:hover:bg-zinc-800 dark:aria-pressed:bg-zinc-700 dark:aria-pressed:text-white"
    >
      {DATA_TOGGLE_WORDS[value]}
    </button>
  )
  return (
    <span role="group" aria-label="Data the preview uses" className="mr-auto flex items-center gap-1 text-xs">
      <span className="px-1 text-zinc-500 max-sm:hidden">{DATA_TOGGLE_WORDS.label}</span>
      <span className="flex rounded-md bg-zinc-100 p-0.5 dark:bg-zinc-900">
        {option('test')}
        {option('live')}
      </span>
      <Link to={`/pieces/${pieceName}/data?space=${space}`} className="px-1 text-zinc-500 underline-offset-2 hover:underline">
        {DATA_TOGGLE_WORDS.open}
      </Link>
    </span>
  )
}
