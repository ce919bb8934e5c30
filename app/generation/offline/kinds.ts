import * as calculators from './calculators'
import { clock, countdown } from './clocks'
import * as games from './games'
import { flashcards, missingTopic, quiz } from './learning'
import { landing } from './landing'
import { counter, form, notes, table, todo } from './lists'
import { drums, metronome, piano } from './music'
import type { App } from './page'
import * as shared from './shared'
import { countdownTimer, interval, pomodoro, stopwatch } from './timers'
import { expenses, habits, water } from './trackers'
import { names, palette, password, picker } from './generators'

/** `lacks`: why a prompt this kind's pattern matches asks for what it cannot be (a quiz topic without questions). */
export type Kind = { id: string; pattern: RegExp; build: (prompt: string) => App; lacks?: (prompt: string) => string | undefined }

/** A game asked for high scores ("a snake game with a leaderboard") keeps a top 10 every player shares (issue 39.6). */
export const ASKS_FOR_SCORES = /high ?scores?|leader ?board|score ?board|\btop (?:10|ten)\b|best scores|hall of fame/i
const scored =
  (build: (prompt: string) => App, rule: shared.ScoreRule) =>
  (prompt: string): App =>
    ASKS_FOR_SCORES.test(prompt) ? shared.withSharedScores(build(prompt), rule) : build(prompt)

/**
 * The kinds the offline builder makes, most specific first: the first whose pattern the
 * prompt matches is built ("a pomodoro timer" before "a timer", "a tip calculator" before
 * "a calculator").
 */
