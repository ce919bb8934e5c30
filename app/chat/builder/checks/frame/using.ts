import { isUi } from '../../frame/outline'
import { roleOf } from './aria'
import { locate } from './locate'
import { type RecorderSetup, type Step } from './setup'

const UNFILLED = ['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden']
/** A field a person types into (not one that is clicked or chosen). */
export const isField = (target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !UNFILLED.includes(target.type))

const CONTROLS = [
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
  'gridcell',
  'slider',
  'spinbutton',
  'combobox',
  'textbox',
  'searchbox',
]
const CONTROL_SELECTOR = `button, a[href], input, select, textarea, summary, label, ${CONTROLS.map((role) => `[role~="${role}"]`).join(', ')}`

type Report = { emit: (step: Step) => void; skipped: (reason: string) => void }

/**
 * While a check is recorded and the person uses the Piece, the recorder only listens, never
 * prevents anything, and turns what is done into steps: clicks, the final value typed into a
 * field, the option chosen, and keys such as Enter or the arrows (printable keys are part of
 * what is typed).
 */
export class Using {
  /** The field typed into since its value was last recorded. */
  private typed: HTMLInputElement | HTMLTextAreaElement | null = null
  /** The key held down, while its click may still come: Enter or Space on a control is that control's click. */
  private held: { field: boolean; pending: Step | null } | null = null
  /** A click on a label is followed by the browser's click on its control: one step, not two. */
  private echo: Element | null = null

  constructor(
    private readonly setup: RecorderSetup,
    private readonly report: Report,
  ) {}

  flushTyping() {
    const field = this.typed
    this.typed = null
    if (!field || !field.isConnected) return
    if (field.value.length > this.setup.valueMax) return this.report.skipped('long')
    const target = locate(this.setup, field, { noText: true })
    if (!target) return this.report.skipped('unlocatable')
    this.report.emit({ action: 'fill', target, value: field.value })
  }

  onInput(event: Event) {
    if (event.isTrusted && isField(event.target)) this.typed = event.target
  }

  onClick(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target : null
    // What the Piece's own script does (a click() it calls) is not a step: it does it again on replay.
    if (!event.isTrusted || !target || isUi(target)) return
    if (this.echo && target === this.echo) return void (this.echo = null)
    if (this.held && event.detail === 0) {
      // The click a key made: Enter in a field submits (the press is the step); Enter or Space on a control is its click.
      if (this.held.field) return
      this.held.pending = null
    }
    const control = this.controlOf(target)
    // Clicks into fields are not steps: what is typed or chosen is.
    if (control && (isField(control) || control instanceof HTMLSelectElement || ['textbox', 'searchbox', 'combobox', 'listbox'].includes(roleOf(control))))
      return
    this.flushTyping()
    const located = locate(this.setup, control ?? target)
    if (located) this.report.emit({ action: 'click', target: located })
    else if (control) this.report.skipped('unlocatable')
  }

  /** The control a click is on: a label's is the control it labels (whose own click is then an echo). */
  private controlOf(target: Element) {
    const control = target.closest(CONTROL_SELECTOR)
    if (!(control instanceof HTMLLabelElement)) return control
    const labelled = control.control
    if (labelled && labelled !== target) {
      this.echo = labelled
      setTimeout(() => (this.echo = null))
    }
    return labelled
  }

  onChange(event: Event) {
    if (isField(event.target)) {
      if (this.typed === event.target) this.flushTyping()
      return
    }
    if (!(event.target instanceof HTMLSelectElement)) return
    this.flushTyping()
    const option = event.target.selectedOptions[0]
    const target = locate(this.setup, event.target, { noText: true })
    if (!option || !option.label) return
    if (!target) return this.report.skipped('unlocatable')
    this.report.emit({ action: 'select', target, value: option.label })
  }

  onKeyDown(event: KeyboardEvent) {
    const key = event.key === ' ' ? 'Space' : event.key
    if (!event.isTrusted) return
    // Tab only moves the focus: the steps that follow find their elements themselves.
    if (!this.setup.keys.includes(key) || key === 'Tab' || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return
    const on = event.target instanceof Element && event.target !== document.body && event.target !== document.documentElement ? event.target : null
    const field = Boolean(on && (isField(on) || (on instanceof HTMLElement && on.isContentEditable)))
    if (on instanceof HTMLSelectElement) return
    // In a field, the editing keys (and Enter in a text area) are part of what is typed.
    if (field && (on instanceof HTMLTextAreaElement ? key !== 'Escape' : key !== 'Enter' && key !== 'Escape')) return
    this.flushTyping()
    const target = on ? locate(this.setup, on, { noText: isField(on) }) : null
    const step: Step = target ? { action: 'press', target, key } : { action: 'press', key }
    const activates = Boolean(on && !field && (key === 'Enter' || key === 'Space'))
    this.held = { field, pending: activates ? step : null }
    if (!activates) this.report.emit(step)
  }

  onKeyUp() {
    const was = this.held
    if (!was) return
    // Space clicks on key up, after this listener: the click, if one comes, takes the press's place.
    setTimeout(() => {
      if (was.pending) this.report.emit(was.pending)
      if (this.held === was) this.held = null
    })
  }
}
