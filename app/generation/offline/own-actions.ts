import { digits } from './details'

/**
 * Buttons with an action of the app itself ("a button that clears the completed tasks",
 * "a button that doubles the number"): the app's script registers the action
 * (`actions['clear-done']`, `actions.count`), and an added button names it in `data-action`,
 * with its details in `data-*` attributes. `hook` is what the page must hold for the action
 * to be there (a page made before it, or by hand, has none).
 */
export type OwnButton = { action: string; label: string; attributes: Record<string, string>; hook: string }
type Reader = { hook: string; can: string; read: (purpose: string) => OwnButton | null }

const NUMBER = '(-?\\d+(?:\\.\\d+)?)'
const THE = '(?:(?:it|the (?:number|count|counter|total|score|value|tally))\\s+)?'
const show = (value: number) => String(value).replace('-', '−')

/** What a counter's button does to the number: [pattern, op, value from the match, label]. */
const COUNTER_STEPS: [RegExp, string, (match: RegExpExecArray) => number, (by: number) => string][] = [
  [/\bdoubl/i, '*', () => 2, () => 'Double'],
  [/\btripl/i, '*', () => 3, () => 'Triple'],
  [/\bhalv|\bhalf\b/i, '/', () => 2, () => 'Halve'],
  [/\bsquar/i, '^', () => 2, () => 'Square'],
  [
    new RegExp(`\\bmultipl\\w*\\s+${THE}by\\s+${NUMBER}|(?:^|\\s)[×x*]\\s?${NUMBER}\\b|\\btimes\\s+${NUMBER}`, 'i'),
    '*',
    (m) => Number(m[1] ?? m[2] ?? m[3]),
    (by) => `×${show(by)}`,
  ],
  [new RegExp(`\\bdivides?\\s+${THE}by\\s+${NUMBER}|(?:^|\\s)[÷/]\\s?${NUMBER}\\b`, 'i'), '/', (m) => Number(m[1] ?? m[2]), (by) => `÷${show(by)}`],
  [new RegExp(`\\b(?:sets?|resets?|jumps?|goes|changes?)\\s+${THE}(?:back\\s+)?to\\s+${NUMBER}`, 'i'), '=', (m) => Number(m[1]), (by) => `Set to ${show(by)}`],
  [
    new RegExp(
      `\\b(?:subtracts?|minus|takes? away|removes?|(?:decreases?|decrements?|lowers?|reduces?)\\s+${THE}by|(?:goes |counts? )?down by)\\s+${NUMBER}|(?:^|\\s)[-−]\\s?(\\d+(?:\\.\\d+)?)\\b`,
      'i',
    ),
    '+',
    (m) => -Number(m[1] ?? m[2]),
    (by) => show(by),
  ],
  [
    new RegExp(`\\b(?:adds?|plus|(?:increases?|increments?|raises?)\\s+${THE}by|(?:goes |counts? )?up by)\\s+${NUMBER}|(?:^|\\s)\\+\\s?${NUMBER}\\b`, 'i'),
    '+',
    (m) => Number(m[1] ?? m[2]),
    (by) => `+${show(by)}`,
  ],
]

const READERS: Record<string, Reader> = {
  counter: {
    hook: 'actions.count =',
    can: 'buttons that add, subtract, multiply, divide, double, halve, square or set the number',
    read(purpose) {
      const text = digits(purpose)
      for (const [pattern, op, value, label] of COUNTER_STEPS) {
        const match = pattern.exec(text)
        if (!match) continue
        const by = value(match)
        if (!Number.isFinite(by) || Math.abs(by) > 1e9 || (op === '/' && by === 0)) return null
        return { action: 'count', label: label(by), attributes: { 'data-op': op, 'data-by': String(by) }, hook: this.hook }
      }
      return null
    },
  },
  todo: {
    hook: "actions['clear-done']",
    can: 'buttons that clear the completed items, mark every item done or sort the list',
    read(purpose) {
      const finished = /\b(?:complete[ds]?|done|finished|checked|ticked(?: off)?|crossed(?: off)?)\b/i
      if (/\b(?:clear|remove|delete|hide|wipe|get rid of)s?\b/i.test(purpose) && finished.test(purpose))
        return { action: 'clear-done', label: 'Clear completed', attributes: {}, hook: this.hook }
      if (/\b(?:mark|check|tick|complete|finish)(?:s|es)?\b.*\b(?:all|every(?:thing)?)\b|\ball (?:done|complete)/i.test(purpose))
        return { action: 'all-done', label: 'Mark all done', attributes: {}, hook: this.hook }
      if (/\bsort|alphabeti|a-z|a to z/i.test(purpose)) return { action: 'sort', label: 'Sort A–Z', attributes: {}, hook: this.hook }
      return null
    },
  },
}

/** A button of the app's own for what the request names, on this kind of app; null when it names none. */
export const ownButton = (kind: string | undefined, purpose: string) => (kind ? (READERS[kind]?.read(purpose) ?? null) : null)

/** What buttons of its own this kind of app can take, in words (for the answer when a request names another). */
export const ownButtonsOf = (kind: string | undefined) => (kind ? READERS[kind]?.can : undefined)
