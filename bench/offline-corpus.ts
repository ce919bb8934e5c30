import { codeVersion } from '../app/pieces/code-version'
import type { Page } from 'playwright-core'
import { offlineGenerate, type OfflineResult } from '../app/generation/offline'
import { type VisualChange } from '../app/generation/visual/edits'
import { applyVisualEdits } from '../app/generation/visual/splice'

/**
 * What the offline builder should make of real requests (issue 13.2): each first prompt
 * with the kind it must choose and text its page must hold; each follow-up with what the
 * edited page must and must not hold, or that it must be answered with the page left as it
 * was. Used by `npm run bench:offline` and by app/generation/offline/offline.test.ts.
 */
/**
 * What a page must do once loaded in Chromium (bench/offline.ts and
 * tests/integration/offline-pages.test.ts): fill a field, click, then read a text or a
 * computed style.
 */
export type Step = ['fill', string, string] | ['click', string, number?] | ['text', string, string] | ['style', string, string, string]
/**
 * A first prompt: the kind it must build and what the page must hold (and `says`: what its
 * answer must say beside the build); or (`answer`) a prompt it must answer, building nothing,
 * with `says` in the answer.
 */
export type PromptCase = { prompt: string; kind: string; has?: string[]; says?: string[]; works?: Step[] } | { prompt: string; answer: true; says?: string[] }
/** `visual`: a visual edit made to the base page first (the element whose start tag begins with `at`, and its changes). */
export type FollowUpCase = {
  base: string
  request: string
  visual?: { at: string; changes: VisualChange[] }
  has?: string[]
  lacks?: string[]
  answer?: true
  says?: string[]
  works?: Step[]
}

