import { CheckWords } from '~/checks/schema'
import { PreviewModeButton } from '../visual/visual-toggle'
import type { CheckRecorder } from './use-check-recorder'

/**
 * Issue 31.1: "Record a check", in the bar above the preview beside "Edit visually", with
 * JavaScript only (the bar is not there without it). Off while a build runs or before there
 * is a page, as the visual editor is; `describedBy` names what says why.
 */
export function RecordToggle({ recorder, available, describedBy }: { recorder: CheckRecorder; available: boolean; describedBy?: string }) {
  return (
    <PreviewModeButton
      on={recorder.on}
      available={available}
      describedBy={describedBy}
      onClick={recorder.toggle}
      onClassName="bg-emerald-700 text-white hover:bg-emerald-600"
      label={CheckWords.record}
      icon={
        <>
          <circle cx="12" cy="12" r="9" />
          <circle cx="12" cy="12" r="3.5" fill="currentColor" stroke="none" />
        </>
      }
    />
  )
}
