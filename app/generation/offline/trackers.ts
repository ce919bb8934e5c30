import { itemsIn, numberBefore } from './details'
import { escapeHtml, type App } from './page'

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

export const habits = (prompt: string): App => {
  const named = itemsIn(prompt)
  const list = named.length ? named : ['Drink water', 'Read', 'Exercise']
  return {
    kind: 'habit-tracker',
    title: 'Habit tracker',
    subtitle: 'Tick each day you kept the habit',
    body: `  <table class="habits">
    <thead><tr><th scope="col">Habit</th>${DAYS.map((day) => `<th scope="col">${day}</th>`).join('')}<th scope="col">Streak</th></tr></thead>
    <tbody id="habits">
${list.map((habit) => `      <tr data-item="${escapeHtml(habit)}"><th scope="row">${escapeHtml(habit)}</th>${DAYS.map((day) => `<td><input type="checkbox" data-day="${day}" aria-label="${escapeHtml(habit)} on ${day}"></td>`).join('')}<td class="streak">0</td></tr>`).join('\n')}
    </tbody>
  </table>
  <form class="row" id="add-habit"><label data-field="habit" style="flex:1">New habit <input id="habit" required></label><button data-button="add">Add habit</button></form>`,
    width: '44rem',
    style:
      '  .habits { width: 100%; border-collapse: collapse; margin-bottom: 1rem; }\n  .habits th, .habits td { padding: 0.4rem; text-align: center; border-bottom: 1px solid var(--line); }\n  .habits th[scope=row] { text-align: left; }\n  .habits input { width: 1.2rem; height: 1.2rem; accent-color: var(--accent); }\n  .streak { font-weight: 700; color: var(--accent); }',
    script: `const days = ${JSON.stringify(DAYS)}
let ticks = load('habits', {})
const rows = () => [...document.querySelectorAll('#habits [data-item]')]
const wire = (row) => {
  const name = row.dataset.item
  row.querySelectorAll('input[data-day]').forEach((box) => {
    box.checked = Boolean(ticks[name] && ticks[name][box.dataset.day])
    box.onchange = () => { ticks[name] = { ...(ticks[name] || {}), [box.dataset.day]: box.checked }; save('habits', ticks); streak(row) }
  })
  streak(row)
}
const streak = (row) => { let count = 0; for (const day of days) { const box = row.querySelector('[data-day="' + day + '"]'); count = box && box.checked ? count + 1 : 0 } row.querySelector('.streak').textContent = count }
on('add-habit', 'submit', (event) => {
  event.preventDefault()
  const name = $('habit').value.trim(); if (!name) return
  const row = document.createElement('tr'); row.dataset.item = name
  const head = Object.assign(document.createElement('th'), { scope: 'row', textContent: name })
  row.append(head, ...days.map((day) => { const cell = document.createElement('td'); const box = Object.assign(document.createElement('input'), { type: 'checkbox' }); box.dataset.day = day; box.setAttribute('aria-label', name + ' on ' + day); cell.append(box); return cell }), Object.assign(document.createElement('td'), { className: 'streak', textContent: '0' }))
  $('habits').append(row); wire(row); $('habit').value = ''
})
resetApp = () => { ticks = {}; save('habits', ticks); rows().forEach(wire) }
rows().forEach(wire)`,
  }
}

