import { capitalise, itemsIn, numberBefore } from './details'
import { escapeHtml, type App } from './page'

export const itemMarkup = (text: string) =>
  `<li data-item="${escapeHtml(text)}"><input type="checkbox" aria-label="Done: ${escapeHtml(text)}"><span>${escapeHtml(text)}</span><button type="button" class="secondary" data-remove>Delete</button></li>`

export const todo = (prompt: string): App => {
  const kind = /shopping|grocer/i.test(prompt)
    ? 'Shopping list'
    : /packing/i.test(prompt)
      ? 'Packing list'
      : /check ?list/i.test(prompt)
        ? 'Checklist'
        : 'To-do list'
  const seed = itemsIn(prompt)
  return {
    kind: 'todo',
    title: kind,
    body: `  <form class="row" id="add">
    <label data-field="task" style="flex:1">New item <input id="task" placeholder="${kind === 'Shopping list' ? 'Milk' : 'What needs doing?'}" autocomplete="off" required></label>
    <button data-button="add">Add</button>
  </form>
  <p class="muted" id="left" aria-live="polite"></p>
  <ul class="items" id="items" aria-label="Items">
${seed.map((item) => `    ${itemMarkup(item)}`).join('\n')}
  </ul>`,
    style: '  li.done span { text-decoration: line-through; color: var(--muted); }\n  ul.items input { width: auto; }',
    script: `const list = $('items')
const seed = [...list.querySelectorAll('[data-item]')].map((item) => item.dataset.item).join('|')
const make = (text, done) => {
  const item = document.createElement('li'); item.dataset.item = text; if (done) item.className = 'done'
  const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: done }); box.setAttribute('aria-label', 'Done: ' + text)
  const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'secondary', textContent: 'Delete' }); remove.dataset.remove = ''
  item.append(box, Object.assign(document.createElement('span'), { textContent: text }), remove)
  return item
}
const persist = () => {
  const items = [...list.querySelectorAll('[data-item]')].map((item) => ({ text: item.dataset.item, done: item.querySelector('input').checked }))
  save('items', { seed, items })
  show('left', items.filter((item) => !item.done).length + ' of ' + items.length + ' left')
}
const saved = load('items', null)
if (saved && saved.seed === seed) list.replaceChildren(...saved.items.map((item) => make(item.text, item.done)))
list.addEventListener('change', (event) => { const item = event.target.closest('li'); if (item) item.classList.toggle('done', event.target.checked); persist() })
list.addEventListener('click', (event) => { if (event.target.closest('[data-remove]')) { event.target.closest('li').remove(); persist() } })
on('add', 'submit', (event) => {
  event.preventDefault()
  const input = $('task'); const text = input.value.trim(); if (!text) return
  list.append(make(text, false)); input.value = ''; persist()
})
resetApp = () => { list.replaceChildren(); persist() }
const entries = () => [...list.querySelectorAll('[data-item]')]
const isDone = (item) => { const box = item.querySelector('input'); return Boolean(box && box.checked) }
actions['clear-done'] = () => { entries().filter(isDone).forEach((item) => item.remove()); persist() }
actions['all-done'] = () => { entries().forEach((item) => { const box = item.querySelector('input'); if (box) box.checked = true; item.classList.add('done') }); persist() }
actions.sort = () => { list.append(...entries().sort((a, b) => a.dataset.item.localeCompare(b.dataset.item))); persist() }
persist()`,
  }
}

export const notes = (): App => ({
  kind: 'notes',
  title: 'Notes',
  body: `  <form id="add">
    <label data-field="note">New note <textarea id="note" placeholder="Write something…" required></textarea></label>
    <button data-button="add">Save note</button>
  </form>
  <label data-field="search">Search <input id="search" type="search" placeholder="Find a note"></label>
  <section class="notes" id="notes" aria-label="Notes"></section>`,
  style:
    '  textarea { min-height: 6rem; resize: vertical; }\n  .notes { display: grid; gap: 0.75rem; margin-top: 1rem; }\n  .notes article { background: #fef9c3; color: #0f172a; border-radius: var(--radius); padding: 0.75rem; white-space: pre-wrap; }\n  .notes article button { margin-top: 0.5rem; }',
  script: `let notes = load('notes', [])
const render = () => {
  save('notes', notes)
  const query = ($('search') || { value: '' }).value.toLowerCase()
  $('notes').replaceChildren(...notes.filter((note) => note.toLowerCase().includes(query)).map((text) => {
    const card = document.createElement('article'); card.textContent = text
    const remove = Object.assign(document.createElement('button'), { textContent: 'Delete', className: 'secondary', type: 'button' })
    remove.onclick = () => { notes.splice(notes.indexOf(text), 1); render() }
    card.append(document.createElement('br'), remove)
    return card
  }))
}
on('add', 'submit', (event) => { event.preventDefault(); const input = $('note'); if (!input.value.trim()) return; notes.unshift(input.value.trim()); input.value = ''; render() })
on('search', 'input', render)
resetApp = () => { notes = []; render() }
render()`,
})

