import { STAMP_ATTRIBUTE } from '~/generation/visual/edits'
import { stampDocument } from '~/generation/visual/splice'
import { frameDocument } from '../frame-document'
import { type OutlinerConfig } from './frame/setup'
import outlinerSource from 'virtual:frame-script/review-outliner'

export { elementOfChange } from '~/generation/review/describe'

/**
 * What the preview shows while a turn's changes are reviewed (issue 40.1): the chosen
 * version with a stamp on each element that has a place of its own, and the outliner first.
 * Loaded only when a review opens (it brings the HTML parser).
 */
export function reviewDocument(code: string): string {
  const config: OutlinerConfig = { stamp: STAMP_ATTRIBUTE }
  return frameDocument(stampDocument(code), 'review', outlinerSource, config)
}
