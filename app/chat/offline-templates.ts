/**
 * The offline generator's apps: small, complete, accessible single-file pages. Each uses
 * the same `:root` colour variables and one `<title>`/`<h1>`, so follow-up edits (title,
 * colours, text) can be made as patches.
 */
export const OFFLINE_NOTE = 'Made by the offline generator — connect an AI model for richer builds.'

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

export type TemplateId = 'counter' | 'todo' | 'timer' | 'calculator' | 'notes' | 'quiz' | 'landing' | 'page'

export const DEFAULT_ACCENT = '#6366f1'
export const DEFAULT_BACKGROUND = '#f8fafc'

function page({ title, body, style = '', script = '' }: { title: string; body: string; style?: string; script?: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  :root {
    --accent: ${DEFAULT_ACCENT};
    --background: ${DEFAULT_BACKGROUND};
    --text: #0f172a;
    --muted: #64748b;
    --card: #ffffff;
  }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--background); color: var(--text); display: grid; place-items: center; padding: 1.5rem; }
  main { width: min(34rem, 100%); background: var(--card); border-radius: 1.25rem; padding: 2rem; box-shadow: 0 10px 40px rgb(15 23 42 / 0.08); }
  h1 { margin: 0 0 1rem; font-size: clamp(1.5rem, 4vw, 2rem); }
  button { font: inherit; border: 0; border-radius: 0.75rem; padding: 0.6rem 1rem; background: var(--accent); color: #fff; cursor: pointer; }
  button.secondary { background: #e2e8f0; color: var(--text); }
  button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input, textarea { font: inherit; width: 100%; padding: 0.6rem 0.75rem; border: 1px solid #cbd5e1; border-radius: 0.75rem; background: #fff; color: var(--text); }
  .row { display: flex; gap: 0.5rem; align-items: center; }
  .note { margin: 2rem 0 0; font-size: 0.75rem; color: var(--muted); text-align: center; }
${style}
</style>
</head>
<body>
<main>
  <h1>${title}</h1>
${body}
  <p class="note">${OFFLINE_NOTE}</p>
</main>
${script ? `<script>\n${script}\n</script>\n` : ''}</body>
</html>`
}

const TEMPLATES: Record<TemplateId, (title: string, prompt: string) => string> = {
  counter: (title) =>
    page({
      title,
      style:
        '  .count { font-size: 4rem; font-weight: 700; text-align: center; margin: 1rem 0; font-variant-numeric: tabular-nums; }\n  .row { justify-content: center; }',
      body: `  <p class="count" id="count" aria-live="polite">0</p>
  <div class="row">
    <button id="minus" aria-label="Decrease">−</button>
    <button id="reset" class="secondary">Reset</button>
    <button id="plus" aria-label="Increase">+</button>
  </div>`,
      script: `const output = document.getElementById('count')
let count = Number(localStorage.getItem('count') || 0)
const show = () => { output.textContent = count; localStorage.setItem('count', count) }
document.getElementById('plus').onclick = () => { count += 1; show() }
document.getElementById('minus').onclick = () => { count -= 1; show() }
document.getElementById('reset').onclick = () => { count = 0; show() }
show()`,
    }),
  todo: (title) =>
    page({
      title,
      style:
        '  ul { list-style: none; padding: 0; margin: 1rem 0 0; }\n  li { display: flex; gap: 0.5rem; align-items: center; padding: 0.5rem 0; border-bottom: 1px solid #e2e8f0; }\n  li span { flex: 1; }\n  li.done span { text-decoration: line-through; color: var(--muted); }',
      body: `  <form class="row" id="add">
    <label for="task" class="sr-only" hidden>New task</label>
    <input id="task" placeholder="What needs doing?" autocomplete="off" required>
    <button>Add</button>
  </form>
  <ul id="list" aria-label="Tasks"></ul>`,
      script: `const list = document.getElementById('list')
let tasks = JSON.parse(localStorage.getItem('tasks') || '[]')
function render() {
  localStorage.setItem('tasks', JSON.stringify(tasks))
  list.replaceChildren(...tasks.map((task, index) => {
    const item = document.createElement('li')
    if (task.done) item.className = 'done'
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: task.done, style: 'width:auto' })
    box.setAttribute('aria-label', 'Done: ' + task.text)
    box.onchange = () => { task.done = box.checked; render() }
    const text = Object.assign(document.createElement('span'), { textContent: task.text })
    const remove = Object.assign(document.createElement('button'), { textContent: 'Delete', className: 'secondary' })
    remove.onclick = () => { tasks.splice(index, 1); render() }
    item.append(box, text, remove)
    return item
  }))
}
document.getElementById('add').onsubmit = (event) => {
  event.preventDefault()
  const input = document.getElementById('task')
  if (!input.value.trim()) return
  tasks.push({ text: input.value.trim(), done: false })
  input.value = ''
  render()
}
render()`,
    }),
  timer: (title) =>
    page({
      title,
      style:
        '  .time { font-size: 3.5rem; font-weight: 700; text-align: center; margin: 1rem 0; font-variant-numeric: tabular-nums; }\n  .row { justify-content: center; }',
      body: `  <label class="row" style="justify-content:center">Minutes <input id="minutes" type="number" min="1" max="180" value="5" style="width:6rem"></label>
  <p class="time" id="time" aria-live="polite">05:00</p>
  <div class="row">
    <button id="start">Start</button>
    <button id="pause" class="secondary">Pause</button>
    <button id="reset" class="secondary">Reset</button>
  </div>`,
      script: `const display = document.getElementById('time')
const minutes = document.getElementById('minutes')
let left = 300, timer = null
const show = () => { display.textContent = String(Math.floor(left / 60)).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0') }
const stop = () => { clearInterval(timer); timer = null }
document.getElementById('start').onclick = () => {
  if (timer) return
  if (left <= 0) left = Number(minutes.value) * 60
  timer = setInterval(() => { left -= 1; show(); if (left <= 0) { stop(); display.textContent = "Time's up!" } }, 1000)
}
document.getElementById('pause').onclick = stop
document.getElementById('reset').onclick = () => { stop(); left = Number(minutes.value) * 60; show() }
minutes.onchange = () => { if (!timer) { left = Number(minutes.value) * 60; show() } }
show()`,
    }),
  calculator: (title) =>
    page({
      title,
      style:
        '  .screen { font-size: 2rem; text-align: right; padding: 0.75rem; background: #0f172a; color: #fff; border-radius: 0.75rem; margin-bottom: 0.75rem; min-height: 3.5rem; overflow-x: auto; }\n  .keys { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.5rem; }\n  .keys button { padding: 1rem 0; font-size: 1.2rem; }\n  .keys .op { background: #334155; }',
      body: `  <output class="screen" id="screen" aria-live="polite">0</output>
  <div class="keys" id="keys">
    ${['7', '8', '9', '/', '4', '5', '6', '*', '1', '2', '3', '-', '0', '.', '=', '+'].map((key) => `<button class="${/[0-9.]/.test(key) ? '' : 'op'}" data-key="${key}">${key === '*' ? '×' : key === '/' ? '÷' : key}</button>`).join('\n    ')}
    <button class="secondary" data-key="C" style="grid-column: span 4">Clear</button>
  </div>`,
      script: `const screen = document.getElementById('screen')
let expression = ''
function evaluate(text) {
  const tokens = text.match(/\\d*\\.?\\d+|[-+*/]/g) || []
  const values = [], ops = []
  const rank = (op) => (op === '+' || op === '-' ? 1 : 2)
  const run = () => { const b = values.pop(), a = values.pop(), op = ops.pop(); values.push(op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b) }
  for (const token of tokens) {
    if (/[-+*/]/.test(token)) { while (ops.length && rank(ops[ops.length - 1]) >= rank(token)) run(); ops.push(token) }
    else values.push(Number(token))
  }
  while (ops.length) run()
  return values.length ? Math.round(values[0] * 1e10) / 1e10 : 0
}
document.getElementById('keys').onclick = (event) => {
  const key = event.target.closest('button')?.dataset.key
  if (!key) return
  if (key === 'C') expression = ''
  else if (key === '=') expression = String(evaluate(expression))
  else expression += key
  screen.textContent = expression || '0'
}`,
    }),
  notes: (title) =>
    page({
      title,
      style:
        '  textarea { min-height: 6rem; resize: vertical; }\n  .notes { display: grid; gap: 0.75rem; margin-top: 1rem; }\n  .notes article { background: #fef9c3; border-radius: 0.75rem; padding: 0.75rem; white-space: pre-wrap; }\n  .notes article button { margin-top: 0.5rem; }',
      body: `  <form id="add">
    <label for="note" hidden>New note</label>
    <textarea id="note" placeholder="Write a note…" required></textarea>
    <div class="row" style="margin-top:0.5rem"><button>Save note</button></div>
  </form>
  <section class="notes" id="notes" aria-label="Notes"></section>`,
      script: `const area = document.getElementById('notes')
let notes = JSON.parse(localStorage.getItem('notes') || '[]')
function render() {
  localStorage.setItem('notes', JSON.stringify(notes))
  area.replaceChildren(...notes.map((text, index) => {
    const card = document.createElement('article')
    card.textContent = text
    const remove = Object.assign(document.createElement('button'), { textContent: 'Delete', className: 'secondary' })
    remove.onclick = () => { notes.splice(index, 1); render() }
    card.append(document.createElement('br'), remove)
    return card
  }))
}
document.getElementById('add').onsubmit = (event) => {
  event.preventDefault()
  const input = document.getElementById('note')
  if (!input.value.trim()) return
  notes.unshift(input.value.trim())
  input.value = ''
  render()
}
render()`,
    }),
  quiz: (title) =>
    page({
      title,
      style:
        '  .answers { display: grid; gap: 0.5rem; margin: 1rem 0; }\n  .answers button { text-align: left; background: #eef2ff; color: var(--text); }\n  .answers button.right { background: #bbf7d0; }\n  .answers button.wrong { background: #fecaca; }',
      body: `  <p id="question" aria-live="polite"></p>
  <div class="answers" id="answers"></div>
  <div class="row"><button id="next">Next question</button><span id="score" style="margin-left:auto"></span></div>`,
      script: `const questions = [
  { q: 'Which planet is known as the Red Planet?', a: ['Venus', 'Mars', 'Jupiter'], right: 1 },
  { q: 'How many continents are there?', a: ['Five', 'Six', 'Seven'], right: 2 },
  { q: 'What is the largest ocean?', a: ['Pacific', 'Atlantic', 'Indian'], right: 0 },
]
let index = 0, score = 0, answered = false
function show() {
  const item = questions[index]
  answered = false
  document.getElementById('question').textContent = (index + 1) + '. ' + item.q
  document.getElementById('score').textContent = 'Score: ' + score + ' / ' + questions.length
  document.getElementById('answers').replaceChildren(...item.a.map((text, choice) => {
    const button = Object.assign(document.createElement('button'), { textContent: text })
    button.onclick = () => {
      if (answered) return
      answered = true
      if (choice === item.right) score += 1
      button.className = choice === item.right ? 'right' : 'wrong'
      document.getElementById('score').textContent = 'Score: ' + score + ' / ' + questions.length
    }
    return button
  }))
}
document.getElementById('next').onclick = () => { index = (index + 1) % questions.length; if (index === 0) score = 0; show() }
show()`,
    }),
  landing: (title, prompt) =>
    page({
      title,
      style:
        '  .lead { font-size: 1.15rem; color: var(--muted); }\n  .features { display: grid; gap: 0.75rem; margin: 1.5rem 0; padding: 0; list-style: none; }\n  .features li { padding: 0.75rem 1rem; border-radius: 0.75rem; background: #eef2ff; }',
      body: `  <p class="lead">${escapeHtml(prompt)}</p>
  <ul class="features">
    <li>Simple to start — no setup needed.</li>
    <li>Works on phones, tablets and desktops.</li>
    <li>Made to be shared with a single link.</li>
  </ul>
  <form class="row" id="signup">
    <label for="email" hidden>Email</label>
    <input id="email" type="email" placeholder="you@example.com" required>
    <button>Get updates</button>
  </form>
  <p id="thanks" role="status" hidden>Thanks! You're on the list.</p>`,
      script: `document.getElementById('signup').onsubmit = (event) => {
  event.preventDefault()
  event.target.hidden = true
  document.getElementById('thanks').hidden = false
}`,
    }),
  page: (title, prompt) =>
    page({
      title,
      body: `  <p>${escapeHtml(prompt)}</p>
  <p>This page was built around your request. Describe what to add next — a list, a form, a game — and it will grow from here.</p>`,
    }),
}

