/**
 * What the model is told, in one place, and how its answers are read. A Piece is one
 * self-contained HTML document; the model first plans short steps, then answers each step
 * with the whole updated document.
 */
import { isDiffOperation, type DiffOperation } from './patch'
import { captures } from './captures'
import { z } from 'zod'

export const MAX_PLAN_STEPS = 4

export const PLAN_INSTRUCTIONS = [
  'You plan changes to a small single-page web app (one HTML document with inline CSS and JavaScript).',
  `Answer with JSON only: {"steps": ["...", "..."]} — 1 to ${MAX_PLAN_STEPS} short step titles (a few words each) that together do what the user asks.`,
].join('\n')

/**
 * Issue 39.6: the data API every Piece has (app/piece-data/frame/client.ts), told briefly since
 * it is sent with every step: when to keep data per visitor or shared, that the server names
 * the writer, live updates, and errors shown as they read. The example is a whole poll's logic.
 */
export const DATA_EXAMPLE =
  "const count = (name, n) => (document.getElementById(name).textContent = n)\npieces.data.shared.list('poll').then((p) => Object.entries(p.counters).forEach(([k, n]) => count(k, n)))\npieces.data.subscribe('poll', (c) => c.type === 'counted' && count(c.counter.name, c.counter.value))\nvote.onclick = () => pieces.data.shared.increment('poll', 'yes').catch((e) => (note.textContent = e.message))"

export const DATA_INSTRUCTIONS = [
  'Every page has `pieces.data` (calls return promises) for data that outlasts the visit or that visitors share:',
  "- mine: one visitor's private keys: mine.get(key), mine.set(key, json), mine.delete(key), mine.list(prefix).",
  '- shared: what everyone sees (polls, guestbooks, sign-ups, scores): shared.add(collection, json) gives {id, value, by: {name, you}, at}; shared.list(collection, {limit, order}) gives {records, counters}; shared.update/remove(collection, id); shared.increment(collection, name) counts votes atomically.',
  '- The server stamps by.name with the writer: never ask for a name to credit an entry. Offer edit/remove only when record.by.you.',
  "- subscribe(collection, c => …) for live changes: c.type 'added'/'changed'/'removed' (c.record), 'counted' (c.counter.name, .value), 'cleared', 'reset' (list the collection again).",
  '- A failure has error.code (quota, too-large, not-yours, offline, rate-limited) and error.message saying what it means: show the message.',
  `Example (a poll):\n${DATA_EXAMPLE}`,
].join('\n')

export const STEP_INSTRUCTIONS = [
  'You build small single-page web apps as one complete HTML document with inline CSS and JavaScript, no external build step.',
  'Make it accessible, responsive and good-looking. Keep everything the user did not ask to change.',
  'When there is no document yet, or the change touches most of it, answer with the complete document in one ```html fenced block.',
  'Otherwise answer with patches only, in one ```json fenced block: {"patches": [{"type": "replace" | "insert" | "delete", "target": "<exact text from the current document>", "content": "<new text>"}]}.',
  '"insert" puts content right after target; "delete" removes target. Each target must occur exactly once in the current document.',
  DATA_INSTRUCTIONS,
].join('\n')

export const FULL_DOCUMENT_RETRY =
  'Your patches did not apply to the current document. Answer with the complete updated document in one ```html fenced block instead.'

export function stepMessage({ prompt, step, index, total, code }: { prompt: string; step: string; index: number; total: number; code: string }) {
  return [
    `Request: ${prompt}`,
    `Step ${index + 1} of ${total}: ${step}`,
    code.trim() ? `Current document:\n\`\`\`html\n${code}\n\`\`\`` : 'There is no document yet; start one.',
  ].join('\n\n')
}

/**
 * Issue 13.1: the one repair a generation asks for when its code failed in a browser. It
 * is answered like a step (patches, or the whole document).
 */
export function repairMessage({ prompt, errors, checks = [], code }: { prompt: string; errors: string[]; checks?: FailedCheck[]; code: string }) {
  return [
    `Request: ${prompt}`,
    ...(errors.length
      ? ['The current document was loaded in a real browser and failed with these problems:', errors.map((error) => `- ${error}`).join('\n')]
      : []),
    ...(checks.length
      ? [
          'The user recorded checks of what the page must keep doing. These failed in a real browser, run twice in fresh pages:',
          checks.map(checkLines).join('\n\n'),
          'Unless the request asks for this behaviour to change, make these checks pass again. If the request does change it, answer the document unchanged.',
        ]
      : []),
    'Fix them and keep everything else as it is.',
    `Current document:\n\`\`\`html\n${code}\n\`\`\``,
  ].join('\n\n')
}

