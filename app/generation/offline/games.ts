import { numberBefore } from './details'
import { type App } from './page'

/**
 * A game that ends with a result says so with a `game-over` event carrying its score; a page
 * with a shared top 10 posts it (shared.ts `withSharedScores`), and any other ignores it.
 */
const GAME_OVER = "const gameOver = (score) => document.dispatchEvent(new CustomEvent('game-over', { detail: { score } }))"

export const ticTacToe = (prompt: string): App => ({
  kind: 'tic-tac-toe',
  title: 'Tic-tac-toe',
  subtitle: /computer|ai|bot|single/i.test(prompt) ? 'You are X; the computer plays O' : 'Two players take turns',
  body: `  <p id="status" aria-live="polite">X to play</p>
  <div class="board" id="board">${Array.from({ length: 9 }, (_, cell) => `<button type="button" data-cell="${cell}" aria-label="Square ${cell + 1}"></button>`).join('')}</div>
  <p class="muted" id="score">X 0 · O 0 · draws 0</p>
  <div class="row"><button id="new-game" data-button="new-game">New game</button></div>`,
  style:
    '  .board { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.4rem; max-width: 18rem; margin: 1rem auto; }\n  .board button { aspect-ratio: 1; font-size: 2.2rem; font-weight: 700; background: var(--background); color: var(--text); border: 2px solid var(--line); }\n  .board button.win { background: var(--accent); color: #fff; }',
  script: `const versusComputer = ${/computer|ai|bot|single/i.test(prompt)}
const lines = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]]
let cells = Array(9).fill(''), turn = 'X', over = false
const score = load('tic-tac-toe', { X: 0, O: 0, draws: 0 })
const squares = () => [...document.querySelectorAll('#board [data-cell]')]
const winner = () => lines.find((line) => cells[line[0]] && line.every((at) => cells[at] === cells[line[0]]))
const render = (line) => squares().forEach((square, at) => { square.textContent = cells[at]; square.classList.toggle('win', Boolean(line && line.includes(at))) })
const play = (at) => {
  if (over || cells[at]) return
  cells[at] = turn
  const line = winner()
  render(line)
  if (line) { over = true; score[turn] += 1; show('status', turn + ' wins!') }
  else if (cells.every(Boolean)) { over = true; score.draws += 1; show('status', "It's a draw") }
  else { turn = turn === 'X' ? 'O' : 'X'; show('status', turn + ' to play') }
  save('tic-tac-toe', score)
  show('score', 'X ' + score.X + ' · O ' + score.O + ' · draws ' + score.draws)
  if (!over && versusComputer && turn === 'O') {
    const free = cells.map((cell, index) => cell ? -1 : index).filter((index) => index >= 0)
    const pick = [4, 0, 2, 6, 8].find((index) => free.includes(index) && Math.random() < 0.5) ?? free[Math.floor(Math.random() * free.length)]
    setTimeout(() => play(pick), 250)
  }
}
on('board', 'click', (event) => { const square = event.target.closest('[data-cell]'); if (square && !(versusComputer && turn === 'O')) play(Number(square.dataset.cell)) })
resetApp = () => { cells = Array(9).fill(''); turn = 'X'; over = false; render(); show('status', 'X to play') }
on('new-game', 'click', () => resetApp())
show('score', 'X ' + score.X + ' · O ' + score.O + ' · draws ' + score.draws)`,
})

const EMOJI = {
  animals: ['🐶', '🐱', '🦊', '🐼', '🐸', '🦁', '🐵', '🐧', '🐢', '🦄'],
  fruit: ['🍎', '🍌', '🍇', '🍓', '🍒', '🍍', '🥝', '🍑', '🍉', '🍋'],
  space: ['🚀', '🌙', '⭐', '🪐', '☄️', '🛸', '🌍', '☀️', '🌌', '👩‍🚀'],
} satisfies Record<string, string[]>