export const counter = (prompt: string): App => {
  const step = numberBefore(prompt, 'at a time|per (?:click|tap)|each') ?? 1
  const what = /\b(?:counter|count|tally)\s+(?:for|of)\s+([a-z][\w -]{1,30})/i.exec(prompt)?.[1]?.trim()
  return {
    kind: 'counter',
    title: what ? `${capitalise(what)} counter` : 'Counter',
    body: `  <p class="big" id="count" aria-live="polite" style="font-size:4rem">0</p>
  <div class="row" style="justify-content:center">
    <button id="minus" data-button="minus" aria-label="Decrease">−</button>
    <button id="reset" class="secondary" data-button="reset">Reset</button>
    <button id="plus" data-button="plus" aria-label="Increase">+</button>
  </div>`,
    script: `const step = ${step}
let count = load('count', 0)
const render = () => { show('count', String(count)); save('count', count) }
on('plus', 'click', () => { count += step; render() })
on('minus', 'click', () => { count -= step; render() })
resetApp = () => { count = 0; render() }
on('reset', 'click', () => resetApp())
// A button added by an edit: data-op (+, *, /, ^ or =) with data-by.
actions.count = (button) => {
  const by = Number(button.dataset.by), op = button.dataset.op
  const next = op === '*' ? count * by : op === '/' ? count / by : op === '^' ? count ** by : op === '=' ? by : count + by
  if (Number.isFinite(next)) { count = Math.round(next * 1e6) / 1e6; render() }
}
render()`,
  }
}

export const table = (prompt: string): App => {
  const named = itemsIn(prompt)
  const columns = named.length >= 2 ? named : ['Name', 'Email', 'Phone']
  const title = /\btable\s+(?:of|for)\s+([a-z][\w ]{1,30}?)(?=\s+with\b|$|[,.])/i.exec(prompt)?.[1]
  return {
    kind: 'table',
    title: title ? capitalise(title) : 'Table',
    subtitle: 'Click a cell to edit it; click a heading to sort',
    width: '48rem',
    body: `  <table class="data">
    <thead><tr id="columns">${columns.map((column) => `<th scope="col" data-column="${escapeHtml(column)}">${escapeHtml(column)}</th>`).join('')}<th><span class="sr">Remove</span></th></tr></thead>
    <tbody id="rows"></tbody>
  </table>
  <div class="row"><button id="add-row" data-button="add-row">Add row</button><button id="export" class="secondary" data-button="export">Copy as CSV</button></div>`,
    style:
      '  .data { width: 100%; border-collapse: collapse; margin-bottom: 1rem; }\n  .data th, .data td { border: 1px solid var(--line); padding: 0.4rem 0.6rem; text-align: left; }\n  .data th[data-column] { cursor: pointer; background: var(--background); }\n  .data td[contenteditable]:focus { outline: 2px solid var(--accent); }\n  .sr { position: absolute; left: -9999px; }',
    script: `const columns = () => [...document.querySelectorAll('#columns [data-column]')].map((cell) => cell.dataset.column)
let rows = load('rows', [])
const render = () => {
  save('rows', rows)
  $('rows').replaceChildren(...rows.map((row, index) => {
    const line = document.createElement('tr')
    columns().forEach((column) => {
      const cell = Object.assign(document.createElement('td'), { contentEditable: 'true', textContent: row[column] || '' })
      cell.addEventListener('input', () => { row[column] = cell.textContent; save('rows', rows) })
      line.append(cell)
    })
    const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'secondary', textContent: '×' })
    remove.setAttribute('aria-label', 'Remove row'); remove.onclick = () => { rows.splice(index, 1); render() }
    const last = document.createElement('td'); last.append(remove); line.append(last)
    return line
  }))
}
let ascending = true
on('columns', 'click', (event) => { const head = event.target.closest('[data-column]'); if (!head) return; const key = head.dataset.column; rows.sort((a, b) => String(a[key] || '').localeCompare(String(b[key] || ''), undefined, { numeric: true }) * (ascending ? 1 : -1)); ascending = !ascending; render() })
on('add-row', 'click', () => { rows.push({}); render() })
on('export', 'click', () => { const csv = [columns(), ...rows.map((row) => columns().map((column) => row[column] || ''))].map((line) => line.map((cell) => '"' + String(cell).replace(/"/g, '""') + '"').join(',')).join('\\n'); if (navigator.clipboard) navigator.clipboard.writeText(csv).catch(() => {}) })
resetApp = () => { rows = []; render() }
if (!rows.length) rows = [{}, {}]
render()`,
  }
}

