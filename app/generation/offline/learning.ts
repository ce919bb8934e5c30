import { numberBefore, topicIn } from './details'
import { escapeHtml, type App } from './page'

/** A built-in bank: [prompt, answer] pairs, the answers of the others serving as wrong choices. */
type Bank = { title: string; ask: string; pairs: [string, string][] }

const BANKS = {
  capitals: {
    title: 'World capitals',
    ask: 'What is the capital of',
    pairs: [
      ['France', 'Paris'],
      ['Japan', 'Tokyo'],
      ['Italy', 'Rome'],
      ['Spain', 'Madrid'],
      ['Germany', 'Berlin'],
      ['Canada', 'Ottawa'],
      ['Australia', 'Canberra'],
      ['Brazil', 'Brasília'],
      ['Egypt', 'Cairo'],
      ['Kenya', 'Nairobi'],
      ['India', 'New Delhi'],
      ['Mexico', 'Mexico City'],
      ['Norway', 'Oslo'],
      ['Portugal', 'Lisbon'],
      ['Argentina', 'Buenos Aires'],
      ['South Korea', 'Seoul'],
      ['Turkey', 'Ankara'],
      ['Peru', 'Lima'],
    ],
  },
  flags: {
    title: 'Flags of the world',
    ask: 'Which country has this flag:',
    pairs: [
      ['🇫🇷', 'France'],
      ['🇯🇵', 'Japan'],
      ['🇮🇹', 'Italy'],
      ['🇧🇷', 'Brazil'],
      ['🇨🇦', 'Canada'],
      ['🇩🇪', 'Germany'],
      ['🇪🇸', 'Spain'],
      ['🇸🇪', 'Sweden'],
      ['🇮🇳', 'India'],
      ['🇰🇷', 'South Korea'],
      ['🇲🇽', 'Mexico'],
      ['🇳🇬', 'Nigeria'],
      ['🇬🇷', 'Greece'],
      ['🇦🇷', 'Argentina'],
    ],
  },
  vocabulary: {
    title: 'Spanish vocabulary',
    ask: 'What is the English for',
    pairs: [
      ['el perro', 'the dog'],
      ['el gato', 'the cat'],
      ['la casa', 'the house'],
      ['el libro', 'the book'],
      ['la manzana', 'the apple'],
      ['el agua', 'the water'],
      ['la escuela', 'the school'],
      ['el coche', 'the car'],
      ['la mesa', 'the table'],
      ['el sol', 'the sun'],
      ['la luna', 'the moon'],
      ['el árbol', 'the tree'],
    ],
  },
  french: {
    title: 'French vocabulary',
    ask: 'What is the English for',
    pairs: [
      ['le chien', 'the dog'],
      ['le chat', 'the cat'],
      ['la maison', 'the house'],
      ['le livre', 'the book'],
      ['la pomme', 'the apple'],
      ["l'eau", 'the water'],
      ["l'école", 'the school'],
      ['la voiture', 'the car'],
      ['la table', 'the table'],
      ['le soleil', 'the sun'],
      ['la lune', 'the moon'],
      ["l'arbre", 'the tree'],
    ],
  },
  planets: {
    title: 'The solar system',
    ask: 'Which planet is',
    pairs: [
      ['the closest to the Sun', 'Mercury'],
      ['the hottest', 'Venus'],
      ['our home', 'Earth'],
      ['known as the red planet', 'Mars'],
      ['the largest', 'Jupiter'],
      ['famous for its bright rings', 'Saturn'],
      ['tilted on its side', 'Uranus'],
      ['the farthest from the Sun', 'Neptune'],
    ],
  },
  animals: {
    title: 'Animals',
    ask: 'Which animal is',
    pairs: [
      ['the largest on Earth', 'Blue whale'],
      ['the fastest on land', 'Cheetah'],
      ['the tallest', 'Giraffe'],
      ['a mammal that flies', 'Bat'],
      ['black and white and eats bamboo', 'Giant panda'],
      ['the king of the jungle', 'Lion'],
      ['able to change its colour', 'Chameleon'],
      ['a bird that cannot fly', 'Penguin'],
    ],
  },
} satisfies Record<string, Bank>