export const memory = (prompt: string): App => {
  const theme = /fruit/i.test(prompt) ? 'fruit' : /space|planet|star/i.test(prompt) ? 'space' : 'animals'
  const pairs = Math.min(Math.max(numberBefore(prompt, 'pairs') ?? (numberBefore(prompt, 'cards') ?? 16) / 2, 2), 10)
  return {
    kind: 'memory-game',
    title: 'Memory game',
    subtitle: `Find the ${pairs} pairs`,
    body: `  <p id="status" aria-live="polite">Moves: 0</p>
  <div class="grid" id="grid"></div>
  <div class="row"><button id="new-game" data-button="new-game">New game</button></div>`,
    style:
      '  .grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.5rem; margin: 1rem 0; }\n  .grid button { aspect-ratio: 1; font-size: 2rem; background: var(--accent); }\n  .grid button.open, .grid button.found { background: var(--background); }\n  .grid button.found { opacity: 0.6; }',
    script: `${GAME_OVER}
const faces = ${JSON.stringify(EMOJI[theme].slice(0, pairs))}
let open = [], moves = 0, found = 0, busy = false
const deal = () => {
  const cards = [...faces, ...faces].map((face) => [Math.random(), face]).sort((a, b) => a[0] - b[0]).map((pair) => pair[1])
  $('grid').replaceChildren(...cards.map((face, at) => {
    const card = Object.assign(document.createElement('button'), { type: 'button', textContent: '' })
    card.setAttribute('aria-label', 'Card ' + (at + 1))
    card.onclick = () => {
      if (busy || card.classList.contains('open') || card.classList.contains('found')) return
      card.textContent = face; card.classList.add('open'); open.push([card, face])
      if (open.length < 2) return
      moves += 1
      const [[a, fa], [b, fb]] = open
      open = []
      if (fa === fb) { a.classList.replace('open', 'found'); b.classList.replace('open', 'found'); found += 1 }
      else { busy = true; setTimeout(() => { for (const c of [a, b]) { c.textContent = ''; c.classList.remove('open') } busy = false }, 700) }
      show('status', found === faces.length ? 'You found them all in ' + moves + ' moves!' : 'Moves: ' + moves)
      if (found === faces.length) gameOver(moves)
    }
    return card
  }))
}
resetApp = () => { open = []; moves = 0; found = 0; busy = false; show('status', 'Moves: 0'); deal() }
on('new-game', 'click', () => resetApp())
deal()`,
  }
}

export const snake = (prompt: string): App => {
  const speed = /fast|hard/i.test(prompt) ? 80 : /slow|easy/i.test(prompt) ? 180 : 120
  return {
    kind: 'snake',
    title: 'Snake',
    subtitle: 'Arrow keys or the buttons to steer; eat the food to grow',
    body: `  <p id="status" aria-live="polite">Score 0 · best 0</p>
  <canvas id="field" width="320" height="320" aria-label="Snake game"></canvas>
  <div class="pad" id="pad">
    <button type="button" data-dir="up" aria-label="Up">↑</button>
    <button type="button" data-dir="left" aria-label="Left">←</button>
    <button type="button" data-dir="down" aria-label="Down">↓</button>
    <button type="button" data-dir="right" aria-label="Right">→</button>
  </div>
  <div class="row"><button id="start" data-button="start">Start</button></div>`,
    style:
      '  canvas { display: block; width: 100%; max-width: 320px; margin: 0.5rem auto; background: var(--background); border-radius: var(--radius); border: 2px solid var(--line); image-rendering: pixelated; }\n  .pad { display: grid; grid-template-columns: repeat(3, 3rem); gap: 0.3rem; justify-content: center; margin: 0.5rem 0; }\n  .pad [data-dir=up] { grid-column: 2; }\n  .pad [data-dir=left] { grid-column: 1; grid-row: 2; }\n  .pad [data-dir=down] { grid-column: 2; grid-row: 2; }\n  .pad [data-dir=right] { grid-column: 3; grid-row: 2; }',
    script: `${GAME_OVER}
const size = 16, cells = 20, speed = ${speed}
const canvas = $('field'), context = canvas.getContext('2d')
const directions = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }
let snake, direction, food, timer = null, score = 0, best = load('snake-best', 0)
const colour = () => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#6366f1'
const place = () => { do { food = [Math.floor(Math.random() * cells), Math.floor(Math.random() * cells)] } while (snake.some(([x, y]) => x === food[0] && y === food[1])) }
const draw = () => {
  context.clearRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#ef4444'; context.fillRect(food[0] * size, food[1] * size, size - 1, size - 1)
  context.fillStyle = colour(); for (const [x, y] of snake) context.fillRect(x * size, y * size, size - 1, size - 1)
  show('status', 'Score ' + score + ' · best ' + best)
}
const stop = (text) => { clearInterval(timer); timer = null; show('start', 'Start'); if (text) show('status', text) }
const step = () => {
  const head = [snake[0][0] + direction[0], snake[0][1] + direction[1]]
  if (head[0] < 0 || head[1] < 0 || head[0] >= cells || head[1] >= cells || snake.some(([x, y]) => x === head[0] && y === head[1])) {
    if (score > 0) gameOver(score)
    return stop('Game over · score ' + score + ' · press Start')
  }
  snake.unshift(head)
  if (head[0] === food[0] && head[1] === food[1]) { score += 1; if (score > best) { best = score; save('snake-best', best) } place() } else snake.pop()
  draw()
}
const turn = (name) => { const next = directions[name]; if (next && (next[0] !== -direction[0] || next[1] !== -direction[1])) direction = next }
resetApp = () => { stop(); snake = [[10, 10], [9, 10], [8, 10]]; direction = directions.right; score = 0; place(); draw() }
on('start', 'click', () => { if (timer) return stop(); if (!snake.length || $('status').textContent.startsWith('Game over')) resetApp(); timer = setInterval(step, speed); show('start', 'Pause') })
on('pad', 'click', (event) => { const button = event.target.closest('[data-dir]'); if (button) turn(button.dataset.dir) })
document.addEventListener('keydown', (event) => { const name = event.key.replace('Arrow', '').toLowerCase(); if (directions[name]) { event.preventDefault(); turn(name) } })
resetApp()`,
  }
}

