import { capitalise, itemsIn, topicIn } from './details'
import { escapeHtml, type App } from './page'

/**
 * Issue 39.6: apps whose data every visitor shares, kept by `pieces.data` (docs/decisions/0053).
 * The server stamps each entry with its writer, so no page asks a visitor for a name to
 * attribute; each page follows its collection live, and offers Remove only on the visitor's
 * own entries (`by.you`: the server refuses anyone else's, except the Piece's owner).
 */

/** What the chat says each shared kind keeps, and who sees it. */
export const SHARED_ANSWERS: Record<string, string> = {
  poll: 'Votes are shared: everyone sees the same counts, live, and each visitor votes once.',
  guestbook: 'Entries are shared: everyone sees them, signed with the writer’s name, and only the writer or you can remove one.',
  'signup-sheet': 'Sign-ups are shared: everyone sees who brings what, and only the writer or you can remove one.',
  'shared-list': 'The list is shared: everyone sees every item as it is added, and only the writer or you can remove one.',
  'high-scores': 'Scores are shared: everyone sees the same top 10, each signed with the player’s name.',
  'expense-splitter': 'Expenses are shared: everyone sees what each person paid and who owes whom, and only the writer or you can remove one.',
}

/** The status line every shared page has: errors and the note when it is opened outside Pieces. */
const STATUS = '  <p class="muted" id="status" role="status" aria-live="polite"></p>'
const SHARED_STYLE = `  ul.items li { flex-wrap: wrap; }
  ul.items li small { flex-basis: 100%; order: 3; color: var(--muted); }
  .mine { font-weight: 600; }
  form.row { align-items: end; }
  form.row label { margin: 0; }`

/**
 * The part of every shared page's script that follows a collection: its records by id and
 * its counters, drawn again at each change. A change seen live wins over the first read, which
 * may have started before it; a `reset` (back after changes it missed were pruned) reads it again. Errors show their meaning (the API's message for each `code`).
 */
const FOLLOW = `const data = window.pieces && window.pieces.data
const problem = (error) => show('status', (error && error.message) || 'Something went wrong. Try again.')
if (!data) show('status', 'Shared entries appear when this page is opened on Pieces.')
const el = (tag, props, ...children) => { const node = Object.assign(document.createElement(tag), props || {}); node.append(...children); return node }
const when = (at) => new Date(at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
const follow = (collection, draw) => {
  const records = new Map(), counters = {}, seen = new Set()
  const redraw = () => draw([...records.values()].sort((a, b) => b.id - a.id), counters)
  redraw()
  if (!data) return
  const clear = () => { records.clear(); for (const name of Object.keys(counters)) delete counters[name] }
  const read = () => data.shared.list(collection, { limit: 500 }).then((page) => {
    for (const record of page.records) if (!seen.has('r' + record.id)) records.set(record.id, record)
    for (const [name, value] of Object.entries(page.counters)) if (!seen.has('c' + name)) counters[name] = value
    redraw()
    document.body.dataset.ready = 'yes'
  }, problem)
  data.subscribe(collection, (change) => {
    if (change.type === 'added' || change.type === 'changed') { records.set(change.record.id, change.record); seen.add('r' + change.record.id) }
    else if (change.type === 'removed') { records.delete(change.record.id); seen.add('r' + change.record.id) }
    else if (change.type === 'counted') { counters[change.counter.name] = change.counter.value; seen.add('c' + change.counter.name) }
    else if (change.type === 'cleared') clear()
    // Away so long that the changes it missed are no longer kept: the list is read again.
    else if (change.type === 'reset') { clear(); seen.clear(); read() }
    redraw()
  })
  read()
}
const removeButton = (collection, record) => {
  const button = el('button', { type: 'button', className: 'secondary', textContent: 'Remove' })
  button.onclick = () => data.shared.remove(collection, record.id).catch(problem)
  return button
}
const entry = (collection, record, ...parts) =>
  el('li', {}, el('span', {}, ...parts), el('small', { className: record.by.you ? 'mine' : '' }, record.by.name + ' · ' + when(record.at)), ...(record.by.you ? [removeButton(collection, record)] : []))
const addTo = (form, collection, value) => {
  if (!data) return
  const button = form.querySelector('button'); if (button) button.disabled = true
  data.shared.add(collection, value).then(() => { form.reset(); show('status', '') }, problem).finally(() => { if (button) button.disabled = false })
}`