export const PROMPTS: PromptCase[] = [
  { prompt: 'a tip calculator', kind: 'tip-calculator', has: ['Tip calculator', 'id="bill"'] },
  { prompt: 'tip calculator with 20% tip split between 4 people', kind: 'tip-calculator', has: ['value="20"', 'value="4"'] },
  { prompt: 'a tip calculator for a group of 4 in blue', kind: 'tip-calculator', has: ['id="people" type="number" value="4"', '--accent: #2563eb'] },
  { prompt: 'a BMI calculator', kind: 'bmi-calculator', has: ['BMI', 'Height (cm)'] },
  { prompt: 'a mortgage calculator for 30 years at 6%', kind: 'loan-calculator', has: ['Mortgage calculator', 'value="30"', 'value="6"'] },
  { prompt: 'loan repayment calculator', kind: 'loan-calculator', has: ['Monthly payment'] },
  { prompt: 'compound interest calculator', kind: 'savings-calculator', has: ['Interest earned'] },
  { prompt: 'a percentage calculator', kind: 'percentage-calculator', has: ['Percent'] },
  { prompt: 'an age calculator', kind: 'age-calculator', has: ['Date of birth'] },
  { prompt: 'convert celsius to fahrenheit', kind: 'unit-converter', has: ['Temperature converter', '<option selected>celsius</option>'] },
  { prompt: 'a km to miles converter', kind: 'unit-converter', has: ['Length converter', 'miles'] },
  { prompt: 'kg to pounds conversion', kind: 'unit-converter', has: ['Weight converter', 'pounds'] },
  { prompt: 'a calculator', kind: 'calculator', has: ['data-key="="'] },
  { prompt: 'a pomodoro timer', kind: 'pomodoro', has: ['25 min focus', 'Short break'] },
  { prompt: 'pomodoro timer with 50 minute focus and 10 minute break', kind: 'pomodoro', has: ['50 min focus', '10 min breaks'] },
  { prompt: 'a 10 minute timer', kind: 'timer', has: ['10 min'] },
  { prompt: 'an egg timer', kind: 'timer', has: ['Egg timer'] },
  { prompt: 'a stopwatch with laps', kind: 'stopwatch', has: ['id="lap"'] },
  {
    prompt: 'a HIIT interval timer with 30 seconds work and 15 seconds rest for 10 rounds',
    kind: 'interval-timer',
    has: ['10 rounds of 30 s work and 15 s rest'],
  },
  { prompt: 'a quiz about world capitals', kind: 'quiz', has: ['World capitals quiz', 'Paris'] },
  { prompt: 'a flags quiz with 5 questions', kind: 'quiz', has: ['Flags of the world', '5 questions'] },
  { prompt: 'a multiplication quiz up to 9', kind: 'quiz', has: ['Times tables to 9'] },
  { prompt: 'a Spanish vocabulary quiz', kind: 'quiz', has: ['Spanish vocabulary', 'el perro'] },
  { prompt: 'a quiz about the planets', kind: 'quiz', has: ['Jupiter'] },
  { prompt: 'an animal trivia game', kind: 'quiz', has: ['Cheetah'] },
  { prompt: 'flashcards for French words', kind: 'flashcards', has: ['French vocabulary flashcards', 'la pomme'] },
  { prompt: 'flash cards to learn capitals', kind: 'flashcards', has: ['Tokyo'] },
  { prompt: 'times table flashcards', kind: 'flashcards', has: ['Times tables'] },
  { prompt: 'tic-tac-toe', kind: 'tic-tac-toe', has: ['data-cell="8"'] },
  { prompt: 'noughts and crosses against the computer', kind: 'tic-tac-toe', has: ['the computer plays O'] },
  { prompt: 'a memory game with fruit', kind: 'memory-game', has: ['🍎'] },
  { prompt: 'a snake game', kind: 'snake', has: ['<canvas'] },
  { prompt: 'roll 3 dice', kind: 'dice', has: ['3 dice with 6 sides'] },
  { prompt: 'a d20 dice roller', kind: 'dice', has: ['20 sides'] },
  { prompt: 'flip a coin', kind: 'coin-flip', has: ['Heads'] },
  { prompt: 'rock paper scissors', kind: 'rock-paper-scissors', has: ['data-move="rock"'] },
  { prompt: 'a number guessing game between 1 and 50', kind: 'guess-the-number', has: ['from 1 to 50'] },
  { prompt: 'a piano keyboard that plays notes', kind: 'piano', has: ['data-note="60"', 'AudioContext'] },
  { prompt: 'a two octave piano', kind: 'piano', has: ['data-note="84"'] },
  { prompt: 'a drum pad', kind: 'drum-pad', has: ['data-pad="snare"', 'AudioContext'] },
  { prompt: 'a metronome at 120 bpm', kind: 'metronome', has: ['120 BPM'] },
  { prompt: 'a habit tracker for reading, running and meditation', kind: 'habit-tracker', has: ['data-item="Reading"', 'data-item="Meditation"'] },
  { prompt: 'an expense tracker in euros', kind: 'expense-tracker', has: ['€'] },
  { prompt: 'a water intake tracker with a goal of 10 glasses', kind: 'water-tracker', has: ['10 glasses a day'] },
  { prompt: 'a password generator with 24 characters', kind: 'password-generator', has: ['value="24"'] },
  { prompt: 'a colour palette generator', kind: 'colour-palette', has: ['New palette'] },
  { prompt: 'a baby name generator', kind: 'name-generator', has: ['Baby name generator'] },
  { prompt: 'a fantasy name generator', kind: 'name-generator', has: ['Fantasy name generator'] },
  { prompt: 'a random picker for pizza, tacos and sushi', kind: 'random-picker', has: ['Pizza', 'Tacos', 'Sushi'] },
  { prompt: 'a clock', kind: 'clock', has: ['id="time"'] },
  { prompt: 'a world clock for London, Tokyo and New York', kind: 'world-clock', has: ['Asia/Tokyo', 'America/New_York'] },
  { prompt: 'countdown to Christmas', kind: 'countdown', has: ['Countdown to Christmas'] },
  { prompt: 'a countdown to my birthday on June 5', kind: 'countdown', has: ['Countdown to Birthday', 'month = 5, day = 5'] },
  { prompt: 'a to-do list', kind: 'todo', has: ['To-do list'] },
  { prompt: 'a shopping list with milk, eggs and bread', kind: 'todo', has: ['Shopping list', 'data-item="Milk"', 'data-item="Bread"'] },
  { prompt: 'a notes app', kind: 'notes', has: ['Save note'] },
  { prompt: 'a counter for push-ups', kind: 'counter', has: ['Push-ups counter'] },
  { prompt: 'a table with columns name, email and phone', kind: 'table', has: ['data-column="Name"', 'data-column="Phone"'] },
  { prompt: 'a contact form', kind: 'form', has: ['Contact us', 'type="email"'] },
  { prompt: 'an RSVP form for our wedding', kind: 'form', has: ['RSVP', 'Guests'] },
  { prompt: 'a signup form with fields name, email and date of birth', kind: 'form', has: ['type="date"'] },
  { prompt: 'a landing page for a bakery called Sweet Crumbs', kind: 'landing', has: ['<h1 id="title">Sweet Crumbs</h1>', 'Sourdough', 'About Sweet Crumbs'] },
  {
    prompt: 'a website for a gym called Iron Temple with pricing and testimonials',
    kind: 'landing',
    has: ['Iron Temple', 'id="section-pricing"', 'id="section-testimonials"'],
  },
  {
    prompt: 'a landing page for my dog grooming business called Happy Paws with opening hours',
    kind: 'landing',
    has: ['Happy Paws', 'Opening hours', 'Full groom'],
  },
  { prompt: 'homepage for a coffee shop called Bean There with a menu and FAQ', kind: 'landing', has: ['Bean There', 'Flat white', 'id="section-faq"'] },
  { prompt: 'a landing page for an app called Taskly with features and pricing', kind: 'landing', has: ['Taskly', 'Features', 'Pricing'] },
  { prompt: 'build me a simple calculator app', kind: 'calculator' },
  { prompt: 'hangman with fruit', kind: 'hangman', has: ['pineapple'] },
  { prompt: 'a typing speed test', kind: 'typing-test', has: ['WPM'] },
  { prompt: 'a drawing app', kind: 'drawing', has: ['<canvas id="canvas"'] },
  { prompt: 'I want a tip calculator for restaurants', kind: 'tip-calculator' },
  { prompt: 'make a timer for 25 minutes', kind: 'timer', has: ['25 min'] },
  { prompt: 'portfolio website', kind: 'landing', has: ['<h1 id="title">Portfolio</h1>'] },
  { prompt: 'a contact form for my website', kind: 'form', has: ['Contact us'] },
  { prompt: 'roll a d6', kind: 'dice', has: ['6 sides'] },
  { prompt: 'a guessing game', kind: 'guess-the-number' },
  { prompt: 'a blue pomodoro timer', kind: 'pomodoro', has: ['--accent: #2563eb;'] },
  // Issue 39.6: apps whose data every visitor shares, kept by pieces.data; the answer says what is shared.
  {
    prompt: 'a shared grocery budget where each roommate pays their share',
    kind: 'expense-splitter',
    has: ['Grocery expenses, shared', 'data.shared.add(collection, value)', 'owes'],
    says: ['Expenses are shared'],
  },
  {
    prompt: 'a poll for our team lunch with pizza, tacos and sushi',
    kind: 'poll',
    has: ['data-option="Pizza"', 'data-option="Sushi"', "data.shared.increment('poll'"],
    says: ['Votes are shared: everyone sees the same counts'],
  },
  { prompt: 'let my class vote on the next field trip', kind: 'poll', says: ['Votes are shared'] },
  { prompt: 'a guestbook for my website', kind: 'guestbook', has: ['Sign the guestbook', "follow('guestbook'"], says: ['Entries are shared'] },
  {
    prompt: 'a wedding guestbook where guests leave a message',
    kind: 'guestbook',
    has: ['Wedding guestbook'],
    says: ['only the writer or you can remove one'],
  },
  {
    prompt: 'a sign-up sheet for the bake sale: cakes, cookies and lemonade',
    kind: 'signup-sheet',
    has: ['Bake sale sign-up sheet', '["Cakes","Cookies","Lemonade"]'],
    says: ['who brings what'],
  },
  { prompt: 'a potluck list of who is bringing what', kind: 'signup-sheet', says: ['Sign-ups are shared'] },
  { prompt: 'a shared reading list for my class', kind: 'shared-list', has: ['Class reading list'], says: ['The list is shared'] },
  { prompt: 'a family movie list everyone can add to', kind: 'shared-list', has: ['Family watch list'], says: ['The list is shared'] },
  { prompt: 'a leaderboard for our table tennis club', kind: 'high-scores', has: ['Top 10'], says: ['Scores are shared'] },
  { prompt: 'a high score table for the office darts game', kind: 'high-scores', says: ['same top 10'] },
  { prompt: 'an expense splitter that shows who owes whom', kind: 'expense-splitter', has: ['Who owes whom'], says: ['Expenses are shared'] },
  { prompt: 'split expenses between friends on a trip', kind: 'expense-splitter', has: ['Trip expenses, shared'], says: ['Expenses are shared'] },
  // A kind without shared data, asked to share: built for one person, and the answer says so.
  { prompt: 'a multiplayer tic-tac-toe', kind: 'tic-tac-toe', says: ['Built for one person'] },
  { prompt: 'a snake game with a leaderboard', kind: 'snake', has: ['<canvas', 'Top 10', 'gameOver(score)'], says: ['High scores are shared', 'same top 10'] },
  { prompt: 'a typing speed test with high scores', kind: 'typing-test', has: ['Top 10', "' WPM'"], says: ['High scores are shared'] },
  { prompt: 'a memory game with a top 10 for the family', kind: 'memory-game', has: ['Top 10', 'gameOver(moves)'], says: ['High scores are shared'] },
  {
    prompt: 'guess the number between 1 and 50 with a leaderboard',
    kind: 'guess-the-number',
    has: ['Top 10', 'gameOver(tries)'],
    says: ['High scores are shared'],
  },
  { prompt: 'a multiplayer snake game', kind: 'snake', says: ['Built for one person'] },
  // Issue 26.4: a subject the catalogue lacks is answered, never built as another app.
  { prompt: 'a quiz about dinosaurs, 5 questions', answer: true, says: ['“dinosaurs”'] },
  { prompt: 'a movie trivia quiz', answer: true, says: ['“movie”'] },
  { prompt: 'a harry potter quiz with 10 questions', answer: true, says: ['“harry potter”'] },
  { prompt: 'flashcards to learn biology terms', answer: true, says: ['“biology terms”'] },
  { prompt: 'test me on the periodic table', answer: true, says: ['“periodic table”'] },
  { prompt: 'a quiz', kind: 'quiz', has: ['World capitals quiz'] },
  { prompt: 'a fun 5 question quiz', kind: 'quiz', has: ['World capitals quiz', '5 questions'] },
  { prompt: 'a geography quiz', kind: 'quiz', has: ['World capitals quiz'] },
  { prompt: 'a trivia game about space', kind: 'quiz', has: ['The solar system quiz'] },
  { prompt: 'a kanban board with to-do, doing and done columns', answer: true, says: ['kanban board'] },
  { prompt: 'a weather dashboard with a clock', answer: true, says: ['weather app'] },
  { prompt: 'a calendar with a to-do list', answer: true, says: ['calendar'] },
  { prompt: 'a music player with a playlist', answer: true, says: ['media player'] },
  { prompt: 'a chess game with a timer', answer: true, says: ['a game of chess'] },
  { prompt: 'a map of my city with a to-do list of places', answer: true, says: ['a map'] },
  { prompt: 'a recipe book with a shopping list', answer: true, says: ['recipe book'] },
  { prompt: 'a budget planner', kind: 'expense-tracker' },
  { prompt: 'a pomodoro timer with a work period of 45 minutes', kind: 'pomodoro', has: ['45 min focus'] },
]