export const dice = (prompt: string): App => {
  const count = Math.min(Math.max(numberBefore(prompt, 'dice|die') ?? 2, 1), 10)
  const die = /\bd(\d+)\b/i.exec(prompt)?.[1]
  const sides = Math.min(Math.max(numberBefore(prompt, '-?sided|sides') ?? (die === undefined ? 6 : Number(die)), 2), 100)
  return {
    kind: 'dice',
    title: 'Dice roller',
    subtitle: `${count} ${count === 1 ? 'die' : 'dice'} with ${sides} sides`,
    body: `  <label data-field="count">Dice <input id="count" type="number" min="1" max="10" value="${count}"></label>
  <div class="dice" id="dice" aria-live="polite"></div>
  <p class="big" id="total" data-copy>–</p>
  <div class="row"><button id="roll" data-button="roll">Roll</button></div>
  <ol class="muted" id="history" aria-label="Earlier rolls"></ol>`,
    style:
      '  .dice { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: center; min-height: 4rem; }\n  .dice span { display: grid; place-items: center; width: 3.5rem; height: 3.5rem; border-radius: var(--radius); background: var(--accent); color: #fff; font-size: 1.6rem; font-weight: 700; }',
    script: `const sides = ${sides}
const roll = () => {
  const count = Math.min(10, Math.max(1, Number(($('count') || {}).value) || 1))
  const values = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * sides))
  $('dice').replaceChildren(...values.map((value) => Object.assign(document.createElement('span'), { textContent: value })))
  const total = values.reduce((sum, value) => sum + value, 0)
  show('total', 'Total ' + total)
  const item = Object.assign(document.createElement('li'), { textContent: values.join(' + ') + ' = ' + total })
  const history = $('history'); if (history) { history.prepend(item); while (history.children.length > 8) history.lastChild.remove() }
}
on('roll', 'click', roll)
resetApp = () => { $('dice').replaceChildren(); show('total', '–'); const history = $('history'); if (history) history.replaceChildren() }`,
  }
}

export const coin = (): App => ({
  kind: 'coin-flip',
  title: 'Coin flip',
  body: `  <p class="big" id="face" aria-live="polite">?</p>
  <p class="muted" id="tally">Heads 0 · tails 0</p>
  <div class="row"><button id="flip" data-button="flip">Flip</button></div>`,
  script: `let heads = 0, tails = 0
on('flip', 'click', () => { const head = Math.random() < 0.5; if (head) heads += 1; else tails += 1; show('face', head ? 'Heads' : 'Tails'); show('tally', 'Heads ' + heads + ' · tails ' + tails) })
resetApp = () => { heads = 0; tails = 0; show('face', '?'); show('tally', 'Heads 0 · tails 0') }`,
})

export const rockPaperScissors = (): App => ({
  kind: 'rock-paper-scissors',
  title: 'Rock, paper, scissors',
  body: `  <div class="row" id="moves">
    <button type="button" data-move="rock">✊ Rock</button>
    <button type="button" data-move="paper">✋ Paper</button>
    <button type="button" data-move="scissors">✌️ Scissors</button>
  </div>
  <p class="big" id="result" aria-live="polite" style="font-size:1.5rem">Make your move</p>
  <p class="muted" id="score">You 0 · computer 0</p>`,
  script: `const beats = { rock: 'scissors', paper: 'rock', scissors: 'paper' }
let you = 0, computer = 0
on('moves', 'click', (event) => {
  const button = event.target.closest('[data-move]'); if (!button) return
  const mine = button.dataset.move, theirs = Object.keys(beats)[Math.floor(Math.random() * 3)]
  const outcome = mine === theirs ? 'Draw' : beats[mine] === theirs ? 'You win' : 'You lose'
  if (outcome === 'You win') you += 1; else if (outcome === 'You lose') computer += 1
  show('result', 'You ' + mine + ', computer ' + theirs + ': ' + outcome)
  show('score', 'You ' + you + ' · computer ' + computer)
})
resetApp = () => { you = 0; computer = 0; show('result', 'Make your move'); show('score', 'You 0 · computer 0') }`,
})

