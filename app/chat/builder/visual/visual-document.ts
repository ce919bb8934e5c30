import { STAMP_ATTRIBUTE } from '~/generation/visual/edits'
import { stampDocument } from '~/generation/visual/splice'
import { frameDocument, SWALLOWED_WHILE_PICKING } from '../frame-document'
import { type PickerConfig } from './frame/setup'
import pickerSource from 'virtual:frame-script/visual-picker'

/**
 * What the preview shows while "Edit visually" is on (issue 30.1 and 30.3): the code with a
 * stamp on each element that has a place of its own, and the picker (frame/picker.ts) first,
 * before the Piece's scripts. Loaded only when the mode is turned on (it brings the HTML parser).
 */
export function visualDocument(code: string): string {
  const config: PickerConfig = { stamp: STAMP_ATTRIBUTE, swallowed: SWALLOWED_WHILE_PICKING }
  return frameDocument(stampDocument(code), 'visual', pickerSource, config)
}