/** Issue 31.3: a recorded check that failed, as the repair is told it. */
export type FailedCheck = { name: string; steps: string[]; step: number | null; message: string | null }

const checkLines = ({ name, steps, step, message }: FailedCheck) =>
  [
    `Check "${name}":`,
    ...steps.map((words, index) => `${index + 1}. ${words}${index === step ? '   <- failed here' : ''}`),
    `What went wrong: ${message ?? 'it failed'}`,
  ].join('\n')

/** A plan as the model writes it, and a step's patches: their entries are sorted out where they are read. */
const PlanSchema = z.object({ steps: z.array(z.unknown()) })
const PatchesSchema = z.object({ patches: z.array(z.unknown()) })

/** The plan's step titles; a missing or malformed plan becomes one step. */
export function parsePlan(answer: string): string[] {
  const json = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1] ?? /\{[\s\S]*\}/.exec(answer)?.[0] ?? ''
  try {
    const plan = PlanSchema.safeParse(JSON.parse(json))
    if (plan.success) {
      const { steps } = plan.data
      const titles = steps.filter((step): step is string => typeof step === 'string' && step.trim().length > 0).map((step) => step.trim().slice(0, 80))
      if (titles.length) return titles.slice(0, MAX_PLAN_STEPS)
    }
  } catch {
    // fall through
  }
  return ['Build the page']
}

/** The HTML document of a step's answer: a fenced block, or a bare document; null otherwise. */
export function parseDocument(answer: string): string | null {
  const looksLikeDocument = (text: string) => /<(!doctype html|html|body)[\s>]/i.test(text)
  const blocks = [...answer.matchAll(/```([a-z]*)\s*([\s\S]*?)```/gi)].flatMap((match) => {
    const [language, body] = captures(match, 2) ?? []
    return language === undefined || body === undefined ? [] : [{ language: language.toLowerCase(), body: body.trim() }]
  })
  const chosen =
    blocks.find((block) => block.language === 'html' && looksLikeDocument(block.body)) ??
    blocks.find((block) => block.language !== 'json' && looksLikeDocument(block.body))
  if (chosen) return chosen.body
  const bare = answer.trim()
  return !blocks.length && looksLikeDocument(bare) ? bare : null
}

/** A step's answer: patches against the current document, a whole document, or both. */
export function parseStepAnswer(answer: string): { patches: DiffOperation[] | null; code: string | null } {
  const code = parseDocument(answer)
  const json = /```json\s*([\s\S]*?)```/i.exec(answer)?.[1] ?? (code ? null : (/\{[\s\S]*"patches"[\s\S]*\}/.exec(answer)?.[0] ?? null))
  if (!json) return { patches: null, code }
  try {
    const answered = PatchesSchema.safeParse(JSON.parse(json))
    if (!answered.success) return { patches: null, code }
    const { patches } = answered.data
    const valid = patches.filter(isDiffOperation)
    return { patches: valid.length === patches.length && valid.length > 0 ? valid : null, code }
  } catch {
    return { patches: null, code }
  }
}

/**
 * Issue 30.4: a step aimed at the element picked in the preview. The model is shown that
 * element and the start tags around it, not the whole document, and answers patches
 * inside it (or the whole element).
 */
export function targetedStepMessage({
  prompt,
  step,
  index,
  total,
  element,
  ancestors,
}: {
  prompt: string
  step: string
  index: number
  total: number
  element: string
  ancestors: string[]
}) {
  return [
    `Request: ${prompt}`,
    `Step ${index + 1} of ${total}: ${step}`,
    'The user selected one element of the page: the request is about it. Change only inside it; the rest of the page stays as it is.',
    ancestors.length ? `It sits inside: ${ancestors.join(' › ')}` : 'It sits at the top of the document.',
    `The selected element:\n\`\`\`html\n${element}\n\`\`\``,
    'Answer with patches whose targets are exact text from the selected element (each occurring exactly once in it), or with the complete updated element in one ```html fenced block.',
  ].join('\n\n')
}

export const ELEMENT_RETRY = 'Your patches did not apply to the selected element. Answer with the complete updated element in one ```html fenced block instead.'

/** The element of an answer aimed at one: its first ```html block, when it is that element (same tag). */
export function parseElement(answer: string, tag: string): string | null {
  const body = /```html\s*([\s\S]*?)```/i.exec(answer)?.[1]?.trim()
  return body && new RegExp(`^<${tag}[\\s>/]`, 'i').test(body) ? body : null
}