export const guessNumber = (prompt: string): App => {
  const most = Math.min(Math.max(Number(/\b(?:1|one) (?:and|to) (\d+)\b/i.exec(prompt)?.[1] ?? /\bup to (\d+)/i.exec(prompt)?.[1] ?? 100), 5), 1_000_000)
  return {
    kind: 'guess-the-number',
    title: 'Guess the number',
    subtitle: `I am thinking of a number from 1 to ${most}`,
    body: `  <form class="row" id="guess-form">
    <label data-field="guess" style="flex:1">Your guess <input id="guess" type="number" min="1" max="${most}" required></label>
    <button data-button="guess">Guess</button>
  </form>
  <p id="hint" class="big" style="font-size:1.5rem" aria-live="polite">Make a guess</p>
  <p class="muted" id="tries">Tries: 0</p>`,
    script: `${GAME_OVER}
const most = ${most}
let secret = 0, tries = 0
resetApp = () => { secret = 1 + Math.floor(Math.random() * most); tries = 0; show('hint', 'Make a guess'); show('tries', 'Tries: 0') }
on('guess-form', 'submit', (event) => {
  event.preventDefault()
  const guess = Number($('guess').value)
  if (!guess) return
  tries += 1
  show('hint', guess === secret ? 'Yes! It was ' + secret + '.' : guess < secret ? 'Higher than ' + guess : 'Lower than ' + guess)
  show('tries', 'Tries: ' + tries)
  if (guess === secret) gameOver(tries)
  $('guess').value = ''
})
resetApp()`,
  }
}

const WORDS: Record<string, string[]> = {
  animals: ['elephant', 'giraffe', 'penguin', 'kangaroo', 'dolphin', 'squirrel', 'tortoise', 'octopus'],
  fruit: ['banana', 'pineapple', 'strawberry', 'mango', 'cherry', 'apricot', 'blueberry', 'watermelon'],
  countries: ['canada', 'portugal', 'japan', 'brazil', 'norway', 'kenya', 'mexico', 'australia'],
}

export const hangman = (prompt: string): App => {
  const topic = /fruit/i.test(prompt) ? 'fruit' : /countr/i.test(prompt) ? 'countries' : 'animals'
  return {
    kind: 'hangman',
    title: 'Hangman',
    subtitle: `Guess the ${topic === 'countries' ? 'country' : topic === 'fruit' ? 'fruit' : 'animal'} one letter at a time`,
    body: `  <p class="big" id="word" aria-live="polite" style="letter-spacing:0.3em"></p>
  <p id="status" aria-live="polite">6 wrong guesses left</p>
  <div class="letters" id="letters">${'abcdefghijklmnopqrstuvwxyz'
    .split('')
    .map((letter) => `<button type="button" data-letter="${letter}">${letter}</button>`)
    .join('')}</div>
  <div class="row"><button id="new-game" data-button="new-game">New word</button></div>`,
    style:
      '  .letters { display: grid; grid-template-columns: repeat(auto-fill, minmax(2.4rem, 1fr)); gap: 0.3rem; margin: 1rem 0; }\n  .letters button { padding: 0.5rem 0; text-transform: uppercase; }\n  .letters button:disabled { opacity: 0.3; cursor: default; }',
    script: `const words = ${JSON.stringify(WORDS[topic])}
let word = '', guessed = new Set(), misses = 0
const render = () => {
  show('word', word.split('').map((letter) => guessed.has(letter) ? letter.toUpperCase() : '_').join(''))
  const won = word.split('').every((letter) => guessed.has(letter))
  const lost = misses >= 6
  show('status', won ? 'You got it!' : lost ? 'Out of guesses: it was ' + word.toUpperCase() : (6 - misses) + ' wrong guesses left')
  document.querySelectorAll('#letters [data-letter]').forEach((button) => { button.disabled = won || lost || guessed.has(button.dataset.letter) })
}
const guess = (letter) => { if (guessed.has(letter) || misses >= 6) return; guessed.add(letter); if (!word.includes(letter)) misses += 1; render() }
on('letters', 'click', (event) => { const button = event.target.closest('[data-letter]'); if (button) guess(button.dataset.letter) })
document.addEventListener('keydown', (event) => { if (/^[a-z]$/i.test(event.key)) guess(event.key.toLowerCase()) })
resetApp = () => { word = words[Math.floor(Math.random() * words.length)]; guessed = new Set(); misses = 0; render() }
on('new-game', 'click', () => resetApp())
resetApp()`,
  }
}

