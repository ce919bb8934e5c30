import { captures } from '../captures'
/**
 * The details a prompt gives besides the kind of app: a name, numbers with their units, a
 * topic, a colour, sections and items. Each reader answers undefined when the prompt does
 * not say, and the part uses its own default.
 */
const COLOURS: Record<string, string> = {
  red: '#dc2626',
  orange: '#ea580c',
  yellow: '#ca8a04',
  gold: '#ca8a04',
  green: '#16a34a',
  teal: '#0d9488',
  blue: '#2563eb',
  navy: '#1e3a8a',
  indigo: '#4f46e5',
  purple: '#9333ea',
  violet: '#7c3aed',
  pink: '#db2777',
  brown: '#92400e',
  black: '#0f172a',
  white: '#ffffff',
  gray: '#64748b',
  grey: '#64748b',
}
/**
 * How a modifier moves a named colour: towards black ("dark blue", "deep red") or white
 * ("light green", "pale pink"), so "dark blue" is a dark blue and not the bright one.
 */
const SHADES: Record<string, [number, number]> = { dark: [0, 0.45], deep: [0, 0.3], light: [255, 0.5], pale: [255, 0.7], pastel: [255, 0.6] }
/** The colour names, for readers that must tell "make it dark blue" from "make it dark". */
export const COLOUR_NAMES = Object.keys(COLOURS).join('|')
const COLOUR_WORD = new RegExp(`\\b(?:(${Object.keys(SHADES).join('|')})(?:\\s+|-))?(${COLOUR_NAMES})\\b`, 'i')

const mix = (hex: string, [towards, amount]: [number, number]) =>
  `#${[1, 3, 5]
    .map((at) => Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - amount) + towards * amount))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`

/** A colour the text names (a word, with a modifier such as "dark" or "pale", or a hex value), as a hex value. */
export function colourIn(text: string): string | undefined {
  const hex = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(text)?.[0]
  if (hex) return hex.toLowerCase()
  const match = COLOUR_WORD.exec(text)
  const name = match?.[2]
  const base = name === undefined ? undefined : COLOURS[name.toLowerCase()]
  if (base === undefined) return undefined
  const shade = match?.[1] ? SHADES[match[1].toLowerCase()] : undefined
  return shade ? mix(base, shade) : base
}

/** The text without the colours it names ("a red reset" → "a reset"). */
export const withoutColour = (text: string) =>
  text
    .replace(new RegExp(COLOUR_WORD.source, 'gi'), ' ')
    .replace(/#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi, ' ')
    .replace(/\s+/g, ' ')

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
export const titleCase = (text: string) => text.replace(/\b[a-z]/g, (char) => char.toUpperCase())

/** A quoted phrase, or a capitalised name after "called", "named" or "titled". */
export function nameIn(text: string): string | undefined {
  const quoted = /["“‘]([^"”’\n]{1,60})["”’]/.exec(text)?.[1]
  if (quoted) return quoted.trim()
  const called = /\b(?:called|named|titled|for)\s+((?:[A-Z0-9][\w'’&.!-]*)(?:\s+(?:[A-Z0-9&][\w'’&.!-]*|of|and|the|de|la))*)/.exec(text)?.[1]
  return (
    called
      ?.replace(/[.!,]+$/, '')
      .replace(/\s+(?:of|and|the|de|la)$/, '')
      .trim() || undefined
  )
}

/** The trade a landing page is for: "a landing page for a bakery" → "bakery". */
export function tradeIn(text: string): string | undefined {
  const match = /\bfor\s+(?:a|an|my|our|the)\s+((?:[a-z-]+\s){0,2}?[a-z-]+?)(?=\s+(?:called|named|in|with|that|which|and)\b|[,.!]|$)/i.exec(text)
  return match?.[1]?.toLowerCase()
}

/** A number followed by one of the units: "25 minutes" → 25. */
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, twenty: 20 }
export const digits = (text: string) =>
  text.replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b/gi, (word) => String(WORDS[word.toLowerCase()]))

