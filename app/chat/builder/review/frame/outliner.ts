import { frameConfig } from '../../frame/config'
import { outlineBox, placeOutline } from '../../frame/outline'
import { labelOf } from '../../visual/frame/label'
import { type OutlinerConfig } from './setup'

/**
 * Issue 40.1: the outliner that runs inside the preview while a turn's changes are reviewed
 * (bundled by scripts/frame-scripts.ts, put first in the document by review-document.ts).
 * It never takes the Piece's events: the page tells it which element a change touched (by
 * the stamp of its place in the code) and it outlines that one, with its name, scrolled
 * into view; `null` takes the outline away.
 */
const { stamp } = frameConfig<OutlinerConfig>('review')
const COLOR = '#d97706'
let box: HTMLElement | null = null
let shown: Element | null = null

function redraw() {
  placeOutline(box, shown, labelOf)
}

function outline(at: number | null) {
  if (!box) box = outlineBox(COLOR, 'rgba(217,119,6,.08)', true)
  shown = at === null ? null : document.querySelector(`[${stamp}="${at}"]`)
  if (shown) shown.scrollIntoView({ block: 'nearest' })
  redraw()
}

window.addEventListener('scroll', () => shown && redraw(), true)
window.addEventListener('resize', () => shown && redraw())
window.addEventListener('message', (event) => {
  if (event.source !== parent || !event.data || event.data.type !== 'review:outline') return
  const at: unknown = event.data.at
  outline(typeof at === 'number' ? at : null)
})
parent.postMessage({ type: 'review:ready' }, '*')