/** The multiplication bank is made up to the table the prompt names ("times tables up to 12"). */
function multiplication(prompt: string): Bank {
  const table = Number(/\b(?:up to|to)\s+(\d+)/i.exec(prompt)?.[1] ?? numberBefore(prompt, 'times') ?? 12)
  const upTo = Math.min(Math.max(table, 2), 20)
  const pairs: [string, string][] = []
  for (let a = 2; a <= upTo; a += 1) for (let b = 2; b <= 12; b += 1) if ((a * 7 + b * 3) % 5 === 0) pairs.push([`${a} × ${b}`, String(a * b)])
  return { title: `Times tables to ${upTo}`, ask: 'What is', pairs }
}

/** The bank a prompt's words name; null when they name none. */
function bankFor(prompt: string): Bank | null {
  if (/multipl|times table|maths?\b|arithmetic/i.test(prompt)) return multiplication(prompt)
  if (/flag/i.test(prompt)) return BANKS.flags
  if (/french/i.test(prompt)) return BANKS.french
  if (/vocab|spanish|words|language/i.test(prompt)) return BANKS.vocabulary
  if (/planet|space|solar|astronom/i.test(prompt)) return BANKS.planets
  if (/animal|wildlife|nature/i.test(prompt)) return BANKS.animals
  if (/capital|countr|cities|city|geograph/i.test(prompt)) return BANKS.capitals
  return null
}

const TOPICS = 'world capitals, flags, times tables, Spanish or French words, the planets and animals'
const LEARNING_NOUNS = 'quiz(?:zes)?|trivia|flash ?cards?|study cards|questions?|test'

/**
 * Questions are built in only for some topics: a prompt that names another ("a quiz about
 * dinosaurs") is answered, not given a quiz about something else. A prompt that names no
 * topic gets world capitals.
 */
export function missingTopic(prompt: string): string | undefined {
  if (bankFor(prompt)) return undefined
  const topic = topicIn(prompt, LEARNING_NOUNS)
  return topic ? `its quizzes and flashcards are about ${TOPICS}, not “${topic}”` : undefined
}