export function numberBefore(text: string, units: string): number | undefined {
  const match = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*-?\\s*(?:${units})(?![a-z])`, 'i').exec(digits(text))
  return match ? Number(match[1]) : undefined
}

/** A number right after one of the phrases: "a group of 4" → 4. */
export function numberAfter(text: string, phrases: string): number | undefined {
  const match = new RegExp(`\\b(?:${phrases})\\s+(\\d+(?:\\.\\d+)?)(?![\\d.])`, 'i').exec(digits(text))
  return match ? Number(match[1]) : undefined
}

const MINUTES: [string, number] = ['m(?:in(?:ute)?s?)?', 60]
const UNITS: [string, number][] = [['h(?:ours?|rs?)?', 3600], MINUTES, ['s(?:ec(?:ond)?s?)?', 1]]
const NOUN = '(?:\\s+(?:period|time|length|duration|phase|session|interval|block|part|bit))?'
const LINK = '(?:\\s+(?:to|of|for|is|at|as|=|should be|becomes?|lasts?|into|last(?:ing)?))*'

/**
 * Seconds for a named phase: "50 minute focus", "focus of 50 minutes", "change the work
 * period to 50 minutes", "breaks of 90 seconds". `units` limits the units read (minutes only, say).
 */
export function durationFor(text: string, phase: string, units = UNITS): number | undefined {
  const plain = digits(text)
  for (const [unit, scale] of units) {
    const before = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*-?\\s*${unit}\\s+(?:of\\s+)?(?:${phase})`, 'i').exec(plain)
    const after = new RegExp(`\\b(?:${phase})\\w*${NOUN}${LINK}\\s*(\\d+(?:\\.\\d+)?)\\s*-?\\s*${unit}(?![a-z])`, 'i').exec(plain)
    const value = Number((before ?? after)?.[1])
    if (value > 0) return Math.round(value * scale)
  }
  return undefined
}

/** Minutes for a named phase: "50 minute focus" or "focus of 50 minutes" or "breaks of 10 minutes". */
export function minutesFor(text: string, phase: string): number | undefined {
  const seconds = durationFor(text, phase, [MINUTES])
  return seconds && seconds <= 600 * 60 ? seconds / 60 : undefined
}

const STOP = /^(?:a|an|the|my|our|me|us|some|this|that|it|them|i|want|need|make|build|create|give|show|do|is|are|be|to|with|for|of|and|or|please|can|you|new)$/i
const FILLER =
  /^(?:simple|fun|funny|quick|short|long|little|small|big|easy|hard|difficult|basic|multiple|choice|multiple-choice|interactive|nice|cool|great|good|random|daily|online|kids?|children|\d+|questions?|cards?|games?|apps?|style|themed?|based|\w+ly)$/i

/**
 * The subject a prompt names for one of the `nouns` ("a quiz about dinosaurs" or "a dinosaur
 * quiz" → "dinosaurs", "dinosaur"); undefined when it names none ("a fun 5 question quiz").
 */
export function topicIn(prompt: string, nouns: string): string | undefined {
  const after =
    /\b(?:about|on|covering|to (?:learn|study|practi[cs]e|revise))\s+(?:the\s+)?([a-z][\w' -]*?)(?=\s*(?:[,.!?;]|$)|\s+(?:with|for|and|that|which|in|using|please)\b|\s+\d)/i.exec(
      prompt,
    )?.[1]
  if (after && !after.split(/\s+/).every((word) => FILLER.test(word))) return after.trim()
  const noun = new RegExp(`\\b(?:${nouns})\\b`, 'i').exec(prompt)
  if (!noun) return undefined
  const words = prompt.slice(0, noun.index).trim().split(/\s+/).filter(Boolean)
  const named: string[] = []
  for (const word of words.reverse()) {
    if (STOP.test(word)) break
    named.unshift(word)
  }
  const topic = named.filter((word) => !FILLER.test(word)).join(' ')
  return topic || undefined
}

/** "with milk, eggs and bread" → ["Milk", "Eggs", "Bread"]. */
export function itemsIn(text: string): string[] {
  const match = /\b(?:with|for|of|including|like|:)\s+((?:[\w' -]+,\s*)+(?:and\s+)?[\w' -]+|[\w' -]+\s+and\s+[\w' -]+)\s*[.!]?$/i.exec(text)
  const [list] = captures(match, 1) ?? []
  if (list === undefined) return []
  return list
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
    .map((item, index) =>
      item
        .trim()
        .replace(index === 0 ? /^(?:(?:the\s+)?(?:columns?|fields?|items?|habits?|options?)\s*:?\s+)/i : /^$/, '')
        .replace(/^(?:a|an|the|some)\s+/i, ''),
    )
    .filter((item) => item && item.length <= 40)
    .slice(0, 12)
    .map(capitalise)
}

export { capitalise }