type Field = { name: string; type: string }
const FIELD_TYPES: [RegExp, string][] = [
  [/e-?mail/i, 'email'],
  [/phone|mobile|tel/i, 'tel'],
  [/date|birthday/i, 'date'],
  [/time/i, 'time'],
  [/checkbox|tick|agree|consent|newsletter|subscribe|opt.?in/i, 'checkbox'],
  [/guests|number|age|quantity|how many/i, 'number'],
  [/message|comments?|notes?|feedback|details|address|bio/i, 'textarea'],
  [/password/i, 'password'],
  [/website|url/i, 'url'],
  [/rating|stars/i, 'rating'],
]
export const fieldType = (name: string) => FIELD_TYPES.find(([pattern]) => pattern.test(name))?.[1] ?? 'text'
export const fieldId = (name: string) =>
  `field-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`

export function fieldMarkup(field: Field) {
  const id = fieldId(field.name)
  const label = escapeHtml(field.name)
  const control =
    field.type === 'textarea'
      ? `<textarea id="${id}" name="${label}" rows="4" required></textarea>`
      : field.type === 'rating'
        ? `<select id="${id}" name="${label}">${[5, 4, 3, 2, 1].map((value) => `<option>${value}</option>`).join('')}</select>`
        : field.type === 'checkbox'
          ? `<input id="${id}" name="${label}" type="checkbox" value="yes" style="width:auto">`
          : `<input id="${id}" name="${label}" type="${field.type}" required>`
  return `<label data-field="${id}">${label} ${control}</label>`
}

const FORMS: [RegExp, string, string[]][] = [
  [/rsvp|wedding|party|invitation/i, 'RSVP', ['Name', 'Email', 'Guests', 'Message']],
  [/sign ?up|register|registration|join/i, 'Sign up', ['Name', 'Email', 'Password']],
  [/survey|feedback|review/i, 'Feedback', ['Name', 'Rating', 'Comments']],
  [/book|appointment|reservation/i, 'Book an appointment', ['Name', 'Email', 'Phone', 'Date', 'Time']],
  [/order/i, 'Order form', ['Name', 'Email', 'Quantity', 'Address']],
]

export const form = (prompt: string): App => {
  const [, title, defaults] = FORMS.find(([pattern]) => pattern.test(prompt)) ?? [null, 'Contact us', ['Name', 'Email', 'Message']]
  const asked = /\bfields?\b/i.test(prompt) ? itemsIn(prompt) : []
  const fields = (asked.length ? asked : defaults).map((name) => ({ name, type: fieldType(name) }))
  return {
    kind: 'form',
    title,
    body: `  <form id="form" novalidate>
    <div id="fields">
${fields.map((field) => `      ${fieldMarkup(field)}`).join('\n')}
    </div>
    <p class="error" id="error" role="alert"></p>
    <button id="submit" data-button="submit">Send</button>
  </form>
  <div class="result" id="thanks" hidden aria-live="polite"></div>`,
    style: '  .error { color: #dc2626; min-height: 1.2rem; margin: 0 0 0.5rem; }',
    script: `on('form', 'submit', (event) => {
  event.preventDefault()
  const form = $('form')
  const missing = [...form.querySelectorAll('[required]')].filter((field) => !field.value.trim() || !field.checkValidity())
  if (missing.length) { show('error', 'Please check: ' + missing.map((field) => field.name).join(', ')); missing[0].focus(); return }
  show('error', '')
  const thanks = $('thanks')
  thanks.replaceChildren(Object.assign(document.createElement('strong'), { textContent: 'Thank you! We received:' }), ...[...new FormData(form)].filter(([name]) => !/password/i.test(name)).map(([name, value]) => Object.assign(document.createElement('p'), { textContent: name + ': ' + value })))
  thanks.hidden = false
  form.reset()
})
resetApp = () => { $('form').reset(); $('thanks').hidden = true; show('error', '') }`,
  }
}