export const quiz = (prompt: string): App => {
  const bank = bankFor(prompt) ?? BANKS.capitals
  const count = Math.min(numberBefore(prompt, 'questions?') ?? 10, bank.pairs.length)
  return {
    kind: 'quiz',
    title: `${bank.title} quiz`,
    subtitle: `${count} questions · pick an answer`,
    body: `  <p class="muted" id="progress">Question 1 of ${count}</p>
  <h2 id="question" aria-live="polite"></h2>
  <div class="choices" id="choices"></div>
  <p id="feedback" class="feedback" aria-live="polite"></p>
  <div class="row"><button id="next" data-button="next" hidden>Next question</button><button id="again" data-button="again" hidden>Play again</button></div>
  <ul hidden id="bank">
${bank.pairs.map(([question, answer]) => `    <li data-item data-question="${escapeHtml(question)}" data-answer="${escapeHtml(answer)}">${escapeHtml(question)} — ${escapeHtml(answer)}</li>`).join('\n')}
  </ul>`,
    style:
      '  .choices { display: grid; gap: 0.5rem; }\n  .choices button { text-align: left; background: var(--background); color: var(--text); border: 1px solid var(--line); }\n  .choices button.right { background: #16a34a; color: #fff; }\n  .choices button.wrong { background: #dc2626; color: #fff; }\n  .feedback { min-height: 1.5rem; font-weight: 600; }',
    script: `const ask = ${JSON.stringify(bank.ask)}
const count = ${count}
const bank = [...document.querySelectorAll('#bank [data-item]')].map((item) => [item.dataset.question, item.dataset.answer])
const shuffle = (list) => { const copy = [...list]; for (let i = copy.length - 1; i > 0; i -= 1) { const j = Math.floor(Math.random() * (i + 1)); [copy[i], copy[j]] = [copy[j], copy[i]] } return copy }
let order = [], at = 0, score = 0
const ask1 = () => {
  const [question, answer] = order[at]
  show('progress', 'Question ' + (at + 1) + ' of ' + order.length + ' · score ' + score)
  show('question', ask + ' ' + question + (/[?:]$/.test(ask) ? '' : '?'))
  show('feedback', '')
  const wrong = shuffle([...new Set(bank.map((pair) => pair[1]).filter((item) => item !== answer))]).slice(0, 3)
  $('choices').replaceChildren(...shuffle([answer, ...wrong]).map((choice) => {
    const button = Object.assign(document.createElement('button'), { textContent: choice, type: 'button' })
    button.onclick = () => {
      const right = choice === answer
      if (right) score += 1
      button.classList.add(right ? 'right' : 'wrong')
      $('choices').querySelectorAll('button').forEach((other) => { other.disabled = true; if (other.textContent === answer) other.classList.add('right') })
      show('feedback', right ? 'Correct!' : 'Not quite: it is ' + answer + '.')
      const last = at === order.length - 1
      if (last) { show('progress', 'Finished · score ' + score + ' of ' + order.length); $('again').hidden = false } else $('next').hidden = false
    }
    return button
  }))
  $('next').hidden = true
  $('again').hidden = true
}
resetApp = () => { order = shuffle(bank).slice(0, Math.min(count, bank.length)); at = 0; score = 0; if (order.length) ask1() }
on('next', 'click', () => { at += 1; ask1() })
on('again', 'click', () => resetApp())
resetApp()`,
  }
}

export const flashcards = (prompt: string): App => {
  const bank = bankFor(prompt) ?? BANKS.capitals
  return {
    kind: 'flashcards',
    title: `${bank.title} flashcards`,
    subtitle: 'Tap the card to turn it over',
    body: `  <button class="card" id="card" type="button" aria-live="polite"></button>
  <p class="muted" id="progress"></p>
  <div class="row">
    <button id="previous" class="secondary" data-button="previous">Previous</button>
    <button id="next" data-button="next">Next</button>
    <button id="shuffle" class="secondary" data-button="shuffle">Shuffle</button>
  </div>
  <ul hidden id="bank">
${bank.pairs.map(([front, back]) => `    <li data-item data-front="${escapeHtml(front)}" data-back="${escapeHtml(back)}">${escapeHtml(front)} — ${escapeHtml(back)}</li>`).join('\n')}
  </ul>`,
    style:
      '  .card { display: grid; place-items: center; width: 100%; min-height: 11rem; font-size: 1.8rem; background: var(--background); color: var(--text); border: 2px solid var(--accent); margin-bottom: 0.75rem; }\n  .card.back { background: var(--accent); color: #fff; }',
    script: `let cards = [...document.querySelectorAll('#bank [data-item]')].map((item) => [item.dataset.front, item.dataset.back])
let at = 0, back = false
const render = () => {
  if (!cards.length) return
  show('card', cards[at][back ? 1 : 0])
  $('card').classList.toggle('back', back)
  show('progress', 'Card ' + (at + 1) + ' of ' + cards.length)
}
on('card', 'click', () => { back = !back; render() })
on('next', 'click', () => { at = (at + 1) % cards.length; back = false; render() })
on('previous', 'click', () => { at = (at - 1 + cards.length) % cards.length; back = false; render() })
on('shuffle', 'click', () => { cards = cards.map((card) => [Math.random(), card]).sort((a, b) => a[0] - b[0]).map((pair) => pair[1]); at = 0; back = false; render() })
resetApp = () => { at = 0; back = false; render() }
render()`,
  }
}
