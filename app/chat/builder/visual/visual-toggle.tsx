import { VisualEditWords } from '~/generation/visual/edits'
import { cn } from '~/ui/cn'
import type { VisualEditor } from './use-visual-editor'

/**
 * Issue 30.1: "Edit visually", beside the preview, with JavaScript only (without it the
 * mode is not offered and the page is as it was). Off while a build runs or before there
 * is code to edit, saying why.
 */
export function VisualToggle({ visual, available }: { visual: VisualEditor; available: boolean }) {
  return (
    <div className="flex h-10 shrink-0 items-center justify-end gap-2 border-b border-zinc-200 bg-zinc-50 px-2 dark:border-zinc-800 dark:bg-zinc-900">
      {!available ? <span className="truncate text-xs text-zinc-500">Visual editing opens once there is a page and no build is running</span> : null}
      <button
        type="button"
        aria-pressed={visual.on}
        disabled={!available && !visual.on}
        onClick={visual.toggle}
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50',
          visual.on ? 'bg-brand-600 text-white hover:bg-brand-500' : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-200 dark:hover:bg-zinc-800',
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m3 3 7.07 16.97 2.51-7.39 7.39-2.51L3 3Z" />
          <path d="m13 13 6 6" />
        </svg>
        {VisualEditWords.toggle}
      </button>
    </div>
  )
}
