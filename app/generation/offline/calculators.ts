import { numberAfter, numberBefore } from './details'
import { escapeHtml, type App } from './page'

type Field = { id: string; label: string; value: number | string; step?: string; type?: 'number' | 'date' }

/**
 * A calculator with a named formula: labelled number fields, recomputed on every input.
 * `formula` is a script body that reads `v.<field id>` and returns [label, value] rows.
 */
function formulaApp(kind: string, title: string, fields: Field[], formula: string, subtitle?: string): App {
  const inputs = fields
    .map(
      (field) =>
        `  <label data-field="${field.id}">${escapeHtml(field.label)} <input id="${field.id}" type="${field.type ?? 'number'}" value="${field.value}"${field.type === 'date' ? '' : ` step="${field.step ?? 'any'}" min="0"`}></label>`,
    )
    .join('\n')
  return {
    kind,
    title,
    subtitle,
    body: `  <form id="calculator" onsubmit="return false">
${inputs}
  </form>
  <dl class="result" id="result" aria-live="polite" data-copy></dl>`,
    style:
      '  dl.result { display: grid; grid-template-columns: 1fr auto; gap: 0.4rem 1rem; }\n  dl.result dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }',
    script: `const ids = ${JSON.stringify(fields.map((field) => field.id))}
const defaults = ${JSON.stringify(Object.fromEntries(fields.map((field) => [field.id, String(field.value)])))}
const money = (n) => Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '—'
const fixed = (n, d) => Number.isFinite(n) ? n.toFixed(d) : '—'
const compute = (v) => {
${formula}
}
const update = () => {
  const v = {}
  for (const id of ids) { const input = $(id); v[id] = input ? (input.type === 'date' ? input.value : Number(input.value)) : 0 }
  const rows = compute(v)
  const out = $('result')
  if (!out) return
  out.replaceChildren(...rows.flatMap(([label, value]) => [Object.assign(document.createElement('dt'), { textContent: label }), Object.assign(document.createElement('dd'), { textContent: value })]))
}
$('calculator').addEventListener('input', update)
resetApp = () => { for (const id of ids) { const input = $(id); if (input) input.value = defaults[id] } update() }
update()`,
  }
}

export const tip = (prompt: string): App => {
  const percent = numberBefore(prompt, '%|percent') ?? 15
  const people = numberBefore(prompt, 'people|persons|friends|ways') ?? numberAfter(prompt, 'group of|party of|table of|split (?:between|among|by)|for') ?? 1
  return formulaApp(
    'tip-calculator',
    'Tip calculator',
    [
      { id: 'bill', label: 'Bill', value: 50, step: '0.01' },
      { id: 'tip', label: 'Tip (%)', value: percent, step: '1' },
      { id: 'people', label: 'People', value: people, step: '1' },
    ],
    `  const tip = v.bill * v.tip / 100
  const total = v.bill + tip
  const people = Math.max(1, Math.round(v.people))
  return [['Tip', money(tip)], ['Total', money(total)], ['Each person pays', money(total / people)]]`,
  )
}

export const bmi = (): App =>
  formulaApp(
    'bmi-calculator',
    'BMI calculator',
    [
      { id: 'weight', label: 'Weight (kg)', value: 70, step: '0.1' },
      { id: 'height', label: 'Height (cm)', value: 175, step: '1' },
    ],
    `  const bmi = v.weight / Math.pow(v.height / 100, 2)
  const category = !Number.isFinite(bmi) ? '—' : bmi < 18.5 ? 'Underweight' : bmi < 25 ? 'Healthy weight' : bmi < 30 ? 'Overweight' : 'Obese'
  return [['BMI', fixed(bmi, 1)], ['Category', category]]`,
    'Body mass index = weight (kg) ÷ height (m)²',
  )

