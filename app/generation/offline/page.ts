/**
 * The shell every offline app is composed into. Its hooks are what follow-up edits patch:
 * one `:root` custom property a line (colours, font, size, width, columns; dark mode swaps
 * the colour lines), `#title`, `#subtitle`, `#actions` for added buttons and `data-*` attributes
 * on buttons, fields, sections and items. The shell script gives every app safe storage
 * (a sandboxed frame may refuse it), null-safe handlers (an edit may remove an element)
 * and the actions an added button can take.
 */
export const OFFLINE_NOTE = 'Made by the offline generator — connect an AI model for richer builds.'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)

const DEFAULT_ACCENT = '#6366f1'
export const LIGHT = { background: '#f8fafc', card: '#ffffff', text: '#0f172a', muted: '#64748b', line: '#e2e8f0' }
export const DARK = { background: '#0f172a', card: '#1e293b', text: '#f8fafc', muted: '#94a3b8', line: '#334155' }

/** What a part of the catalogue gives the shell. */
export type App = {
  kind: string
  title: string
  subtitle?: string
  body: string
  style?: string
  script?: string
  accent?: string
  /** Wide pages (landing pages, tables) use more of the screen. */
  width?: string
  /** Issue 39.6: what the chat says the page shares, when its kind alone does not (a game with a shared top 10). */
  shares?: string
}

const SHELL_SCRIPT = `const store = (() => { try { const s = window.localStorage; s.getItem('piece'); return s } catch (error) { return null } })()
const load = (key, fallback) => { try { const value = store && store.getItem(key); return value ? JSON.parse(value) : fallback } catch (error) { return fallback } }
const save = (key, value) => { try { if (store) store.setItem(key, JSON.stringify(value)) } catch (error) { /* storage full or refused */ } }
const $ = (id) => document.getElementById(id)
const on = (id, type, handler) => { const element = $(id); if (element) element.addEventListener(type, handler) }
const show = (id, text) => { const element = $(id); if (element) element.textContent = text }
let resetApp = () => window.location.reload()
// The actions of the app itself an added button can take (registered by the app's script: 'clear-done' on a list, 'count' on a counter).
const actions = {}
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-action]') : null
  if (!button) return
  const action = button.getAttribute('data-action')
  if (action === 'reset') resetApp()
  else if (action === 'print') window.print()
  else if (action === 'theme') {
    const root = document.documentElement.style
    const dark = ${JSON.stringify(DARK)}
    const on = !root.getPropertyValue('--background')
    for (const [name, value] of Object.entries(dark)) root.setProperty('--' + name, on ? value : '')
    // A toggle says whether it is on (the page's own look comes back when it is off).
    if (button.hasAttribute('aria-pressed')) button.setAttribute('aria-pressed', String(on))
  }
  else if (action === 'top') window.scrollTo({ top: 0, behavior: 'smooth' })
  else if (action === 'copy') {
    const source = document.querySelector('[data-copy]') || $('app')
    if (navigator.clipboard && source) navigator.clipboard.writeText(source.textContent.trim()).catch(() => {})
  }
  else if (Object.hasOwn(actions, action)) actions[action](button)
})`

export function page(app: App) {
  const subtitle = app.subtitle ? `\n  <p id="subtitle" class="subtitle">${app.subtitle}</p>` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${app.title}</title>
<style>
  :root {
    --accent: ${app.accent ?? DEFAULT_ACCENT};
    --background: ${LIGHT.background};
    --card: ${LIGHT.card};
    --text: ${LIGHT.text};
    --muted: ${LIGHT.muted};
    --line: ${LIGHT.line};
    --font: system-ui, -apple-system, "Segoe UI", sans-serif;
    --size: 16px;
    --width: ${app.width ?? '34rem'};
    --place: center;
    --radius: 0.75rem;
    --columns: 1;
  }
  * { box-sizing: border-box; }
  html { font-size: var(--size); }
  body { margin: 0; min-height: 100vh; font-family: var(--font); background: var(--background); color: var(--text); display: grid; justify-items: var(--place); align-content: start; padding: 1.5rem; }
  main { width: min(var(--width), 100%); background: var(--card); border-radius: calc(var(--radius) * 1.6); padding: 2rem; box-shadow: 0 10px 40px rgb(15 23 42 / 0.08); }
  h1 { margin: 0 0 1rem; font-size: clamp(1.5rem, 4vw, 2rem); }
  h2 { margin: 0 0 0.5rem; font-size: 1.2rem; }
  .subtitle { margin: -0.5rem 0 1rem; color: var(--muted); }
  button { font: inherit; border: 0; border-radius: var(--radius); padding: 0.6rem 1rem; background: var(--accent); color: #fff; cursor: pointer; }
  button.secondary { background: var(--line); color: var(--text); }
  button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input, select, textarea { font: inherit; width: 100%; padding: 0.6rem 0.75rem; border: 1px solid var(--line); border-radius: var(--radius); background: var(--card); color: var(--text); }
  label { display: grid; gap: 0.25rem; margin: 0 0 0.75rem; font-weight: 500; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
  .actions:empty { display: none; }
  .big { font-size: 3rem; font-weight: 700; text-align: center; margin: 1rem 0; font-variant-numeric: tabular-nums; }
  .result { margin: 1rem 0 0; padding: 1rem; border-radius: var(--radius); background: var(--background); }
  .muted { color: var(--muted); }
  ul.items { list-style: none; padding: 0; margin: 1rem 0 0; }
  ul.items li { display: flex; gap: 0.5rem; align-items: center; padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
  ul.items li span { flex: 1; }
  .note { margin: 2rem 0 0; font-size: 0.75rem; color: var(--muted); text-align: center; }
${app.style ?? ''}
</style>
</head>
<body>
<main id="app" data-kind="${app.kind}">
  <h1 id="title">${app.title}</h1>${subtitle}
${app.body}
  <div class="actions" id="actions"></div>
  <p class="note" id="offline-note">${OFFLINE_NOTE}</p>
</main>
<script>
${SHELL_SCRIPT}
{
${app.script ?? ''}
}
</script>
</body>
</html>`
}