const SENTENCES = [
  'The quick brown fox jumps over the lazy dog.',
  'Practice makes progress, not perfection.',
  'Small steps every day add up to big results.',
  'A journey of a thousand miles begins with a single step.',
]

export const typingTest = (): App => ({
  kind: 'typing-test',
  title: 'Typing speed test',
  subtitle: 'Type the sentence; the clock starts with your first key',
  body: `  <p class="sentence" id="sentence"></p>
  <label data-field="typed">Your typing <textarea id="typed" rows="3" autocomplete="off" spellcheck="false"></textarea></label>
  <p class="big" id="speed" aria-live="polite" style="font-size:1.6rem">0 WPM</p>
  <p class="muted" id="accuracy">Accuracy 100%</p>
  <div class="row"><button id="next" data-button="next">New sentence</button></div>`,
  style: '  .sentence { font-size: 1.2rem; line-height: 1.6; padding: 0.8rem; border-radius: var(--radius); background: var(--background); }',
  script: `${GAME_OVER}
const sentences = ${JSON.stringify(SENTENCES)}
let target = '', started = 0
const next = () => { target = sentences[Math.floor(Math.random() * sentences.length)]; show('sentence', target); $('typed').value = ''; $('typed').disabled = false; started = 0; show('speed', '0 WPM'); show('accuracy', 'Accuracy 100%') }
on('typed', 'input', () => {
  const typed = $('typed').value
  if (!started) started = performance.now()
  const minutes = (performance.now() - started) / 60000
  const right = typed.split('').filter((char, at) => char === target[at]).length
  show('speed', (minutes > 0 ? Math.round(typed.length / 5 / minutes) : 0) + ' WPM')
  show('accuracy', 'Accuracy ' + (typed.length ? Math.round((right / typed.length) * 100) : 100) + '%')
  if (typed === target) {
    $('typed').disabled = true
    show('accuracy', $('accuracy').textContent + ' · done!')
    gameOver(minutes > 0 ? Math.round(typed.length / 5 / minutes) : 0)
  }
})
on('next', 'click', next)
resetApp = next
next()`,
})

export const drawing = (prompt: string): App => ({
  kind: 'drawing',
  title: /sketch/i.test(prompt) ? 'Sketch pad' : 'Drawing pad',
  subtitle: 'Draw with the mouse, a finger or a pen',
  width: '48rem',
  body: `  <div class="row tools">
    <label data-field="colour">Colour <input id="colour" type="color" value="#0f172a"></label>
    <label data-field="size">Brush <input id="size" type="range" min="1" max="40" value="6"></label>
    <button id="clear" class="secondary" data-button="clear">Clear</button>
    <button id="save" class="secondary" data-button="save">Save image</button>
  </div>
  <canvas id="canvas" width="800" height="500" aria-label="Drawing area"></canvas>`,
  style:
    '  .tools label { display: flex; align-items: center; gap: 0.4rem; margin: 0; }\n  .tools input[type=color] { width: 3rem; padding: 0.1rem; }\n  canvas { width: 100%; margin-top: 0.75rem; border: 2px solid var(--line); border-radius: var(--radius); background: #fff; touch-action: none; cursor: crosshair; }',
  script: `const canvas = $('canvas'), context = canvas.getContext('2d')
let drawing = false, last = null
const point = (event) => { const box = canvas.getBoundingClientRect(); return [(event.clientX - box.left) * canvas.width / box.width, (event.clientY - box.top) * canvas.height / box.height] }
canvas.addEventListener('pointerdown', (event) => { drawing = true; last = point(event); canvas.setPointerCapture(event.pointerId) })
canvas.addEventListener('pointermove', (event) => {
  if (!drawing) return
  const next = point(event)
  context.strokeStyle = ($('colour') || { value: '#0f172a' }).value
  context.lineWidth = Number(($('size') || { value: 6 }).value)
  context.lineCap = 'round'
  context.beginPath(); context.moveTo(last[0], last[1]); context.lineTo(next[0], next[1]); context.stroke()
  last = next
})
canvas.addEventListener('pointerup', () => { drawing = false })
resetApp = () => context.clearRect(0, 0, canvas.width, canvas.height)
on('clear', 'click', () => resetApp())
on('save', 'click', () => { const link = document.createElement('a'); link.download = 'drawing.png'; link.href = canvas.toDataURL('image/png'); link.click() })`,
})