export const FOLLOW_UPS: FollowUpCase[] = [
  { base: 'a counter', request: 'change the title to "Push-ups"', has: ['<h1 id="title">Push-ups</h1>', '<title>Push-ups</title>'] },
  { base: 'a tip calculator', request: 'rename it to Bill Splitter', has: ['<h1 id="title">Bill Splitter</h1>'] },
  { base: 'a counter', request: 'make the buttons green', has: ['--accent: #16a34a;'] },
  { base: 'a to-do list', request: 'change the background colour to #ffeecc', has: ['--background: #ffeecc;'] },
  { base: 'a quiz about world capitals', request: 'turn on dark mode', has: ['--background: #0f172a;', '--text: #f8fafc;'] },
  { base: 'a notes app', request: 'dark theme please', has: ['--card: #1e293b;'] },
  { base: 'a tip calculator', request: 'add a reset button', has: ['data-action="reset"'] },
  { base: 'a BMI calculator', request: 'add a print button', has: ['data-action="print"'] },
  { base: 'a password generator', request: 'add a dark mode button', has: ['data-action="theme"'] },
  { base: 'a counter', request: 'add a reset button', answer: true },
  { base: 'a stopwatch', request: 'remove the lap button', lacks: ['id="lap"'] },
  { base: 'a counter', request: 'remove the reset button', lacks: ['id="reset"'] },
  { base: 'a pomodoro timer', request: 'rename the Skip button to Next phase', has: ['>Next phase</button>'] },
  { base: 'a dice roller', request: 'change the Roll button to say Throw', has: ['>Throw</button>'] },
  { base: 'a contact form', request: 'add a phone number field', has: ['type="tel"', 'Phone number'] },
  { base: 'a contact form', request: 'add a field for company', has: ['data-field="field-company"'] },
  { base: 'an RSVP form', request: 'remove the message field', lacks: ['data-field="field-message"'] },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'add an opening hours section', has: ['id="section-hours"', 'Opening hours'] },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'add a testimonials section', has: ['What people say'] },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'add a section about our history', has: ['<h2>Our history</h2>'] },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'remove the about section', lacks: ['id="section-about"'] },
  { base: 'a landing page for a gym called Iron Temple', request: 'put the sections in two columns', has: ['--columns: 2;'] },
  { base: 'a shopping list with milk and eggs', request: 'add bread to the list', has: ['data-item="Bread"'] },
  { base: 'a shopping list with milk and eggs', request: 'remove milk from the list', lacks: ['data-item="Milk"'] },
  { base: 'a to-do list', request: 'add an item called water the plants', has: ['data-item="Water the plants"'] },
  { base: 'a tip calculator', request: 'use a serif font', has: ['--font: Georgia'] },
  { base: 'a notes app', request: 'use a monospace font', has: ['--font: ui-monospace'] },
  { base: 'a clock', request: 'make the text bigger', has: ['--size: 19px;'] },
  { base: 'a counter', request: 'make the buttons bigger', has: ['button { font-size: 1.2rem;'] },
  { base: 'a table with columns name and email', request: 'make it full width', has: ['--width: 100%;'] },
  { base: 'a quiz about planets', request: 'align it to the left', has: ['--place: start;'] },
  { base: 'a memory game', request: 'square corners', has: ['--radius: 0;'] },
  { base: 'a counter', request: 'change "Reset" to "Start over"', has: ['>Start over</button>'] },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'change the tagline to Baked with love since 1998', has: ['Baked with love since 1998'] },
  { base: 'a tip calculator', request: 'make it dark and add a reset button', has: ['--background: #0f172a;', 'data-action="reset"'] },
  { base: 'a counter', request: 'now make it a quiz about flags instead', has: ['Flags of the world'] },
  { base: 'a tip calculator', request: 'add a chart of spending over time', answer: true },
  { base: 'a counter', request: 'connect it to my Google calendar', answer: true },
  { base: 'a tip calculator', request: 'add an opening hours section', answer: true },
  { base: 'a counter', request: 'add a button that sends an email', answer: true },
  { base: 'a contact form', request: 'remove the fax field', answer: true },
  { base: 'a counter', request: 'add a timer too', answer: true },
  { base: 'a tip calculator', request: 'add a clear button', has: ['data-action="reset"'] },
  { base: 'a tip calculator', request: 'make it blue', has: ['--accent: #2563eb;'] },
  { base: 'a tip calculator', request: 'can you make the background black', has: ['--background: #0f172a;'] },
  { base: 'a tip calculator', request: 'make the font bigger', has: ['--size: 19px;'] },
  { base: 'a tip calculator', request: 'call it Dinner Splitter', has: ['<title>Dinner Splitter</title>'] },
  { base: 'a counter', request: 'remove the minus button', lacks: ['id="minus"'] },
  { base: 'a contact form', request: 'add a checkbox for the newsletter', has: ['type="checkbox"', 'Newsletter'] },
  { base: 'a contact form', request: 'remove the email field', lacks: ['type="email"'] },
  { base: 'a contact form', request: 'add an email field', answer: true },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'add a gallery', has: ['<h2>Gallery</h2>'] },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'add opening hours', has: ['<h2>Opening hours</h2>'] },
  { base: 'a landing page for a bakery called Sweet Crumbs', request: 'remove the menu', lacks: ['id="section-menu"'] },
  { base: 'a to-do list', request: 'add buy milk', has: ['data-item="Buy milk"'] },
  { base: 'a shopping list with milk and eggs', request: 'add cheese and apples to the list', has: ['data-item="Cheese"', 'data-item="Apples"'] },
  { base: 'a quiz about capitals', request: 'make it about flags', has: ['Flags of the world quiz'] },
  { base: 'a pomodoro timer in purple', request: 'make the focus 45 minutes', has: ['45 min focus', '--accent: #9333ea;'] },
  { base: 'a notes app', request: 'make it a todo list', has: ['To-do list'] },
  { base: 'a tip calculator', request: 'I want a piano instead', has: ['data-note="60"'] },
  { base: 'a counter', request: 'a quiz about world capitals', has: ['World capitals quiz'] },
  { base: 'a tip calculator', request: 'make it look nicer', answer: true },
  { base: 'a quiz about capitals', request: 'add more questions', answer: true },
  { base: 'a notes app', request: 'hello', answer: true },
  // Issue 26.4: a new button with a named action of the app, working in the page.
  {
    base: 'a to-do list',
    request: 'add a button that clears all completed tasks',
    has: ['data-action="clear-done"', '>Clear completed</button>'],
    works: [
      ['fill', '#task', 'Walk the dog'],
      ['click', '[data-button="add"]'],
      ['fill', '#task', 'Buy milk'],
      ['click', '[data-button="add"]'],
      ['click', '[data-item="Walk the dog"] input'],
      ['text', '#left', '1 of 2 left'],
      ['click', '[data-action="clear-done"]'],
      ['text', '#left', '1 of 1 left'],
      ['text', '#items', 'Buy milk'],
    ],
  },
  {
    base: 'a shopping list with milk, eggs and bread',
    request: 'add a button to mark all items as done',
    has: ['data-action="all-done"'],
    works: [
      ['click', '[data-action="all-done"]'],
      ['text', '#left', '0 of 3 left'],
    ],
  },
  {
    base: 'a shopping list with milk, eggs and bread',
    request: 'add a button that sorts the list alphabetically',
    has: ['data-action="sort"'],
    works: [
      ['click', '[data-action="sort"]'],
      ['text', '#items li:first-child span', 'Bread'],
    ],
  },
  { base: 'a to-do list', request: 'add a clear button', has: ['data-action="reset"'] },
  { base: 'a notes app', request: 'add a button that clears all completed tasks', answer: true, says: ['“clears all completed tasks”'] },
  {
    base: 'a counter',
    request: 'add a button that doubles the number',
    has: ['data-action="count"', '>Double</button>'],
    works: [
      ['click', '#plus', 3],
      ['click', '[data-action="count"]'],
      ['text', '#count', '6'],
    ],
  },
  {
    base: 'a counter',
    request: 'add a button that adds 10',
    has: ['>+10</button>'],
    works: [
      ['click', '[data-action="count"]', 2],
      ['text', '#count', '20'],
    ],
  },
  {
    base: 'a counter for push-ups',
    request: 'add a button that halves the count',
    has: ['>Halve</button>'],
    works: [
      ['click', '#plus', 5],
      ['click', '[data-action="count"]'],
      ['text', '#count', '2.5'],
    ],
  },
  { base: 'a counter', request: 'add a button that subtracts five', has: ['data-by="-5"', '>−5</button>'] },
  {
    base: 'a counter',
    request: 'add a button that sets it to 100',
    has: ['data-op="="', '>Set to 100</button>'],
    works: [
      ['click', '[data-action="count"]'],
      ['text', '#count', '100'],
    ],
  },
  { base: 'a counter', request: 'add a "Times three" button that multiplies by 3', has: ['data-by="3"', '>Times three</button>'] },
  { base: 'a counter', request: 'add a button that plays a sound', answer: true, says: ['“plays a sound”'] },
  { base: 'a counter', request: 'add a stop button', answer: true, says: ['“stop”'] },
  { base: 'a tip calculator', request: 'add a button that doubles the number', answer: true },
  // A changed duration or number: only what was named changes.
  {
    base: 'a pomodoro timer',
    request: 'change the work period to 50 minutes',
    has: ['50 min focus, 5 min breaks, a 15 min break after four', '<li data-item="0">Focus · 50 min</li>', '{"name":"Focus","seconds":3000}'],
    works: [['text', '#time', '50:00']],
  },
  {
    base: 'pomodoro timer with 50 minute focus and 10 minute break',
    request: 'make the long break 20 minutes',
    has: ['50 min focus, 10 min breaks, a 20 min break after four'],
    works: [
      ['click', '#skip', 7],
      ['text', '#phase', 'Long break'],
      ['text', '#time', '20:00'],
    ],
  },
  { base: 'a pomodoro timer', request: 'set the short break to 7 minutes', has: ['25 min focus, 7 min breaks, a 15 min break after four'] },
  { base: 'a pomodoro timer', request: 'make work 45 minutes and breaks 10 minutes', has: ['45 min focus, 10 min breaks, a 15 min break after four'] },
  { base: 'a pomodoro timer', request: 'change the lunch period to 50 minutes', answer: true, says: ['focus, short break and long break'] },
  { base: 'a 10 minute timer', request: 'change it to 3 minutes', has: ['Time left · 3 min'], works: [['text', '#time', '03:00']] },
  { base: 'an egg timer', request: 'set the timer to 90 seconds', has: ['<h1 id="title">Egg timer</h1>', 'Time left · 90 s'] },
  { base: 'a HIIT interval timer', request: 'make the rest 30 seconds', has: ['8 rounds of 40 s work and 30 s rest'] },
  { base: 'a HIIT interval timer with 30 seconds work', request: 'make it 12 rounds', has: ['12 rounds of 30 s work and 20 s rest'] },
  { base: 'a water tracker', request: 'change the goal to 12 glasses', has: ['12 glasses a day'] },
  { base: 'a metronome', request: 'set the tempo to 90 bpm', has: ['90 BPM'] },
  { base: 'a flags quiz', request: 'make it 5 questions', has: ['Flags of the world quiz', '5 questions'] },
  { base: 'a pomodoro timer', request: 'rename it to Deep Work and make the focus 50 minutes', has: ['<h1 id="title">Deep Work</h1>', '50 min focus'] },
  // A quiz topic without a bank, another app's subject: answered, the page as it was.
  { base: 'a flags quiz', request: 'make it about dinosaurs', answer: true, says: ['“dinosaurs”'] },
  { base: 'a quiz about capitals', request: 'make it a quiz about the roman empire', answer: true, says: ['“roman empire”'] },
  { base: 'a tip calculator', request: 'make it a weather app', answer: true, says: ['weather app'] },
  { base: 'a counter', request: 'turn it into a kanban board', answer: true, says: ['kanban board'] },
  { base: 'an expense tracker', request: 'make it an expense splitter that shows who owes whom', has: ['Who owes whom'], says: ['Expenses are shared'] },
  // Compound edits: every part done, or the answer names the part it cannot do.
  {
    base: 'a pomodoro timer',
    request: 'make the start button green and bigger',
    has: ['#start { background: #16a34a; font-size: 1.2rem; padding: 0.85rem 1.4rem; }'],
    lacks: ['--accent: #16a34a;'],
    works: [
      ['style', '#start', 'background-color', 'rgb(22, 163, 74)'],
      ['style', '#skip', 'background-color', 'rgb(226, 232, 240)'],
    ],
  },
  { base: 'a counter', request: 'make the plus button red', has: ['#plus { background: #dc2626; }'] },
  { base: 'a counter', request: 'make the start button green', answer: true, says: ['no “start” button'] },
  { base: 'a pomodoro timer', request: 'make the start button green and spinning', answer: true, says: ['“spinning”'] },
  { base: 'a tip calculator', request: 'make it blue and bigger', has: ['--accent: #2563eb;', '--size: 19px;'] },
  { base: 'a counter', request: 'make the buttons bigger and add a confetti animation', answer: true, says: ['“add a confetti animation”'] },
  {
    base: 'a to-do list',
    request: 'make it dark, use a serif font and add a print button',
    has: ['--background: #0f172a;', '--font: Georgia', 'data-action="print"'],
  },
  { base: 'a tip calculator', request: 'add a red reset button', has: ['data-action="reset" style="background: #dc2626"'] },
  // Issue 37.8: the first edits people try.
  { base: 'a timer', request: 'Make the title say Focus', has: ['<h1 id="title">Focus</h1>', '<title>Focus</title>'] },
  {
    base: 'a counter',
    request: 'make the title bigger',
    has: ['#title { font-size: 2.5rem; }'],
    works: [['style', '#title', 'font-size', '40px']],
  },
  { base: 'a counter', request: 'remember the count when I reload the page', answer: true, says: ['already keeps its data in this browser’s storage'] },
  { base: 'a tip calculator', request: 'remember my numbers when I reload', answer: true, says: ['keeps nothing to remember'] },
  {
    base: 'a counter',
    request: 'make the background dark blue',
    has: ['--background: #143681;'],
    works: [['style', 'body', 'background-color', 'rgb(20, 54, 129)']],
  },
  { base: 'a to-do list', request: 'make the buttons pale green', has: ['--accent: #b9e3c9;'] },
  { base: 'a counter', request: 'make it dark red', has: ['--accent: #791515;'], lacks: ['--background: #0f172a;'] },
  {
    base: 'a counter',
    request: 'add a dark mode toggle',
    has: ['data-action="theme" aria-pressed="false"'],
    lacks: ['--background: #0f172a;'],
    works: [
      ['click', '[data-action="theme"]'],
      ['style', 'body', 'background-color', 'rgb(15, 23, 42)'],
      ['click', '[data-action="theme"]'],
      ['style', 'body', 'background-color', 'rgb(248, 250, 252)'],
    ],
  },
  {
    base: 'a counter',
    request: 'make the font bigger',
    visual: { at: '<h1', changes: [{ kind: 'style', property: 'font-size', from: '', to: '48px' }] },
    has: ['--size: 19px;', '<h1 style="font-size: 48px" id="title">'],
  },
  {
    base: 'a counter',
    request: 'make the title bigger',
    visual: { at: '<h1', changes: [{ kind: 'style', property: 'font-size', from: '', to: '48px' }] },
    has: ['<h1 style="font-size: 60px" id="title">'],
  },
  // An edit of one element it cannot make points to Edit visually for it.
  { base: 'a counter', request: 'make the title spin', answer: true, says: ['Try Edit visually: pick the title'] },
  { base: 'a pomodoro timer', request: 'make the Start button wiggle', answer: true, says: ['Try Edit visually: pick the “Start” button'] },
]

