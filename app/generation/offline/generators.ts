import { itemsIn, numberBefore } from './details'
import { escapeHtml, type App } from './page'

export const password = (prompt: string): App => {
  const length = Math.min(Math.max(numberBefore(prompt, 'char(?:acter)?s?|letters|long|length') ?? 16, 4), 128)
  return {
    kind: 'password-generator',
    title: 'Password generator',
    body: `  <output class="display" id="password" data-copy aria-live="polite"></output>
  <label data-field="length">Length <input id="length" type="range" min="4" max="64" value="${Math.min(length, 64)}"><span id="length-label">${Math.min(length, 64)}</span></label>
  <div class="options" id="options">
    <label><input type="checkbox" id="upper" checked> Capital letters</label>
    <label><input type="checkbox" id="digits" checked> Numbers</label>
    <label><input type="checkbox" id="symbols"${/symbol|special/i.test(prompt) ? ' checked' : ''}> Symbols</label>
  </div>
  <div class="row"><button id="generate" data-button="generate">New password</button><button id="copy" class="secondary" data-button="copy" data-action="copy">Copy</button></div>
  <p class="muted" id="strength"></p>`,
    style:
      '  .display { display: block; font-family: ui-monospace, monospace; font-size: 1.3rem; padding: 0.8rem; border-radius: var(--radius); background: var(--background); overflow-wrap: anywhere; margin-bottom: 1rem; }\n  .options { display: flex; flex-wrap: wrap; gap: 1rem; }\n  .options label { display: flex; align-items: center; gap: 0.4rem; font-weight: 400; }\n  .options input { width: auto; }',
    script: `const pick = (chars) => { const values = new Uint32Array(1); crypto.getRandomValues(values); return chars[values[0] % chars.length] }
const checked = (id) => Boolean($(id) && $(id).checked)
const generate = () => {
  const length = Number(($('length') || { value: ${length} }).value)
  let chars = 'abcdefghijkmnopqrstuvwxyz'
  if (checked('upper')) chars += 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  if (checked('digits')) chars += '23456789'
  if (checked('symbols')) chars += '!@#$%^&*-_=+?'
  const password = Array.from({ length }, () => pick(chars)).join('')
  show('password', password)
  show('length-label', String(length))
  const bits = Math.round(length * Math.log2(chars.length))
  show('strength', 'About ' + bits + ' bits · ' + (bits >= 80 ? 'strong' : bits >= 50 ? 'fair' : 'weak'))
}
on('generate', 'click', generate)
on('length', 'input', generate)
on('options', 'change', generate)
resetApp = generate
generate()`,
  }
}

export const palette = (prompt: string): App => {
  const size = Math.min(Math.max(numberBefore(prompt, 'colou?rs?|swatches') ?? 5, 2), 10)
  return {
    kind: 'colour-palette',
    title: 'Colour palette generator',
    subtitle: 'Space or the button for a new palette; click a colour to copy it',
    body: `  <div class="swatches" id="swatches"></div>
  <div class="row"><button id="generate" data-button="generate">New palette</button></div>
  <p class="muted" id="copied" aria-live="polite"></p>`,
    style:
      '  .swatches { display: flex; height: 12rem; border-radius: var(--radius); overflow: hidden; margin-bottom: 1rem; }\n  .swatches button { flex: 1; border-radius: 0; display: flex; align-items: end; justify-content: center; font-family: ui-monospace, monospace; font-size: 0.8rem; text-shadow: 0 1px 2px rgb(0 0 0 / 0.5); }',
    script: `const size = ${size}
const hex = (h, s, l) => { l /= 100; const a = s * Math.min(l, 1 - l) / 100; const f = (n) => { const k = (n + h / 30) % 12; const c = l - a * Math.max(Math.min(k - 3, 9 - k, 1), -1); return Math.round(255 * c).toString(16).padStart(2, '0') }; return '#' + f(0) + f(8) + f(4) }
const generate = () => {
  const base = Math.floor(Math.random() * 360)
  $('swatches').replaceChildren(...Array.from({ length: size }, (_, at) => {
    const colour = hex((base + at * (360 / size / 2.5)) % 360, 55 + Math.random() * 30, 30 + at * (50 / size))
    const swatch = Object.assign(document.createElement('button'), { type: 'button', textContent: colour })
    swatch.style.background = colour
    swatch.onclick = () => { if (navigator.clipboard) navigator.clipboard.writeText(colour).catch(() => {}); show('copied', 'Copied ' + colour) }
    return swatch
  }))
}
on('generate', 'click', generate)
document.addEventListener('keydown', (event) => { if (event.code === 'Space' && event.target === document.body) { event.preventDefault(); generate() } })
resetApp = generate
generate()`,
  }
}

