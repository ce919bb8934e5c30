import { CheckWords } from '~/checks/schema'
import { cn } from '~/ui/cn'
import type { CheckRecorder } from './use-check-recorder'

/**
 * Issue 31.1: "Record a check", in the bar above the preview beside "Edit visually", with
 * JavaScript only (the bar is not there without it). Off while a build runs or before there
 * is a page, as the visual editor is; `describedBy` names what says why.
 */
export function RecordToggle({ recorder, available, describedBy }: { recorder: CheckRecorder; available: boolean; describedBy?: string }) {
  return (
    <button
      type="button"
      aria-pressed={recorder.on}
      aria-describedby={!available && !recorder.on ? describedBy : undefined}
      disabled={!available && !recorder.on}
      onClick={recorder.toggle}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50',
        recorder.on ? 'bg-emerald-700 text-white hover:bg-emerald-600' : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-200 dark:hover:bg-zinc-800',
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <circle cx="12" cy="12" r="3.5" fill="currentColor" stroke="none" />
      </svg>
      <span className={!available && !recorder.on ? 'sr-only @xl:not-sr-only' : undefined}>{CheckWords.record}</span>
    </button>
  )
}