export const loan = (prompt: string): App => {
  const thousands = numberBefore(prompt, 'k\\b|thousand')
  return formulaApp(
    'loan-calculator',
    /mortgage/i.test(prompt) ? 'Mortgage calculator' : 'Loan calculator',
    [
      {
        id: 'amount',
        label: 'Amount borrowed',
        value: thousands ? thousands * 1000 : 200000,
        step: '100',
      },
      { id: 'rate', label: 'Yearly interest (%)', value: numberBefore(prompt, '%|percent') ?? 5, step: '0.01' },
      { id: 'years', label: 'Years', value: numberBefore(prompt, 'years?') ?? 25, step: '1' },
    ],
    `  const n = v.years * 12
  const r = v.rate / 100 / 12
  const monthly = r === 0 ? v.amount / n : v.amount * r / (1 - Math.pow(1 + r, -n))
  return [['Monthly payment', money(monthly)], ['Total paid', money(monthly * n)], ['Total interest', money(monthly * n - v.amount)]]`,
  )
}

export const savings = (prompt: string): App =>
  formulaApp(
    'savings-calculator',
    'Compound interest calculator',
    [
      { id: 'start', label: 'Starting amount', value: 1000, step: '1' },
      { id: 'monthly', label: 'Added each month', value: 100, step: '1' },
      { id: 'rate', label: 'Yearly interest (%)', value: numberBefore(prompt, '%|percent') ?? 4, step: '0.01' },
      { id: 'years', label: 'Years', value: numberBefore(prompt, 'years?') ?? 10, step: '1' },
    ],
    `  const r = v.rate / 100 / 12
  let total = v.start
  for (let month = 0; month < Math.min(1200, v.years * 12); month += 1) total = total * (1 + r) + v.monthly
  const paid = v.start + v.monthly * v.years * 12
  return [['Final balance', money(total)], ['Paid in', money(paid)], ['Interest earned', money(total - paid)]]`,
  )

export const percentage = (): App =>
  formulaApp(
    'percentage-calculator',
    'Percentage calculator',
    [
      { id: 'percent', label: 'Percent', value: 20, step: 'any' },
      { id: 'of', label: 'Of', value: 150, step: 'any' },
    ],
    `  return [['Result', fixed(v.percent / 100 * v.of, 2)], ['Added to it', fixed(v.of * (1 + v.percent / 100), 2)], ['Taken off it', fixed(v.of * (1 - v.percent / 100), 2)]]`,
  )

export const age = (): App =>
  formulaApp(
    'age-calculator',
    'Age calculator',
    [{ id: 'born', label: 'Date of birth', value: '2000-01-01', type: 'date' }],
    `  const born = new Date(v.born)
  if (Number.isNaN(born.getTime())) return [['Age', '—']]
  const now = new Date()
  let years = now.getFullYear() - born.getFullYear()
  if (now < new Date(now.getFullYear(), born.getMonth(), born.getDate())) years -= 1
  const days = Math.floor((now - born) / 86400000)
  return [['Age', years + ' years'], ['Days lived', days.toLocaleString('en-US')]]`,
  )

/** Each category's units, the first two named: a converter starts from one to the other. */
type Unit = [string, number]
const UNITS = {
  length: {
    label: 'Length',
    units: [
      ['metres', 1],
      ['kilometres', 1000],
      ['centimetres', 0.01],
      ['miles', 1609.344],
      ['feet', 0.3048],
      ['inches', 0.0254],
      ['yards', 0.9144],
    ],
  },
  weight: {
    label: 'Weight',
    units: [
      ['kilograms', 1],
      ['grams', 0.001],
      ['pounds', 0.45359237],
      ['ounces', 0.028349523],
      ['stones', 6.35029318],
    ],
  },
  volume: {
    label: 'Volume',
    units: [
      ['litres', 1],
      ['millilitres', 0.001],
      ['gallons (US)', 3.785411784],
      ['cups (US)', 0.2365882365],
      ['pints (US)', 0.473176473],
    ],
  },
  temperature: {
    label: 'Temperature',
    units: [
      ['celsius', 0],
      ['fahrenheit', 0],
      ['kelvin', 0],
    ],
  },
} satisfies Record<string, { label: string; units: [Unit, Unit, ...Unit[]] }>