const NAMES = {
  baby: {
    title: 'Baby name generator',
    first: ['Ada', 'Leo', 'Mila', 'Theo', 'Isla', 'Noah', 'Ivy', 'Felix', 'Luna', 'Hugo', 'Ruby', 'Otto'],
    second: ['Rose', 'James', 'Mae', 'Alexander', 'Grace', 'Arthur', 'June', 'Louis'],
    joiner: ' ',
  },
  fantasy: {
    title: 'Fantasy name generator',
    first: ['Ael', 'Thor', 'Mor', 'Ely', 'Gal', 'Kael', 'Syl', 'Dra', 'Fen', 'Ith'],
    second: ['wyn', 'drin', 'gorn', 'riel', 'ador', 'mir', 'vash', 'ethil', 'oren', 'anthe'],
    joiner: '',
  },
  business: {
    title: 'Business name generator',
    first: ['Bright', 'Blue', 'North', 'Swift', 'Golden', 'Little', 'Green', 'Bold', 'Clever', 'Silver'],
    second: ['Leaf', 'Harbour', 'Works', 'Studio', 'Lane', 'Fox', 'Craft', 'Labs', 'Oak', 'Spark'],
    joiner: ' ',
  },
  pet: {
    title: 'Pet name generator',
    first: ['Biscuit', 'Pepper', 'Mochi', 'Ziggy', 'Waffles', 'Pickle', 'Nugget', 'Bean', 'Maple', 'Pixel'],
    second: ['', '', ' the Brave', ' Jr.', ' McFluff'],
    joiner: '',
  },
} satisfies Record<string, { title: string; first: string[]; second: string[]; joiner: string }>

export const names = (prompt: string): App => {
  const type = /baby|child/i.test(prompt)
    ? 'baby'
    : /fantasy|elf|dragon|rpg|character/i.test(prompt)
      ? 'fantasy'
      : /pet|dog|cat/i.test(prompt)
        ? 'pet'
        : 'business'
  const set = NAMES[type]
  return {
    kind: 'name-generator',
    title: set.title,
    body: `  <p class="big" id="name" aria-live="polite" data-copy></p>
  <div class="row"><button id="generate" data-button="generate">Another name</button><button id="keep" class="secondary" data-button="keep">Keep it</button></div>
  <h2>Kept</h2>
  <ul class="items" id="kept"></ul>`,
    style: '  .big { font-size: 2rem; }',
    script: `const first = ${JSON.stringify(set.first)}, second = ${JSON.stringify(set.second)}, joiner = ${JSON.stringify(set.joiner)}
const any = (list) => list[Math.floor(Math.random() * list.length)]
let kept = load('kept-names', [])
const render = () => { save('kept-names', kept); $('kept').replaceChildren(...kept.map((name) => Object.assign(document.createElement('li'), { textContent: name }))) }
const generate = () => show('name', any(first) + joiner + any(second))
on('generate', 'click', generate)
on('keep', 'click', () => { const name = $('name').textContent; if (name && !kept.includes(name)) { kept.unshift(name); render() } })
resetApp = () => { kept = []; render(); generate() }
render(); generate()`,
  }
}

export const picker = (prompt: string): App => {
  const options = itemsIn(prompt)
  const list = options.length >= 2 ? options : ['Pizza', 'Sushi', 'Tacos', 'Curry']
  return {
    kind: 'random-picker',
    title: 'Random picker',
    subtitle: 'One line per choice',
    body: `  <label data-field="choices">Choices <textarea id="choices" rows="6">${list.map(escapeHtml).join('\n')}</textarea></label>
  <div class="row"><button id="pick" data-button="pick">Pick one</button></div>
  <p class="big" id="picked" aria-live="polite" data-copy>?</p>`,
    style: '  .big { font-size: 2rem; }',
    script: `on('pick', 'click', () => {
  const choices = $('choices').value.split('\\n').map((line) => line.trim()).filter(Boolean)
  show('picked', choices.length ? choices[Math.floor(Math.random() * choices.length)] : 'Add some choices first')
})
resetApp = () => show('picked', '?')`,
  }
}
