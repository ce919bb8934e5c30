import type { ElementFacts } from '~/lib/element-words'

/** What the recorder is told when it starts: the schema's lists and bounds, and which take of the recording it is. */
export type RecorderSetup = {
  /** Each start (and Start over) is a new take: the app drops what an older document says. */
  take: number
  roles: readonly string[]
  keys: readonly string[]
  valueMax: number
  /** The longest visible text that may find an element (a longer one is not how a person names it). */
  textMax: number
  /** What is kept from the Piece while picking (the visual picker's list). */
  swallowed: readonly string[]
}

/**
 * Issue 31.1: the recorder that runs inside the preview while a check is recorded. It is put
 * first in the Piece's document (before the Piece's own scripts), so its listeners on the
 * window hear each event first. It has two modes:
 *
 * - using (`use`): it only listens, never prevents anything, and turns what the person does
 *   into steps (`check:step`): clicks, the final value typed into a field, the option chosen,
 *   and keys such as Enter or the arrows (printable keys are part of what is typed);
 * - picking (`pick`): like the visual editor's picker, clicks and keys are kept from the
 *   Piece; a click on an element proposes what must be true of it (`check:expect`).
 *
 * Steps find their elements as a person names them, and as Playwright finds them (role and
 * accessible name, label, placeholder, text; an id last), checked to find exactly one element
 * now; never by position or class. Sent as source text: it uses nothing outside itself, and
 * no closing tag sequence appears in it.
 */
