import { useId, type ReactNode } from 'react'
import { VisualEditWords } from '~/generation/visual/edits'
import { cn } from '~/ui/cn'
import type { VisualEditor } from './use-visual-editor'

/**
 * Issue 30.1: "Edit visually", beside the preview, with JavaScript only (without it the
 * mode is not offered and the page is as it was). Off while a build runs or before there
 * is code to edit, saying why. The bar holds the preview's other modes too (`children`).
 */
export function VisualToggle({
  visual,
  available,
  unavailable = 'Visual editing opens once there is a page and no build is running',
  children,
}: {
  visual: VisualEditor
  available: boolean
  /** Why the bar's buttons are off. */
  unavailable?: string
  /** Other buttons of the bar, before this one (issue 31: "Record a check"), given the id of the reason they are off. */
  children?: (reasonId: string) => ReactNode
}) {
  const reasonId = useId()
  return (
    <div className="@container flex h-10 shrink-0 items-center justify-end gap-1 border-b border-zinc-200 bg-zinc-50 px-2 dark:border-zinc-800 dark:bg-zinc-900">
      {!available ? (
        <span id={reasonId} title={unavailable} className="line-clamp-2 min-w-0 flex-1 text-right text-xs leading-tight text-zinc-500">
          {unavailable}
        </span>
      ) : null}
      {children?.(reasonId)}
      <PreviewModeButton
        on={visual.on}
        available={available}
        describedBy={reasonId}
        onClick={visual.toggle}
        onClassName="bg-brand-600 text-white hover:bg-brand-500"
        label={VisualEditWords.toggle}
        icon={
          <>
            <path d="m3 3 7.07 16.97 2.51-7.39 7.39-2.51L3 3Z" />
            <path d="m13 13 6 6" />
          </>
        }
      />
    </div>
  )
}

/**
 * A mode of the preview (Edit visually, Record a check): pressed while on; off while a build
 * runs or before there is a page, naming what says why. In a narrow bar the reason takes the
 * room of the words (the button keeps its name).
 */
export function PreviewModeButton(props: {
  on: boolean
  available: boolean
  describedBy?: string
  onClick: () => void
  onClassName: string
  label: string
  icon: ReactNode
}) {
  const off = !props.available && !props.on
  return (
    <button
      type="button"
      aria-pressed={props.on}
      aria-describedby={off ? props.describedBy : undefined}
      disabled={off}
      onClick={props.onClick}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50',
        props.on ? props.onClassName : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-200 dark:hover:bg-zinc-800',
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        {props.icon}
      </svg>
      <span className={off ? 'sr-only @xl:not-sr-only' : undefined}>{props.label}</span>
    </button>
  )
}