const KEYWORDS: [TemplateId, RegExp][] = [
  ['counter', /\b(counter|count|tally|clicker)\b/i],
  ['todo', /\b(to-?do|task|checklist|shopping list)\b/i],
  ['timer', /\b(timer|countdown|stopwatch|pomodoro)\b/i],
  ['calculator', /\b(calculator|calculate|arithmetic|tip)\b/i],
  ['notes', /\b(notes?|journal|diary|memo)\b/i],
  ['quiz', /\b(quiz|trivia|flashcards?|questions?)\b/i],
  ['landing', /\b(landing|homepage|home page|product page|startup|waitlist|launch)\b/i],
]

export function chooseTemplate(prompt: string): TemplateId {
  return KEYWORDS.find(([, pattern]) => pattern.test(prompt))?.[0] ?? 'page'
}

const TITLES: Record<TemplateId, string> = {
  counter: 'Counter',
  todo: 'To-do list',
  timer: 'Timer',
  calculator: 'Calculator',
  notes: 'Notes',
  quiz: 'Quiz',
  landing: 'Welcome',
  page: 'My Piece',
}

export function buildTemplate(id: TemplateId, prompt: string) {
  const title = id === 'page' || id === 'landing' ? escapeHtml(titleFromPrompt(prompt) ?? TITLES[id]) : TITLES[id]
  return TEMPLATES[id](title, prompt)
}

/** 'a page about my cat Tom' → 'My cat Tom'; short and capitalised. */
function titleFromPrompt(prompt: string) {
  const cleaned = prompt
    .replace(/^(please\s+)?(make|build|create|write|design)\s+(me\s+)?(an?|the)?\s*/i, '')
    .replace(/^(an?|the)\s+/i, '')
    .replace(/^(simple|small|little)\s+/i, '')
    .replace(/^(web\s*)?(app|page|site|website)\s+(about|for|with)\s+/i, '')
    .trim()
  if (!cleaned) return null
  const short = cleaned
    .split(/[.!?\n]/)[0]!
    .slice(0, 48)
    .trim()
  return short ? short[0]!.toUpperCase() + short.slice(1) : null
}