const shared = (app: App): App => ({
  ...app,
  body: `${app.body}\n${STATUS}`,
  style: [SHARED_STYLE, app.style].filter(Boolean).join('\n'),
  script: `${FOLLOW}\n${app.script ?? ''}`,
})

/** "a poll: which snack for friday, pizza or tacos": a question, then its options after the comma or question mark. */
const ASKED = /\b(?:poll|vote)\b[^:?]*?[:\s]\s*((?:which|what|where|when|who|should|shall|do|does|is|are|how)\b[\w' -]{2,60}?)\s*[,?]\s*(.+)$/i

/** "a poll about the next book, dune or emma": the topic, then its options. */
const ABOUT = /\b(?:poll|vote) (?:on|about)\s+([\w' -]{3,60}?)\s*[,:?]\s*(.+)$/i

export const poll = (prompt: string): App => {
  const question = ASKED.exec(prompt)
  const asked = question ?? ABOUT.exec(prompt)
  // The options follow the last "with" or "between" ("a poll for our team lunch with pizza, tacos and sushi"),
  // or the question ("…, pizza or tacos"), where "or" joins them as "and" does.
  const named = asked?.[2]
    ? itemsIn(`with ${asked[2].replace(/\s+or\s+/gi, ' and ')}`)
    : itemsIn(prompt.replace(/^.*\b(?:with|between)\s+/i, 'with ').replace(/\s+or\s+/gi, ' and '))
  const options = named.length >= 2 ? named : ['Yes', 'No', 'Maybe']
  const topic = asked?.[1] ?? /\b(?:poll|vote) (?:on|about)\s+([\w' -]{3,60}?)(?:\s*[,:?]|\s+with\b|$)/i.exec(prompt)?.[1]
  return shared({
    kind: 'poll',
    title: topic ? `${capitalise(topic.trim())}${question ? '?' : ''}` : 'Poll',
    subtitle: 'One vote each; everyone sees the results live',
    body: `  <div class="options" id="options">
${options.map((option) => `    <button type="button" class="option" data-option="${escapeHtml(option)}" aria-label="${escapeHtml(option)}: 0 votes"><span>${escapeHtml(option)}</span><span class="bar"><span class="fill"></span></span><strong class="votes">0</strong></button>`).join('\n')}
  </div>
  <p class="big" id="total" aria-live="polite">0 votes</p>`,
    style: `  .options { display: grid; gap: 0.5rem; }
  .option { display: grid; grid-template-columns: minmax(5rem, 1fr) 2fr 3rem; gap: 0.75rem; align-items: center; text-align: left; background: var(--background); color: var(--text); border: 1px solid var(--line); }
  .option[aria-pressed="true"] { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); }
  .option:disabled { cursor: default; }
  .bar { height: 0.6rem; border-radius: 1rem; background: var(--line); overflow: hidden; }
  .fill { display: block; height: 100%; width: 0; background: var(--accent); transition: width 0.3s; }
  .votes { text-align: right; font-variant-numeric: tabular-nums; }
  .big { font-size: 1.5rem; }`,
    script: `const buttons = [...document.querySelectorAll('[data-option]')]
let chosen = null
const draw = (records, counters) => {
  const total = buttons.reduce((sum, button) => sum + (counters[button.dataset.option] || 0), 0)
  for (const button of buttons) {
    const votes = counters[button.dataset.option] || 0
    button.querySelector('.votes').textContent = votes
    button.setAttribute('aria-label', button.dataset.option + ': ' + votes + (votes === 1 ? ' vote' : ' votes'))
    button.querySelector('.fill').style.width = (total ? (votes / total) * 100 : 0) + '%'
    button.setAttribute('aria-pressed', String(chosen === button.dataset.option))
    button.disabled = chosen !== null || !data
  }
  show('total', total === 1 ? '1 vote' : total + ' votes')
}
let redraw = () => {}
follow('poll', (records, counters) => { redraw = () => draw(records, counters); redraw() })
// A visitor's own vote is kept in their own data, so a reload still shows it.
if (data) data.mine.get('vote').then((vote) => { if (vote) { chosen = vote; show('status', 'You voted for ' + vote + '.') } redraw() }, problem)
for (const button of buttons) button.onclick = () => {
  if (chosen !== null || !data) return
  chosen = button.dataset.option; redraw()
  data.mine.set('vote', chosen)
    .then(() => data.shared.increment('poll', chosen))
    .then(() => show('status', 'You voted for ' + chosen + '.'), (error) => { chosen = null; redraw(); problem(error) })
}`,
  })
}

export const guestbook = (prompt: string): App => {
  const occasion = topicIn(prompt, 'guest ?book|message board|message wall')
  return shared({
    kind: 'guestbook',
    title: occasion ? `${capitalise(occasion)} guestbook` : 'Guestbook',
    subtitle: 'Leave a message: it is signed with your name',
    body: `  <form id="sign">
    <label data-field="message">Message <textarea id="message" name="message" rows="3" maxlength="500" required placeholder="Say hello"></textarea></label>
    <button data-button="sign">Sign the guestbook</button>
  </form>
  <ul class="items" id="entries" aria-label="Messages"></ul>
  <p class="muted" id="empty">No messages yet: be the first.</p>`,
    style: '  #entries li { align-items: start; }\n  #entries li span { white-space: pre-wrap; }',
    script: `follow('guestbook', (records) => {
  $('entries').replaceChildren(...records.map((record) => entry('guestbook', record, String(record.value.text))))
  $('empty').hidden = records.length > 0
})
on('sign', 'submit', (event) => {
  event.preventDefault()
  const text = $('message').value.trim(); if (text) addTo(event.target, 'guestbook', { text })
})`,
  })
}

export const signupSheet = (prompt: string): App => {
  const needed = itemsIn(prompt)
  const event = topicIn(prompt, 'sign[- ]?up sheet|sign[- ]?up list|rota') ?? /\b(bake sale|potluck|picnic|party|barbecue|bbq)\b/i.exec(prompt)?.[1]
  return shared({
    kind: 'signup-sheet',
    title: event ? `${capitalise(event)} sign-up sheet` : 'Sign-up sheet',
    subtitle: 'Say what you will bring: your name is added for you',
    body: `  <form id="bring" class="row">
    <label data-field="item" style="flex:1">I will bring <input id="item" name="item" maxlength="80" required placeholder="Lemon cake"></label>
    <button data-button="sign-up">Sign up</button>
  </form>
${needed.length ? '  <p id="needed" class="result"></p>\n' : ''}  <ul class="items" id="signups" aria-label="Who brings what"></ul>
  <p class="muted" id="empty">Nobody has signed up yet.</p>`,
    script: `const needed = ${JSON.stringify(needed)}
follow('signups', (records) => {
  $('signups').replaceChildren(...records.map((record) => entry('signups', record, el('strong', { textContent: String(record.value.item) }))))
  $('empty').hidden = records.length > 0
  const brought = new Set(records.map((record) => String(record.value.item).trim().toLowerCase()))
  const open = needed.filter((item) => !brought.has(item.toLowerCase()))
  show('needed', open.length ? 'Still needed: ' + open.join(', ') : 'Everything on the list is covered.')
})
on('bring', 'submit', (event) => {
  event.preventDefault()
  const item = $('item').value.trim(); if (item) addTo(event.target, 'signups', { item })
})`,
  })
}

export const sharedList = (prompt: string): App => {
  const reading = /\b(?:reading|book)s?\b/i.test(prompt)
  const group = /\b(class|team|family|club|group|office|book club)\b/i.exec(prompt)?.[1]
  const what = reading
    ? 'Reading list'
    : /\bmovie|film|watch/i.test(prompt)
      ? 'Watch list'
      : /\bshopping|grocer/i.test(prompt)
        ? 'Shopping list'
        : 'Shared list'
  return shared({
    kind: 'shared-list',
    title: group ? `${capitalise(group)} ${what.toLowerCase()}` : what,
    subtitle: 'Everyone adds to the same list',
    body: `  <form id="add-item" class="row">
    <label data-field="item" style="flex:1">${reading ? 'Book' : 'Item'} <input id="item" name="item" maxlength="120" required placeholder="${reading ? 'The Hobbit' : 'Something to add'}"></label>
    <button data-button="add">Add</button>
  </form>
  <ul class="items" id="list" aria-label="${what}"></ul>
  <p class="muted" id="empty">The list is empty: add the first item.</p>`,
    script: `follow('list', (records) => {
  $('list').replaceChildren(...records.map((record) => entry('list', record, String(record.value.text))))
  $('empty').hidden = records.length > 0
})
on('add-item', 'submit', (event) => {
  event.preventDefault()
  const text = $('item').value.trim(); if (text) addTo(event.target, 'list', { text })
})`,
  })
}

/** The look of a top 10: places counted by the list, a long name wrapping, the score on one line. */
const scoresStyle = (above: string) => `  .scores { padding: 0; margin: ${above} 0 0; list-style: none; counter-reset: place; }
  .scores li { counter-increment: place; display: flex; gap: 0.75rem; align-items: center; padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
  .scores li::before { content: counter(place); width: 1.5rem; font-weight: 700; color: var(--accent); }
  .scores li span { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  .scores strong { font-variant-numeric: tabular-nums; white-space: nowrap; }`

/** The script that draws the `scores` collection's best 10, ranked higher or lower first, each score followed by `suffix`. */
const topTen = (
  better: 'higher' | 'lower',
  suffix: string,
) => `const ranked = (a, b) => ${better === 'higher' ? 'b.value.score - a.value.score' : 'a.value.score - b.value.score'} || a.id - b.id
follow('scores', (records) => {
  const top = records.filter((record) => Number.isFinite(record.value.score)).sort(ranked).slice(0, 10)
  $('scores').replaceChildren(...top.map((record) => el('li', {}, el('span', { className: record.by.you ? 'mine' : '' }, record.by.name), el('strong', { textContent: record.value.score + '${suffix}' }), ...(record.by.you ? [removeButton('scores', record)] : []))))
  $('empty').hidden = top.length > 0
})`

export const highScores = (prompt: string): App => {
  const game = topicIn(prompt, 'high ?scores?|leader ?board|score ?board')
  return shared({
    kind: 'high-scores',
    title: game ? `${capitalise(game)} high scores` : 'High scores',
    subtitle: 'The top 10, signed with each player’s name',
    body: `  <form id="post-score" class="row">
    <label data-field="score" style="flex:1">Your score <input id="score" name="score" type="number" min="0" max="1000000000" step="1" required></label>
    <button data-button="post">Post score</button>
  </form>
  <ol class="scores" id="scores" aria-label="Top 10"></ol>
  <p class="muted" id="empty">No scores yet.</p>`,
    style: scoresStyle('1rem'),
    script: `${topTen('higher', '')}
on('post-score', 'submit', (event) => {
  event.preventDefault()
  const score = Math.round(Number($('score').value)); if (Number.isFinite(score) && score >= 0) addTo(event.target, 'scores', { score })
})`,
  })
}

/** How a game's results rank: points and words a minute are better higher, moves and tries lower. */
export type ScoreRule = { better: 'higher' | 'lower'; unit: string }

/** The words a game with a shared top 10 says in the chat. */
export const GAME_SCORES_ANSWER =
  'High scores are shared: each finished game posts its score, and everyone sees the same top 10, signed with each player’s name.'

/**
 * Issue 39.6: a game asked for high scores keeps a top 10 every visitor shares. The game says
 * when one ends (a `game-over` event with its score, app/generation/offline/games.ts) and the
 * board posts it: the server signs it with the player, so no one types a name or a score.
 * The game keeps its own status line, so the board's messages have one of their own.
 */
export const withSharedScores = (app: App, { better, unit }: ScoreRule): App => ({
  ...app,
  shares: GAME_SCORES_ANSWER,
  body: `${app.body}
  <section class="board" aria-labelledby="board-title">
    <h2 id="board-title">Top 10</h2>
    <ol class="scores" id="scores" aria-label="Top 10"></ol>
    <p class="muted" id="empty">No scores yet: finish a game to post the first.</p>
${STATUS.replace('id="status"', 'id="board-status"')}
  </section>`,
  style: [SHARED_STYLE, app.style, `  .board { margin-top: 1.5rem; }\n  .board h2 { margin: 0; }`, scoresStyle('0.5rem')].filter(Boolean).join('\n'),
  script: `${app.script ?? ''}
${FOLLOW.replaceAll("show('status'", "show('board-status'")}
${topTen(better, ` ${unit}`)}
document.addEventListener('game-over', (event) => {
  const score = Math.round(Number(event.detail && event.detail.score))
  if (!data || !Number.isFinite(score) || score < 0) return
  data.shared.add('scores', { score }).then(() => show('board-status', 'Your ${unit === 'points' ? 'score' : 'result'} of ' + score + ' ${unit} is posted.'), problem)
})`,
})

export const splitter = (prompt: string): App => {
  const currency = /£|pound|gbp/i.test(prompt) ? '£' : /€|euro/i.test(prompt) ? '€' : /¥|yen/i.test(prompt) ? '¥' : '$'
  const what = /\bgrocer/i.test(prompt)
    ? 'Grocery'
    : /\btrip|holiday|vacation/i.test(prompt)
      ? 'Trip'
      : /\b(?:room|flat|house)[- ]?mates?\b|\brent\b/i.test(prompt)
        ? 'House'
        : ''
  return shared({
    kind: 'expense-splitter',
    title: what ? `${what} expenses, shared` : 'Shared expenses',
    subtitle: 'Add what you paid: everyone pays an equal share',
    body: `  <form id="add-expense">
    <div class="row">
      <label data-field="description" style="flex:2">What for <input id="description" name="description" maxlength="80" required placeholder="Groceries"></label>
      <label data-field="amount" style="flex:1">Amount (${currency}) <input id="amount" name="amount" type="number" step="0.01" min="0.01" max="1000000" required></label>
    </div>
    <button data-button="add">I paid this</button>
  </form>
  <p class="big" id="total" data-copy>${currency}0.00</p>
  <p class="muted" id="share"></p>
  <h2>Who owes whom</h2>
  <ul class="items" id="settle" aria-label="Who owes whom"></ul>
  <h2>Expenses</h2>
  <ul class="items" id="expenses" aria-label="Expenses"></ul>
  <p class="muted" id="empty">No expenses yet.</p>`,
    style:
      '  #add-expense .row { align-items: end; }\n  .big { font-size: 2.2rem; margin: 1rem 0 0; }\n  #share { text-align: center; margin: 0; }\n  h2 { margin-top: 1.5rem; }',
    script: `const money = (n) => ${JSON.stringify(currency)} + n.toFixed(2)
follow('expenses', (records) => {
  const paid = new Map()
  for (const record of records) paid.set(record.by.name, (paid.get(record.by.name) || 0) + Number(record.value.amount || 0))
  const total = [...paid.values()].reduce((sum, amount) => sum + amount, 0)
  const share = paid.size ? total / paid.size : 0
  show('total', money(total))
  show('share', paid.size > 1 ? money(share) + ' each for ' + paid.size + ' people' : '')
  // Whoever paid less than their share pays whoever paid more, largest amounts first, in cents.
  const cents = [...paid].map(([name, amount]) => [name, Math.round((amount - share) * 100)])
  const owe = cents.filter(([, c]) => c < 0).sort((a, b) => a[1] - b[1]), owed = cents.filter(([, c]) => c > 0).sort((a, b) => b[1] - a[1])
  const lines = []
  while (owe.length && owed.length) {
    const amount = Math.min(-owe[0][1], owed[0][1])
    lines.push(owe[0][0] + ' owes ' + owed[0][0] + ' ' + money(amount / 100))
    owe[0][1] += amount; owed[0][1] -= amount
    if (owe[0][1] === 0) owe.shift()
    if (owed[0][1] === 0) owed.shift()
  }
  $('settle').replaceChildren(...(lines.length ? lines : [paid.size > 1 ? 'Everyone is square.' : 'Shares appear once two people have paid something.']).map((line) => el('li', {}, el('span', { textContent: line }))))
  $('expenses').replaceChildren(...records.map((record) => entry('expenses', record, String(record.value.description) + ' · ', el('strong', { textContent: money(Number(record.value.amount || 0)) }))))
  $('empty').hidden = records.length > 0
})
on('add-expense', 'submit', (event) => {
  event.preventDefault()
  const amount = Math.round(Number($('amount').value) * 100) / 100
  if (amount > 0) addTo(event.target, 'expenses', { description: $('description').value.trim(), amount })
})`,
  })
}