export const converter = (prompt: string): App => {
  const category = /celsius|fahrenheit|kelvin|temperature/i.test(prompt)
    ? 'temperature'
    : /kg|kilo|pound|lbs|ounce|gram|weight|stone/i.test(prompt)
      ? 'weight'
      : /litre|liter|gallon|cup|pint|volume/i.test(prompt)
        ? 'volume'
        : 'length'
  const [first, second, ...others] = UNITS[category].units
  const units = [first, second, ...others].map(([name]) => name)
  const mentioned = units.filter((unit) =>
    new RegExp(`\\b${unit.slice(0, 4)}|\\b${unit === 'kilometres' ? 'km' : unit === 'kilograms' ? 'kg' : unit === 'pounds' ? 'lb' : '#'}`, 'i').test(prompt),
  )
  const from = mentioned[0] ?? first[0]
  const to = mentioned[1] ?? (from === first[0] ? second[0] : first[0])
  const options = (selected: string) => units.map((unit) => `<option${unit === selected ? ' selected' : ''}>${unit}</option>`).join('')
  return {
    kind: 'unit-converter',
    title: `${UNITS[category].label} converter`,
    body: `  <form id="converter" onsubmit="return false">
    <label data-field="amount">Amount <input id="amount" type="number" step="any" value="1"></label>
    <div class="row"><label data-field="from">From <select id="from">${options(from)}</select></label><label data-field="to">To <select id="to">${options(to)}</select></label></div>
  </form>
  <p class="big" id="output" aria-live="polite" data-copy></p>`,
    style: '  #converter .row > label { flex: 1; }\n  .big { font-size: 2rem; }',
    script: `const category = ${JSON.stringify(category)}
const factors = ${JSON.stringify(Object.fromEntries(UNITS[category].units))}
const toBase = (value, unit) => unit === 'fahrenheit' ? (value - 32) * 5 / 9 : unit === 'kelvin' ? value - 273.15 : category === 'temperature' ? value : value * factors[unit]
const fromBase = (value, unit) => unit === 'fahrenheit' ? value * 9 / 5 + 32 : unit === 'kelvin' ? value + 273.15 : category === 'temperature' ? value : value / factors[unit]
const update = () => {
  const amount = Number($('amount').value)
  const result = fromBase(toBase(amount, $('from').value), $('to').value)
  show('output', Number.isFinite(result) ? amount + ' ' + $('from').value + ' = ' + Number(result.toPrecision(6)) + ' ' + $('to').value : '—')
}
$('converter').addEventListener('input', update)
resetApp = () => { $('amount').value = '1'; update() }
update()`,
  }
}

export const basic = (): App => ({
  kind: 'calculator',
  title: 'Calculator',
  body: `  <output id="display" class="display" aria-live="polite" data-copy>0</output>
  <div class="keys" id="keys">
    ${['C', '(', ')', '÷', '7', '8', '9', '×', '4', '5', '6', '−', '1', '2', '3', '+', '0', '.', '⌫', '=']
      .map((key) => `<button type="button" data-key="${key}"${/[0-9.]/.test(key) ? ' class="secondary"' : ''}>${key}</button>`)
      .join('\n    ')}
  </div>`,
  style:
    '  .display { display: block; font-size: 2.25rem; text-align: right; padding: 0.75rem; margin-bottom: 0.75rem; border-radius: var(--radius); background: var(--background); min-height: 3.5rem; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }\n  .keys { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.5rem; }\n  .keys button { padding: 0.9rem 0; font-size: 1.2rem; }',
  script: `let expression = ''
const render = () => show('display', expression || '0')
const evaluate = (text) => {
  const source = text.replace(/×/g, '*').replace(/÷/g, '/').replace(/−/g, '-')
  if (!/^[0-9+\\-*/.() ]+$/.test(source)) return 'Error'
  try { const value = Function('"use strict"; return (' + source + ')')(); return Number.isFinite(value) ? String(Number(value.toPrecision(12))) : 'Error' } catch (error) { return 'Error' }
}
const press = (key) => {
  if (key === 'C') expression = ''
  else if (key === '⌫') expression = expression.slice(0, -1)
  else if (key === '=') expression = evaluate(expression)
  else expression = (expression === 'Error' ? '' : expression) + key
  render()
}
on('keys', 'click', (event) => { const key = event.target.closest('[data-key]'); if (key) press(key.dataset.key) })
document.addEventListener('keydown', (event) => {
  const map = { '*': '×', '/': '÷', '-': '−', Enter: '=', Backspace: '⌫', Escape: 'C' }
  const key = map[event.key] || event.key
  if (/^[0-9.+()]$|^[×÷−=⌫C]$/.test(key)) press(key)
})
resetApp = () => { expression = ''; render() }`,
})