/** The kind a first prompt must build; null when it must be answered. */
export const kindAsked = (item: PromptCase) => ('answer' in item ? null : item.kind)

/**
 * Whether the offline builder did what a corpus case asks, with the reasons it did not.
 * Shared by `npm run bench:offline` and the corpus unit test, so both judge alike.
 */
export type Verdict = { ok: boolean; problems: string[]; result: OfflineResult; before: string }

const CANNOT_START = "Offline mode can't do that yet: "

export function judgePrompt(item: PromptCase): Verdict {
  const result = offlineGenerate(item.prompt, '')
  const problems: string[] = []
  if ('answer' in item) {
    if (result.code) problems.push(`built ${result.kind ?? 'a page'} instead of answering`)
    if (!result.answer?.startsWith(CANNOT_START)) problems.push('did not say what it cannot do')
    for (const text of item.says ?? []) if (!result.answer?.includes(text)) problems.push(`the answer does not say ${text}`)
    return { ok: !problems.length, problems, result, before: '' }
  }
  if (result.kind !== item.kind) problems.push(`built ${result.kind ?? 'nothing'}, not ${item.kind}`)
  if (result.answer && !item.says) problems.push(`answered: ${result.answer}`)
  for (const text of item.says ?? []) if (!result.answer?.includes(text)) problems.push(`the answer does not say ${text}`)
  for (const text of item.has ?? []) if (!result.code.includes(text)) problems.push(`missing ${text}`)
  return { ok: !problems.length, problems, result, before: '' }
}