export const KINDS: Kind[] = [
  // Issue 39.6: apps whose data every visitor shares come first ("a sign-up sheet" is not a form, "a shared reading list" not a to-do list).
  {
    id: 'expense-splitter',
    pattern:
      /\bsplit(?:ter|ting)?\b.*\b(?:expenses?|costs?)\b|\b(?:expenses?|costs?)\b.*\bsplit(?:ter|ting)?\b|who owes|owes (?:whom|who|what)|settle up|\bIOUs?\b|\b(?:shared|(?:room|flat|house)[- ]?mates?)\b.*\b(?:budget|expenses?|spending|bills|costs)\b|\b(?:budget|expenses?|spending|bills|costs)\b.*\b(?:shared|(?:room|flat|house)[- ]?mates?)\b/i,
    build: shared.splitter,
  },
  { id: 'poll', pattern: /\bpoll\b|\bvot(?:e|es|ing)\b|\bballot\b|\bsurvey everyone\b/i, build: shared.poll },
  { id: 'guestbook', pattern: /guest ?book|message (?:board|wall)|wall of (?:messages|wishes)|leave (?:a |us a )?message/i, build: shared.guestbook },
  {
    id: 'signup-sheet',
    pattern:
      /sign[- ]?up (?:sheet|list)|who(?:'s|’s| is)? bring(?:s|ing)|what (?:everyone|people) (?:is )?bring|potluck|bake sale|volunteer (?:sheet|list|rota)/i,
    build: shared.signupSheet,
  },
  {
    id: 'shared-list',
    pattern:
      /\bshared\b.*\blist\b|\b(?:class|team|family|club|group|office)(?:'s|’s)? (?:\w+ )?list\b|\breading list\b|\blist (?:that|which) (?:everyone|everybody)|\beveryone (?:can )?adds?\b/i,
    build: shared.sharedList,
  },
  // A form for a website is a form; a landing page that mentions a form is still a landing page.
  { id: 'form', pattern: /^(?!.*(?:landing page|home ?page)).*\b(?:form|rsvp|sign ?up (?:page|sheet)|survey|questionnaire)\b/i, build: form },
  { id: 'landing', pattern: /landing page|home ?page|website|web site|\bsite for\b|one-pager/i, build: landing },
  { id: 'pomodoro', pattern: /pomodoro|focus timer|study timer/i, build: pomodoro },
  { id: 'interval-timer', pattern: /interval|hiit|tabata|workout timer|exercise timer/i, build: interval },
  { id: 'stopwatch', pattern: /stop ?watch|lap timer/i, build: stopwatch },
  {
    id: 'countdown',
    pattern: /count ?down (?:to|until|till)\b|count ?down (?:for|of) (?:christmas|new year|my|our|the)|days (?:until|till|to|left)\b|how long until/i,
    build: countdown,
  },
  { id: 'tip-calculator', pattern: /\btip(?:s|ping)?\b|split (?:the|a|our|my)?\s*(?:\w+ )?bill|bill split/i, build: calculators.tip },
  { id: 'bmi-calculator', pattern: /\bbmi\b|body mass/i, build: calculators.bmi },
  { id: 'loan-calculator', pattern: /loan|mortgage|repayment/i, build: calculators.loan },
  { id: 'savings-calculator', pattern: /compound interest|savings? (?:calculator|planner)|interest calculator/i, build: calculators.savings },
  { id: 'percentage-calculator', pattern: /percent(?:age)? calculator|percentages?/i, build: calculators.percentage },
  { id: 'age-calculator', pattern: /\bage calculator|how old/i, build: calculators.age },
  { id: 'unit-converter', pattern: /convert|conversion|celsius|fahrenheit|km to|miles to|kg to|pounds to|\bunits?\b/i, build: calculators.converter },
  { id: 'flashcards', pattern: /flash ?cards?|study cards/i, build: flashcards, lacks: missingTopic },
  { id: 'quiz', pattern: /quiz|trivia|test me|questions about/i, build: quiz, lacks: missingTopic },
  { id: 'tic-tac-toe', pattern: /tic.?tac.?toe|noughts and crosses|naughts and crosses/i, build: games.ticTacToe },
  {
    id: 'memory-game',
    pattern: /memory|matching (?:game|pairs)|concentration game|find the pairs/i,
    build: scored(games.memory, { better: 'lower', unit: 'moves' }),
  },
  { id: 'snake', pattern: /\bsnake\b/i, build: scored(games.snake, { better: 'higher', unit: 'points' }) },
  { id: 'dice', pattern: /\bdice\b|\bdie roller|roll (?:a|the) die|\bd(?:4|6|8|10|12|20|100)\b/i, build: games.dice },
  { id: 'coin-flip', pattern: /coin ?(?:flip|toss)|flip a coin|heads or tails/i, build: games.coin },
  { id: 'rock-paper-scissors', pattern: /rock.?paper.?scissors/i, build: games.rockPaperScissors },
  { id: 'hangman', pattern: /hangman|guess the word|word guessing/i, build: games.hangman },
  {
    id: 'guess-the-number',
    pattern: /guess(?:ing)? (?:the |a )?number|number guessing|guessing game/i,
    build: scored(games.guessNumber, { better: 'lower', unit: 'tries' }),
  },
  {
    id: 'typing-test',
    pattern: /typing (?:speed|test|game|practice)|words per minute|\bwpm\b/i,
    build: scored(games.typingTest, { better: 'higher', unit: 'WPM' }),
  },
  { id: 'drawing', pattern: /drawing|sketch|paint(?:ing)? app|doodle|whiteboard/i, build: games.drawing },
  // After the games: "a snake game with a leaderboard" is the game, with a top 10 every player shares.
  { id: 'high-scores', pattern: /high ?scores?|leader ?board|score ?board/i, build: shared.highScores },
  { id: 'drum-pad', pattern: /drum|beat ?(?:pad|maker)|sampler/i, build: drums },
  { id: 'metronome', pattern: /metronome|\bbpm\b/i, build: metronome },
  { id: 'piano', pattern: /piano|keyboard that plays|synth|musical keyboard|play(?:s)? notes/i, build: piano },
  { id: 'habit-tracker', pattern: /habit/i, build: habits },
  { id: 'expense-tracker', pattern: /expense|spending|budget|money tracker/i, build: expenses },
  { id: 'water-tracker', pattern: /water|hydration|glasses a day/i, build: water },
  { id: 'password-generator', pattern: /password/i, build: password },
  { id: 'colour-palette', pattern: /palette|colou?r (?:generator|scheme|picker)|random colou?rs?/i, build: palette },
  { id: 'name-generator', pattern: /name (?:generator|ideas|picker)|generates? names|names? for (?:my|a|our)/i, build: names },
  { id: 'random-picker', pattern: /random (?:picker|choice|chooser)|pick (?:one|a random|for me)|decision maker|wheel/i, build: picker },
  { id: 'world-clock', pattern: /world clock|time ?zones?|\bclock\b|what time/i, build: clock },
  { id: 'timer', pattern: /timer|count ?down/i, build: countdownTimer },
  { id: 'calculator', pattern: /calculator|arithmetic|add numbers/i, build: calculators.basic },
  { id: 'counter', pattern: /counter|tally|click(?:er)? count|count (?:clicks|things|reps)/i, build: counter },
  { id: 'todo', pattern: /to-?do|task list|shopping list|grocer|checklist|check list|packing list|\blist\b/i, build: todo },
  { id: 'notes', pattern: /notes?|journal|diary|jot/i, build: notes },
  { id: 'table', pattern: /\btable\b|spreadsheet|\bgrid of\b|contacts? book|address book/i, build: table },
  { id: 'form', pattern: /sign ?up|registration|feedback|booking|appointment/i, build: form },
]

export const kindOf = (prompt: string) => KINDS.find((kind) => kind.pattern.test(prompt))

/**
 * Apps the catalogue does not have, named by prompts that also hold a word of one it has
 * ("a kanban board with to-do columns" says "to-do"): answered, never built as that other app.
 */
const LACKING: [RegExp, string][] = [
  [/\bkanban\b|\btrello\b|scrum board/i, 'a kanban board'],
  [/\bweather\b|\bforecast\b/i, 'a weather app (it has no live data)'],
  [/\bchat ?(?:app|room|bot)\b|\bmessag(?:ing|enger)\b/i, 'a chat app'],
  [/\bcalendar\b|\b(?:day|daily|weekly|week|monthly) planner\b/i, 'a calendar'],
  [/\b(?:music|mp3|audio|video|podcast) player\b|\bplaylist\b/i, 'a media player'],
  [/\brecipe(?:s)? (?:book|app|box|manager|collection)\b/i, 'a recipe book'],
  [/\binvoice/i, 'an invoice maker'],
  [/\b(?:chess|checkers|draughts|sudoku|tetris|minesweeper|solitaire|wordle|crossword|pong|breakout|pac-?man)\b/i, 'a game of $&'],
  [/\bmaps?\b|\bgps\b/i, 'a map'],
]

/**
 * A prompt that asks for data shared between the people who open the Piece ("a multiplayer
 * tic-tac-toe"): only the kinds in shared.ts share it; any other kind is built for one person.
 */
export const sharedData = (prompt: string) =>
  /\bshared\b|high ?scores?|leader ?board|score ?board|\b(?:room|flat|house|team)[- ]?mates?\b|\bcollaborat|\bmultiplayer\b|\beach (?:person|member|visitor|user|of us)\b|\bbetween (?:visitors|users|friends|us)\b|\b(?:everyone|everybody) (?:can )?(?:sees?|adds?|edits?)\b/i.test(
    prompt,
  )

/** Why the catalogue cannot build what the prompt asks, though a word of it names a kind it has; undefined when it can. */
export function lacking(prompt: string): string | undefined {
  for (const [pattern, what] of LACKING) {
    const named = pattern.exec(prompt)?.[0]
    if (named) return `it cannot build ${what.replace('$&', named.toLowerCase())}`
  }
  return kindOf(prompt)?.lacks?.(prompt)
}
