import { STAMP_ATTRIBUTE } from '~/generation/visual/edits'
import { stampDocument } from '~/generation/visual/splice'
import { namedSource } from './named-source'
import { SWALLOWED_WHILE_PICKING, visualPicker } from './picker'

/**
 * What the preview shows while "Edit visually" is on (issue 30.1 and 30.3): the code with a
 * stamp on each element that has a place of its own, and the picker first, before the
 * Piece's scripts. Loaded only when the mode is turned on (it brings the HTML parser).
 */
export function visualDocument(code: string): string {
  const stamped = stampDocument(code)
  const script = `<script data-pieces-ui>${namedSource(visualPicker, [STAMP_ATTRIBUTE, SWALLOWED_WHILE_PICKING]).replace(/<\/(script)/gi, '<\\/$1')}</script>`
  const doctype = /^\s*<!doctype[^>]*>/i.exec(stamped)?.[0] ?? ''
  return `${doctype}${script}${stamped.slice(doctype.length)}`
}
