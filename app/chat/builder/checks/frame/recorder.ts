import { elementWords } from '~/lib/element-words'
import { frameConfig } from '../../frame/config'
import { followPointer, keepFromPiece } from '../../frame/keep-from-piece'
import { isUi, nextInOrder, outlineBox, placeOutline, tabOrder } from '../../frame/outline'
import { everything, labelsOf, nameOf, normal, roleOf, textOf } from './aria'
import { expectations } from './expectations'
import { freshStorage } from './fresh-storage'
import { type RecorderSetup, type Step } from './setup'
import { Using } from './using'

/**
 * Issue 31.1: the recorder that runs inside the preview while a check is recorded, bundled
 * into the text it is sent as (scripts/frame-scripts.ts) and put first in the Piece's
 * document (recorder-document.ts), so its listeners on the window hear each event first.
 * It has two modes: using (`use`, using.ts) turns what the person does into steps
 * (`check:step`); picking (`pick`), like the visual editor's picker, keeps clicks and keys
 * from the Piece, and a click on an element proposes what must be true of it (`check:expect`).
 */
freshStorage()
const setup = frameConfig<RecorderSetup>('recorder')
const COLOR = '#047857'
const TINT = 'rgba(4,120,87,.08)'
let mode: 'use' | 'pick' = 'use'
let hovered: Element | null = null
let picked: Element | null = null
let hoverBox: HTMLElement | null = null
let pickBox: HTMLElement | null = null

const post = (message: Record<string, unknown>) => parent.postMessage({ ...message, take: setup.take }, '*')
const using = new Using(setup, { emit: (step: Step) => post({ type: 'check:step', step }), skipped: (reason) => post({ type: 'check:skipped', reason }) })
const skip = (element: Element) => /^(html|head|body|script|style|link|meta|title|base|noscript|template)$/i.test(element.tagName) || isUi(element)
const picking = () => mode === 'pick'

/** The element as the steps will name it (the naming shared with the visual editor and the checks list). */
const words = (element: Element) =>
  elementWords({
    tag: element.localName,
    role: roleOf(element),
    name: nameOf(element),
    text: normal(textOf(element)),
    id: element.id,
    label: labelsOf(element)[0] || '',
    placeholder: element.getAttribute('placeholder') || '',
  })

function redraw() {
  placeOutline(hoverBox, picking() && hovered && hovered !== picked ? hovered : null, words)
  placeOutline(pickBox, picking() ? picked : null, words)
}

function pick(element: Element | null) {
  picked = element && !skip(element) ? element : null
  redraw()
  if (picked) post({ type: 'check:expect', options: expectations(setup, picked) })
}

function setMode(next: 'use' | 'pick') {
  if (next === 'pick') using.flushTyping()
  mode = next
  if (!hoverBox) {
    hoverBox = outlineBox(COLOR, TINT, false)
    pickBox = outlineBox(COLOR, TINT, true)
  }
  hovered = null
  picked = null
  document.documentElement.style.cursor = picking() ? 'crosshair' : ''
  redraw()
  post({ type: 'check:active', mode })
}

function onPickKey(event: KeyboardEvent) {
  event.stopImmediatePropagation()
  event.preventDefault()
  if (event.key === 'Escape') setMode('use')
  else if (event.key === 'Tab') {
    const next = nextInOrder(tabOrder(everything(), skip), hovered ?? picked, event.shiftKey)
    if (!next) return
    hovered = next
    redraw()
    next.scrollIntoView({ block: 'nearest' })
  } else if ((event.key === 'Enter' || event.key === ' ') && hovered) pick(hovered)
}

// The listeners: first on the window, before the Piece's own.
const swallow = keepFromPiece(setup.swallowed, picking)
followPointer(picking, (element) => {
  const target = element && !skip(element) ? element : null
  if (target === hovered) return
  hovered = target
  redraw()
})
window.addEventListener('click', (event) => (swallow(event) ? pick(event.target instanceof Element ? event.target : null) : using.onClick(event)), true)
window.addEventListener('keydown', (event) => (picking() ? onPickKey(event) : using.onKeyDown(event)), true)
window.addEventListener('keyup', () => !picking() && using.onKeyUp(), true)
window.addEventListener('input', (event) => !picking() && using.onInput(event), true)
window.addEventListener('change', (event) => !picking() && using.onChange(event), true)
// Leaving the preview (for the panel) does not blur its field: what was typed is recorded now.
window.addEventListener('blur', () => !picking() && using.flushTyping())
window.addEventListener('scroll', () => picking() && redraw(), true)
window.addEventListener('resize', () => picking() && redraw())
window.addEventListener('message', (event) => {
  if (event.source !== parent || !event.data || event.data.type !== 'check:mode') return
  setMode(event.data.mode === 'pick' ? 'pick' : 'use')
})
post({ type: 'check:ready' })