// eslint-disable-next-line max-lines-per-function -- sent as one function's source text into the preview, so it cannot lean on helpers of its module
export function checkRecorder(setup: RecorderSetup, words: (facts: ElementFacts) => string) {
  type Step = Record<string, unknown>
  type Found = Record<string, string>
  const { take, roles, keys, valueMax, textMax, swallowed } = setup
  let mode: 'use' | 'pick' = 'use'
  const COLOR = '#047857'

  const post = (message: Record<string, unknown>) => parent.postMessage({ ...message, take }, '*')
  const emit = (step: Step) => post({ type: 'check:step', step })
  const skipped = (reason: string) => post({ type: 'check:skipped', reason })
  /** Whitespace as Playwright reads text: collapsed, trimmed, without zero-width spaces and soft hyphens. */
  const normal = (value: string | null | undefined) =>
    (value || '')
      .replace(/[\u200b\u00ad]/g, '')
      .trim()
      .replace(/\s+/g, ' ')
  const isUi = (element: Element) => Boolean(element.closest('[data-pieces-ui]'))
  const css = (element: Element, pseudo?: string) => getComputedStyle(element, pseudo)
  const everything = () => [document.body, ...Array.from(document.body.querySelectorAll('*'))].filter((element) => !isUi(element))

  // Roles, as Playwright's getByRole computes them (the common cases).
  const VALID = new Set(
    `${roles.join(' ')} alertdialog application article banner blockquote caption code columnheader complementary contentinfo definition deletion document emphasis feed figure form generic grid gridcell group insertion log main mark marquee math menu menubar menuitemcheckbox menuitemradio navigation none note paragraph presentation radiogroup rowgroup rowheader scrollbar search separator strong subscript superscript tablist tabpanel term time toolbar tooltip tree treegrid treeitem`.split(
      ' ',
    ),
  )
  const LOCATABLE = new Set(roles)
  const TEXT_TYPES = ['email', 'search', 'tel', 'text', 'url', '']
  const INPUT_ROLES: Record<string, string> = {
    button: 'button',
    checkbox: 'checkbox',
    image: 'button',
    number: 'spinbutton',
    radio: 'radio',
    range: 'slider',
    reset: 'button',
    submit: 'button',
    file: 'button',
  }
  const TAG_ROLES: Record<string, string> = {
    article: 'article',
    button: 'button',
    dialog: 'dialog',
    h1: 'heading',
    h2: 'heading',
    h3: 'heading',
    h4: 'heading',
    h5: 'heading',
    h6: 'heading',
    li: 'listitem',
    main: 'main',
    menu: 'list',
    meter: 'meter',
    nav: 'navigation',
    ol: 'list',
    option: 'option',
    output: 'status',
    p: 'paragraph',
    progress: 'progressbar',
    svg: 'img',
    table: 'table',
    textarea: 'textbox',
    tr: 'row',
    ul: 'list',
  }
  function implicitRole(element: Element): string {
    const tag = element.localName
    if (tag === 'a' || tag === 'area') return element.hasAttribute('href') ? 'link' : ''
    if (tag === 'input') {
      const type = (element as HTMLInputElement).type.toLowerCase()
      if (TEXT_TYPES.includes(type)) {
        const list = element.getAttribute('list')
        if (list && document.getElementById(list)?.localName === 'datalist') return 'combobox'
        return type === 'search' ? 'searchbox' : 'textbox'
      }
      return type === 'hidden' ? '' : INPUT_ROLES[type] || 'textbox'
    }
    if (tag === 'select') return (element as HTMLSelectElement).multiple || (element as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox'
    if (tag === 'img') return element.getAttribute('alt') === '' && !element.getAttribute('title') ? 'presentation' : 'img'
    if (tag === 'section') return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'region' : ''
    if (tag === 'td') return element.closest('table')?.getAttribute('role') === 'grid' ? 'gridcell' : 'cell'
    return TAG_ROLES[tag] || ''
  }
  function roleOf(element: Element): string {
    const explicit = (element.getAttribute('role') || '')
      .toLowerCase()
      .split(' ')
      .find((role) => VALID.has(role.trim()))
    return explicit ? explicit.trim() : implicitRole(element)
  }

  function hiddenForAria(element: Element): boolean {
    if (/^(style|script|noscript|template)$/.test(element.localName)) return true
    if (!(element.localName === 'option' && element.closest('select')) && css(element).visibility !== 'visible') return true
    for (let at: Element | null = element; at; at = at.parentElement) {
      if (at.getAttribute('aria-hidden') === 'true' || css(at).display === 'none') return true
    }
    return false
  }

  /** The text an element shows, as Playwright's getByText and toHaveText read it (before normalizing). */
  function textOf(node: Node): string {
    if (node.nodeType === 3) return (node as Text).data
    if (node.nodeType !== 1) return ''
    const element = node as Element
    if (/^(script|noscript|style|head)$/.test(element.localName) || isUi(element)) return ''
    if (element.localName === 'input' && ['submit', 'button', 'reset'].includes((element as HTMLInputElement).type)) return (element as HTMLInputElement).value
    let text = ''
    for (const child of Array.from(element.childNodes)) text += textOf(child)
    return text
  }

  const FROM_CONTENT =
    'button cell checkbox columnheader gridcell heading link menuitem menuitemcheckbox menuitemradio option radio row rowheader switch tab tooltip treeitem'.split(
      ' ',
    )
  const FROM_CONTENT_INSIDE =
    ' caption code contentinfo definition deletion emphasis insertion list listitem mark none paragraph presentation region row rowgroup section strong subscript superscript table term time'.split(
      ' ',
    )
  const NO_NAME =
    'caption code definition deletion emphasis generic insertion mark paragraph presentation strong subscript suggestion superscript term time'.split(' ')

  function pseudoText(element: Element, which: string) {
    const style = css(element, which)
    const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(style.content)
    if (!quoted || style.display === 'none' || style.visibility === 'hidden') return ''
    const text = quoted[1]!.replace(/\\(.)/g, '$1')
    return style.display === 'inline' ? text : ` ${text} `
  }

  /** Labels' and references' text, as the accessible name takes it (hidden ones count when referenced). */
  function alternatives(elements: Element[], seen: Set<Element>) {
    return elements
      .map((element) => alternative(element, seen, 'embedded', hiddenForAria(element)))
      .filter((text) => normal(text))
      .join(' ')
  }

  /**
   * The accessible name, after the steps of Playwright's computation that a small page meets:
   * aria-labelledby, aria-label, labels, a button's value, alt, and the content for roles
   * named by their content. `how`: the element named (`self`), inside it (`inside`), or inside
   * a label or a reference (`embedded`).
   */
  function alternative(element: Element, seen: Set<Element>, how: 'self' | 'inside' | 'embedded', hiddenToo: boolean): string {
    if (seen.has(element) || /^(style|script|noscript|template)$/.test(element.localName)) return ''
    if (!hiddenToo && hiddenForAria(element)) return (seen.add(element), '')
    const role = roleOf(element)
    const tag = element.localName
    if (how === 'self') {
      const references = (element.getAttribute('aria-labelledby') || '')
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id) : null))
        .filter((found): found is HTMLElement => Boolean(found))
      const named = alternatives(references, seen)
      if (named) return named
    } else {
      // A field inside a label or a reference gives what it holds.
      if (role === 'textbox' || role === 'searchbox')
        return (seen.add(element), tag === 'input' || tag === 'textarea' ? (element as HTMLInputElement).value : element.textContent || '')
      if ((role === 'combobox' || role === 'listbox') && tag === 'select') {
        seen.add(element)
        const select = element as HTMLSelectElement
        const chosen = Array.from(select.selectedOptions)
        if (!chosen.length && select.options.length) chosen.push(select.options[0]!)
        return chosen.map((option) => alternative(option, seen, 'inside', false)).join(' ')
      }
      if (['progressbar', 'scrollbar', 'slider', 'spinbutton', 'meter'].includes(role)) {
        seen.add(element)
        return element.getAttribute('aria-valuetext') ?? element.getAttribute('aria-valuenow') ?? element.getAttribute('value') ?? ''
      }
    }
    const ariaLabel = element.getAttribute('aria-label') || ''
    if (normal(ariaLabel)) return (seen.add(element), ariaLabel)
    const presentational = role === 'presentation' || role === 'none'
    if (!presentational) {
      const input = element as HTMLInputElement
      if (tag === 'input' && ['button', 'submit', 'reset'].includes(input.type)) {
        seen.add(element)
        return normal(input.value) ? input.value : input.type === 'submit' ? 'Submit' : input.type === 'reset' ? 'Reset' : element.getAttribute('title') || ''
      }
      const labelled = ['button', 'output', 'textarea', 'select', 'input', 'meter', 'progress'].includes(tag) && !element.hasAttribute('aria-labelledby')
      if (labelled) {
        seen.add(element)
        const labels = Array.from(input.labels || [])
        if (labels.length) return alternatives(labels, seen)
        if (tag === 'output') return element.getAttribute('title') || ''
        if (tag !== 'button') {
          const usesPlaceholder =
            (tag === 'input' && ['text', 'password', 'number', 'search', 'tel', 'email', 'url'].includes(input.type)) || tag === 'textarea'
          const title = element.getAttribute('title') || ''
          return !usesPlaceholder || title ? title : element.getAttribute('placeholder') || ''
        }
      }
      if (tag === 'img') return (seen.add(element), normal(element.getAttribute('alt')) ? element.getAttribute('alt')! : element.getAttribute('title') || '')
    }
    const fromContent =
      FROM_CONTENT.includes(role) || (how === 'inside' && FROM_CONTENT_INSIDE.includes(role)) || (tag === 'summary' && !presentational) || how === 'embedded'
    if (fromContent) {
      seen.add(element)
      let text = pseudoText(element, '::before')
      for (const child of Array.from(element.childNodes)) {
        if (child.nodeType === 3) text += (child as Text).data
        else if (child.nodeType === 1) {
          const part = alternative(child as Element, seen, how === 'self' ? 'inside' : how, hiddenToo)
          text += css(child as Element).display !== 'inline' || (child as Element).localName === 'br' ? ` ${part} ` : part
        }
      }
      text += pseudoText(element, '::after')
      if (normal(text)) return text
    }
    seen.add(element)
    return presentational ? '' : element.getAttribute('title') || ''
  }

  const nameOf = (element: Element) => (NO_NAME.includes(roleOf(element)) ? '' : normal(alternative(element, new Set(), 'self', false)))
  const byRole = (role: string, name?: string) =>
    everything().filter((element) => roleOf(element) === role && !hiddenForAria(element) && (name === undefined || nameOf(element) === name))

  /** The texts getByLabel matches an element by: its references, its aria-label, or its labels. */
  function labelsOf(element: Element): string[] {
    const ids = (element.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)
    const references = ids.map((id) => document.getElementById(id)).filter((found): found is HTMLElement => Boolean(found))
    if (references.length) return references.map((reference) => normal(textOf(reference)))
    const ariaLabel = element.getAttribute('aria-label')
    if (ariaLabel && ariaLabel.trim()) return [normal(ariaLabel)]
    const control =
      ['button', 'meter', 'output', 'progress', 'select', 'textarea'].includes(element.localName) ||
      (element.localName === 'input' && (element as HTMLInputElement).type !== 'hidden')
    return control ? Array.from((element as HTMLInputElement).labels || []).map((label) => normal(textOf(label))) : []
  }

  /** What getByText(text, { exact: true }) finds: the deepest elements reading exactly `text`. */
  const byText = (text: string) =>
    everything().filter((element) => normal(textOf(element)) === text && !Array.from(element.children).some((child) => normal(textOf(child)) === text))

  /**
   * How a step finds `element`: role and name, label, placeholder, short unique text, the
   * role alone, an id; the first that finds it and nothing else. `asserting`: the text an
   * expectation checks, which the locator must not lean on.
   */
  function locate(element: Element, { asserting, noText }: { asserting?: string; noText?: boolean } = {}): Found | null {
    const fits = (value: string) => Boolean(value) && value.length <= valueMax && !(asserting && value.includes(asserting))
    const role = roleOf(element)
    const byRoleToo = LOCATABLE.has(role) && !hiddenForAria(element)
    if (byRoleToo) {
      const name = nameOf(element)
      if (fits(name) && byRole(role, name).length === 1) return { by: 'role', role, name }
    }
    for (const label of labelsOf(element)) {
      if (fits(label) && everything().filter((other) => labelsOf(other).includes(label)).length === 1) return { by: 'label', label }
    }
    const placeholder = element.getAttribute('placeholder') || ''
    if (
      /^(input|textarea)$/.test(element.localName) &&
      fits(placeholder) &&
      everything().filter((other) => other.getAttribute('placeholder') === placeholder).length === 1
    ) {
      return { by: 'placeholder', placeholder }
    }
    if (!noText) {
      const text = normal(textOf(element))
      const found = text.length <= textMax && fits(text) ? byText(text) : []
      if (found.length === 1 && element.contains(found[0]!)) return { by: 'text', text }
    }
    if (byRoleToo && byRole(role).length === 1) return { by: 'role', role }
    const id = element.id
    if (/^[A-Za-z][\w-]{0,99}$/.test(id) && document.querySelectorAll(`[id="${id}"]`).length === 1) return { by: 'id', id }
    return null
  }

  // ---- Using: what the person does becomes steps.

  const UNFILLED = ['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden']
  const isField = (target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement =>
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

  /** The field typed into since its value was last recorded. */
  let typed: HTMLInputElement | HTMLTextAreaElement | null = null
  function flushTyping() {
    const field = typed
    typed = null
    if (!field || !field.isConnected) return
    if (field.value.length > valueMax) return skipped('long')
    const target = locate(field, { noText: true })
    if (!target) return skipped('unlocatable')
    emit({ action: 'fill', target, value: field.value })
  }

  /** The key held down, while its click may still come: Enter or Space on a control is that control's click. */
  let held: { field: boolean; pending: Step | null } | null = null
  /** A click on a label is followed by the browser's click on its control: one step, not two. */
  let echo: Element | null = null

  function onClick(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target : null
    // What the Piece's own script does (a click() it calls) is not a step: it does it again on replay.
    if (!event.isTrusted || !target || isUi(target)) return
    if (echo && target === echo) return void (echo = null)
    if (held && event.detail === 0) {
      // The click a key made: Enter in a field submits (the press is the step); Enter or Space on a control is its click.
      if (held.field) return
      held.pending = null
    }
    let control = target.closest(CONTROL_SELECTOR)
    if (control instanceof HTMLLabelElement) {
      const labelled = control.control
      if (labelled && labelled !== target) {
        echo = labelled
        setTimeout(() => (echo = null))
      }
      control = labelled
    }
    // Clicks into fields are not steps: what is typed or chosen is.
    if (control && (isField(control) || control instanceof HTMLSelectElement || ['textbox', 'searchbox', 'combobox', 'listbox'].includes(roleOf(control))))
      return
    flushTyping()
    const located = locate(control ?? target)
    if (located) emit({ action: 'click', target: located })
    else if (control) skipped('unlocatable')
  }

  function onChange(event: Event) {
    if (isField(event.target)) {
      if (typed === event.target) flushTyping()
      return
    }
    if (!(event.target instanceof HTMLSelectElement)) return
    flushTyping()
    const option = event.target.selectedOptions[0]
    const target = locate(event.target, { noText: true })
    if (!option || !option.label) return
    if (!target) return skipped('unlocatable')
    emit({ action: 'select', target, value: option.label })
  }

  function onKeyDown(event: KeyboardEvent) {
    const key = event.key === ' ' ? 'Space' : event.key
    if (!event.isTrusted) return
    // Tab only moves the focus: the steps that follow find their elements themselves.
    if (!keys.includes(key) || key === 'Tab' || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return
    const on = event.target instanceof Element && event.target !== document.body && event.target !== document.documentElement ? event.target : null
    const field = Boolean(on && (isField(on) || (on as HTMLElement).isContentEditable))
    if (on instanceof HTMLSelectElement) return
    // In a field, the editing keys (and Enter in a text area) are part of what is typed.
    if (field && (on instanceof HTMLTextAreaElement ? key !== 'Escape' : key !== 'Enter' && key !== 'Escape')) return
    flushTyping()
    const target = on ? locate(on, { noText: isField(on) }) : null
    const step: Step = target ? { action: 'press', target, key } : { action: 'press', key }
    const activates = Boolean(on && !field && (key === 'Enter' || key === 'Space'))
    held = { field, pending: activates ? step : null }
    if (!activates) emit(step)
  }

  function onKeyUp() {
    const was = held
    if (!was) return
    // Space clicks on key up, after this listener: the click, if one comes, takes the press's place.
    setTimeout(() => {
      if (was.pending) emit(was.pending)
      if (held === was) held = null
    })
  }

  // ---- Picking: a click proposes what must be true of the element.

  let hovered: Element | null = null
  let picked: Element | null = null
  let hoverBox: HTMLElement | null = null
  let pickBox: HTMLElement | null = null
  const skip = (element: Element) => /^(html|head|body|script|style|link|meta|title|base|noscript|template)$/i.test(element.tagName) || isUi(element)

  function makeBox(solid: boolean) {
    const box = document.createElement('div')
    box.setAttribute('data-pieces-ui', '')
    box.style.cssText = `position:fixed;pointer-events:none;z-index:2147483646;box-sizing:border-box;display:none;border:2px ${solid ? 'solid' : 'dashed'} ${COLOR};background:${solid ? 'transparent' : 'rgba(4,120,87,.08)'};border-radius:3px`
    const tag = document.createElement('div')
    tag.setAttribute('data-pieces-ui', '')
    tag.style.cssText = `position:absolute;left:-2px;bottom:100%;margin-bottom:2px;max-width:280px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font:600 11px/1.6 system-ui,sans-serif;color:#fff;background:${COLOR};padding:0 6px;border-radius:3px`
    box.appendChild(tag)
    document.documentElement.appendChild(box)
    return box
  }

  function place(box: HTMLElement | null, element: Element | null) {
    if (!box) return
    if (!element || !element.isConnected || mode !== 'pick') return void (box.style.display = 'none')
    const rect = element.getBoundingClientRect()
    Object.assign(box.style, {
      display: 'block',
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${Math.max(rect.width, 2)}px`,
      height: `${Math.max(rect.height, 2)}px`,
    })
    const tag = box.firstChild as HTMLElement
    // The element as the steps will name it (the shared naming, sent in with the recorder).
    tag.textContent = words({
      tag: element.localName,
      role: roleOf(element),
      name: nameOf(element),
      text: normal(textOf(element)),
      id: element.id,
      label: labelsOf(element)[0] || '',
      placeholder: element.getAttribute('placeholder') || '',
    })
    tag.style.bottom = rect.top < 20 ? 'auto' : '100%'
    tag.style.top = rect.top < 20 ? '0' : 'auto'
  }
  const redraw = () => (place(hoverBox, hovered && hovered !== picked ? hovered : null), place(pickBox, picked))

  const ITEMS =
    'li, tr, option, img, input[type=checkbox], input[type=radio], [role~=listitem], [role~=row], [role~=option], [role~=tab], [role~=menuitem], [role~=checkbox], [role~=radio]'

  /** What may be checked of the element: what a field holds; what it reads; how many of its kind there are; that its text shows. */
  function expectations(element: Element): Step[] {
    const control = element instanceof HTMLLabelElement ? element.control : element.closest('input, textarea, select')
    if (control && (isField(control) || control instanceof HTMLSelectElement)) {
      const value = (control as HTMLInputElement).value
      const target = locate(control, { noText: true })
      return target && value.length <= valueMax && !/[\r\n]/.test(value) ? [{ action: 'expect-value', target, value }] : []
    }
    const options: Step[] = []
    const text = normal(textOf(element))
    // The element, or a wrapper that reads the same, found by something other than what it reads.
    for (
      let at: Element | null = element;
      text && text.length <= valueMax && at && at !== document.body && normal(textOf(at)) === text;
      at = at.parentElement
    ) {
      const target = locate(at, { asserting: text, noText: true })
      if (target) {
        options.push({ action: 'expect-text', target, text })
        break
      }
    }
    const item = element.closest(ITEMS)
    const role = item ? roleOf(item) : ''
    if (item && LOCATABLE.has(role) && Array.from(item.parentElement?.children ?? []).some((sibling) => sibling !== item && roleOf(sibling) === role)) {
      options.push({ action: 'expect-count', target: { by: 'role', role }, count: byRole(role).length })
    }
    if (!options.some((option) => option.action === 'expect-text')) {
      // A short text ("2") says more with what is around it ("Count: 2").
      const around = element.parentElement && element.parentElement !== document.body ? normal(textOf(element.parentElement)) : ''
      const shown = text.length < 4 && around.length <= 80 && around.includes(text) ? around : text
      if (shown && shown.length <= valueMax) options.push({ action: 'expect-shown', text: shown })
    }
    return options
  }

  function pick(element: Element | null) {
    picked = element && !skip(element) ? element : null
    redraw()
    if (picked) post({ type: 'check:expect', options: expectations(picked) })
  }

  function setMode(next: 'use' | 'pick') {
    if (next === 'pick') flushTyping()
    mode = next
    if (!hoverBox) {
      hoverBox = makeBox(false)
      pickBox = makeBox(true)
    }
    hovered = null
    picked = null
    document.documentElement.style.cursor = mode === 'pick' ? 'crosshair' : ''
    redraw()
    post({ type: 'check:active', mode })
  }

  /** Elements in the order Tab visits them while picking: what the page shows, in document order. */
  const tabOrder = () =>
    everything().filter((element) => {
      if (skip(element)) return false
      const rect = element.getBoundingClientRect()
      return rect.width > 0 && rect.height > 0
    })

  function onPickKey(event: KeyboardEvent) {
    event.stopImmediatePropagation()
    event.preventDefault()
    if (event.key === 'Escape') setMode('use')
    else if (event.key === 'Tab') {
      const order = tabOrder()
      if (!order.length) return
      const current = order.indexOf((hovered ?? picked)!)
      const next = current < 0 ? (event.shiftKey ? order.length - 1 : 0) : (current + (event.shiftKey ? -1 : 1) + order.length) % order.length
      hovered = order[next]!
      redraw()
      hovered.scrollIntoView({ block: 'nearest' })
    } else if ((event.key === 'Enter' || event.key === ' ') && hovered) pick(hovered)
  }

  // ---- The listeners: first on the window, before the Piece's own.

  const swallow = (event: Event) => {
    if (mode !== 'pick') return false
    event.preventDefault()
    event.stopImmediatePropagation()
    return true
  }
  for (const type of swallowed) window.addEventListener(type, swallow, true)
  for (const type of ['touchstart', 'touchend', 'touchmove']) {
    window.addEventListener(type, (event) => mode === 'pick' && event.stopImmediatePropagation(), { capture: true, passive: true })
  }
  for (const type of ['mousemove', 'pointermove', 'mouseover']) {
    window.addEventListener(
      type,
      (event) => {
        if (mode !== 'pick') return
        event.stopImmediatePropagation()
        const target = event.target instanceof Element && !skip(event.target) ? event.target : null
        if (target !== hovered) {
          hovered = target
          redraw()
        }
      },
      true,
    )
  }
  window.addEventListener('click', (event) => (swallow(event) ? pick(event.target instanceof Element ? event.target : null) : onClick(event)), true)
  window.addEventListener('keydown', (event) => (mode === 'pick' ? onPickKey(event) : onKeyDown(event)), true)
  window.addEventListener('keyup', () => mode === 'use' && onKeyUp(), true)
  window.addEventListener(
    'input',
    (event) => {
      if (mode === 'use' && event.isTrusted && isField(event.target)) typed = event.target
    },
    true,
  )
  window.addEventListener('change', (event) => mode === 'use' && onChange(event), true)
  // Leaving the preview (for the panel) does not blur its field: what was typed is recorded now.
  window.addEventListener('blur', () => mode === 'use' && flushTyping())
  window.addEventListener('scroll', () => mode === 'pick' && redraw(), true)
  window.addEventListener('resize', () => mode === 'pick' && redraw())
  window.addEventListener('message', (event) => {
    if (event.source !== parent || !event.data || event.data.type !== 'check:mode') return
    setMode(event.data.mode === 'pick' ? 'pick' : 'use')
  })
  post({ type: 'check:ready' })
}
