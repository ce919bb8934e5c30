/**
 * Issue 37.9: an element of a Piece as a person sees it — "the title ‘Counter’", "the count",
 * "the ‘Double’ button", "the paragraph ‘Click to…’" — never a tag or a selector. One naming
 * for the visual editor (its picker in the preview and its panel), the versions a visual
 * edit makes, and the check recorder's steps.
 *
 * What is known of the element differs by where it is named: the picker and the recorder
 * know the live element (its role, accessible name, text), a visual edit's summary knows the
 * parsed code, a recorded step knows only how it finds the element (a role and a name, a
 * label, a placeholder, a text or an id). Each passes what it knows.
 */
export type ElementFacts = {
  /** The tag name, lower case ("h1", "button"). */
  tag?: string
  /** The ARIA role, as Playwright's getByRole computes it. */
  role?: string
  /** The accessible name (a button's label, an image's alt). */
  name?: string
  /** The text it shows. */
  text?: string
  id?: string
  /** A field's label. */
  label?: string
  placeholder?: string
}

const clip = (value: string | undefined) => {
  const flat = (value ?? '').replace(/\s+/g, ' ').trim()
  return flat.length > 24 ? `${flat.slice(0, 23).trimEnd()}…` : flat
}
const quoted = (value: string) => `‘${value}’`

/** An id a person might have written ("count", "time-left", "totalPrice"): its words, without the kind of element it names. */
const wordsOfId = (id: string | undefined) =>
  id && /^[A-Za-z][A-Za-z_-]{1,30}$/.test(id)
    ? id
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[-_]+/g, ' ')
        .toLowerCase()
        .replace(/\b(?:button|btn|field|input|el|element)\b/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : ''

/** What a person calls an element of each role. */
const kinds: Record<string, string> = {
  link: 'link',
  checkbox: 'checkbox',
  radio: 'option',
  switch: 'switch',
  tab: 'tab',
  menuitem: 'menu item',
  option: 'choice',
  slider: 'slider',
  img: 'image',
  listitem: 'list item',
  cell: 'cell',
  row: 'row',
  table: 'table',
  list: 'list',
  status: 'status',
  alert: 'alert',
  timer: 'timer',
  progressbar: 'progress bar',
  meter: 'meter',
  dialog: 'dialog',
  region: 'section',
}
const fields = ['textbox', 'searchbox', 'spinbutton', 'combobox', 'listbox']

/** What a person calls an element the page gives no role, by its tag. */
const tags: Record<string, string> = {
  p: 'paragraph',
  a: 'link',
  img: 'image',
  li: 'list item',
  ul: 'list',
  ol: 'list',
  label: 'label',
  td: 'cell',
  th: 'column heading',
  tr: 'row',
  table: 'table',
  form: 'form',
  nav: 'menu',
  header: 'header',
  footer: 'footer',
  section: 'section',
  article: 'article',
  main: 'main area',
  canvas: 'drawing area',
  svg: 'picture',
}

/**
 * The element in words, with what it shows in single quotes (‘…’), so the words can stand
 * inside double quotes (a check's name in “…”) without nesting the same quotes. Bundled into
 * the picker's and the recorder's scripts in the preview as it is (scripts/frame-scripts.ts).
 */
export function elementWords(facts: ElementFacts): string {
  const tag = (facts.tag ?? '').toLowerCase()
  const role = facts.role ?? ''
  const idWords = wordsOfId(facts.id)
  const name = clip(facts.name)
  const text = clip(facts.text)
  const shown = name || text

  if (tag === 'h1') return shown ? `the title ${quoted(shown)}` : 'the title'
  if (/^h[2-6]$/.test(tag) || role === 'heading') return shown ? `the heading ${quoted(shown)}` : 'the heading'
  if (role === 'button' || tag === 'button') return shown ? `the ${quoted(shown)} button` : idWords ? `the ${idWords} button` : 'the button'
  if (['checkbox', 'radio', 'switch'].includes(role)) {
    const label = clip(facts.label) || shown
    return label ? `the ${kinds[role]} ${quoted(label)}` : `the ${kinds[role]}`
  }
  if (fields.includes(role) || /^(?:input|textarea|select)$/.test(tag)) {
    const label = clip(facts.label) || name
    if (label) return `the ${quoted(label)} field`
    if (facts.placeholder) return `the field showing ${quoted(clip(facts.placeholder))}`
    return idWords ? `the ${idWords} field` : 'the field'
  }
  if (facts.label) return `the ${quoted(clip(facts.label))} field`
  if (facts.placeholder) return `the field showing ${quoted(clip(facts.placeholder))}`
  // A value the page shows ("0", "12:30") is named by what the page calls it ("the count"); a text says more itself.
  const value = !text || text.length <= 12 || /^[\d\s.,:%$€£+−-]+$/.test(text)
  if (idWords && value && idWords.split(' ').length <= 3 && !['app', 'root', 'main'].includes(idWords)) return `the ${idWords}`
  // A live value with a short name of its own ("Count", "Time left") is that name: "the count".
  if ((role === 'status' || role === 'timer') && name && name.split(' ').length <= 3) return `the ${name.toLowerCase()}`
  if (kinds[role]) return shown ? `the ${kinds[role]} ${quoted(shown)}` : `the ${kinds[role]}`
  if (tag === 'body' || tag === 'html') return 'the page'
  if (tags[tag])
    return shown && !['ul', 'ol', 'table', 'tr', 'form', 'main', 'canvas', 'svg'].includes(tag) ? `the ${tags[tag]} ${quoted(shown)}` : `the ${tags[tag]}`
  return shown ? `the text ${quoted(shown)}` : 'the box'
}