export function judgeFollowUp(item: FollowUpCase): Verdict {
  const built = offlineGenerate(item.base, '').code
  const before = item.visual ? visuallyEdited(built, item.visual) : built
  const result = offlineGenerate(item.request, before)
  const problems: string[] = []
  if (item.answer) {
    if (!result.answer) problems.push('changed the page instead of answering')
    if (result.code !== before) problems.push('the page changed')
    for (const text of item.says ?? []) if (!result.answer?.includes(text)) problems.push(`the answer does not say ${text}`)
  } else {
    if (result.answer && !item.says) problems.push(`answered: ${result.answer}`)
    for (const text of item.says ?? []) if (!result.answer?.includes(text)) problems.push(`the answer does not say ${text}`)
    if (!result.full && !result.patches.length) problems.push('no patches')
    for (const text of item.has ?? []) if (!result.code.includes(text)) problems.push(`missing ${text}`)
    for (const text of item.lacks ?? []) if (result.code.includes(text)) problems.push(`still has ${text}`)
  }
  return { ok: !problems.length, problems, result, before }
}

function visuallyEdited(code: string, visual: NonNullable<FollowUpCase['visual']>) {
  const edited = applyVisualEdits(code, { version: codeVersion(code), at: code.indexOf(visual.at), tag: visual.at.slice(1), changes: visual.changes })
  if (!edited.ok) throw new Error(`the corpus's visual edit failed: ${edited.message}`)
  return edited.html
}

/**
 * Runs a case's steps on its page, loaded in a browser page (playwright-core's `Page`):
 * answers the steps that did not do what they say.
 */
export async function tryPage(page: Pick<Page, 'setContent' | 'locator'>, code: string, steps: Step[]): Promise<string[]> {
  await page.setContent(code, { waitUntil: 'load' })
  for (const step of steps) {
    const [what, selector] = step
    const element = page.locator(selector).first()
    try {
      if (what === 'fill') await element.fill(step[2], { timeout: 2_000 })
      else if (what === 'click') for (let time = 0; time < (step[2] ?? 1); time += 1) await element.click({ timeout: 2_000 })
      else if (what === 'text') {
        const text = (await element.textContent({ timeout: 2_000 }))?.trim() ?? ''
        if (!text.includes(step[2])) return [`${selector} says “${text}”, not “${step[2]}”`]
      } else {
        const value = await element.evaluate((node, property) => getComputedStyle(node).getPropertyValue(property), step[2], { timeout: 2_000 })
        if (value !== step[3]) return [`${selector} has ${step[2]} ${value}, not ${step[3]}`]
      }
    } catch (error) {
      return [`${what} ${selector}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`]
    }
  }
  return []
}