export const expenses = (prompt: string): App => {
  const currency = /£|pound|gbp/i.test(prompt) ? '£' : /€|euro/i.test(prompt) ? '€' : /¥|yen/i.test(prompt) ? '¥' : '$'
  const budget = numberBefore(prompt, 'budget') ?? Number(/budget (?:of )?[$£€]?(\d+)/i.exec(prompt)?.[1] ?? 0)
  const categories = ['Food', 'Transport', 'Home', 'Fun', 'Other']
  return {
    kind: 'expense-tracker',
    title: 'Expense tracker',
    subtitle: budget ? `Monthly budget ${currency}${budget}` : undefined,
    body: `  <form id="add-expense">
    <label data-field="description">Description <input id="description" required placeholder="Coffee"></label>
    <div class="row">
      <label data-field="amount" style="flex:1">Amount (${currency}) <input id="amount" type="number" step="0.01" min="0.01" required></label>
      <label data-field="category" style="flex:1">Category <select id="category">${categories.map((category) => `<option>${category}</option>`).join('')}</select></label>
    </div>
    <button data-button="add">Add expense</button>
  </form>
  <p class="big" id="total" data-copy>${currency}0.00</p>
  <p class="muted" id="by-category"></p>
  <ul class="items" id="expenses" aria-label="Expenses"></ul>`,
    style: '  .big { font-size: 2.2rem; }',
    script: `const currency = ${JSON.stringify(currency)}, budget = ${budget}
let expenses = load('expenses', [])
const money = (n) => currency + n.toFixed(2)
const render = () => {
  save('expenses', expenses)
  const total = expenses.reduce((sum, item) => sum + item.amount, 0)
  show('total', money(total) + (budget ? ' of ' + money(budget) : ''))
  const sums = {}; for (const item of expenses) sums[item.category] = (sums[item.category] || 0) + item.amount
  show('by-category', Object.entries(sums).map(([name, sum]) => name + ' ' + money(sum)).join(' · '))
  $('expenses').replaceChildren(...expenses.map((item, index) => {
    const row = document.createElement('li')
    const remove = Object.assign(document.createElement('button'), { textContent: 'Delete', className: 'secondary', type: 'button' })
    remove.onclick = () => { expenses.splice(index, 1); render() }
    row.append(Object.assign(document.createElement('span'), { textContent: item.description + ' · ' + item.category }), Object.assign(document.createElement('strong'), { textContent: money(item.amount) }), remove)
    return row
  }))
}
on('add-expense', 'submit', (event) => {
  event.preventDefault()
  const amount = Number($('amount').value); if (!(amount > 0)) return
  expenses.unshift({ description: $('description').value.trim(), amount, category: $('category') ? $('category').value : 'Other' })
  $('description').value = ''; $('amount').value = ''
  render()
})
resetApp = () => { expenses = []; render() }
render()`,
  }
}

export const water = (prompt: string): App => {
  const goal = Math.min(Math.max(numberBefore(prompt, 'glasses|cups') ?? 8, 1), 30)
  return {
    kind: 'water-tracker',
    title: 'Water tracker',
    subtitle: `Goal: ${goal} glasses a day`,
    body: `  <p class="big" id="count" aria-live="polite">0 / ${goal}</p>
  <div class="glasses" id="glasses"></div>
  <div class="row"><button id="drink" data-button="drink">+1 glass</button><button id="undo" class="secondary" data-button="undo">−1</button></div>`,
    style:
      '  .glasses { display: flex; flex-wrap: wrap; gap: 0.3rem; justify-content: center; margin-bottom: 1rem; font-size: 1.8rem; }\n  .glasses span { opacity: 0.25; }\n  .glasses span.full { opacity: 1; }\n  .row { justify-content: center; }',
    script: `const goal = ${goal}
const today = new Date().toDateString()
let state = load('water', { day: today, glasses: 0 })
if (state.day !== today) state = { day: today, glasses: 0 }
const render = () => {
  save('water', state)
  show('count', state.glasses + ' / ' + goal + (state.glasses >= goal ? ' 🎉' : ''))
  $('glasses').replaceChildren(...Array.from({ length: Math.max(goal, state.glasses) }, (_, at) => Object.assign(document.createElement('span'), { textContent: '💧', className: at < state.glasses ? 'full' : '' })))
}
on('drink', 'click', () => { state.glasses += 1; render() })
on('undo', 'click', () => { state.glasses = Math.max(0, state.glasses - 1); render() })
resetApp = () => { state = { day: today, glasses: 0 }; render() }
render()`,
  }
}
