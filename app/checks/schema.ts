import { z } from 'zod'
import type { FormWords } from '~/lib/form-reply'
import { elementWords } from '~/lib/element-words'
import { lines, text } from '~/lib/text'
import type { CheckResult } from '~/pieces/draft-schema'

/**
 * Issue 31: a behaviour check, as the recorder writes it, the API takes it, the worker's
 * browser runs it and the pages put it in words. A plain module (client and server).
 *
 * Steps find elements the way a person names them — role and accessible name, label,
 * placeholder, text — and by an element id only as a last resort; never by position, so a
 * check survives a follow-up that changes the layout.
 */

export const CHECK_NAME_MAX = 80
export const CHECK_VALUE_MAX = 500
export const CHECK_STEPS_MAX = 30
/** A Piece keeps at most this many checks: each runs on every version. */
export const CHECKS_PER_PIECE_MAX = 10

/** The ARIA roles a step may name (what Playwright's getByRole takes that a Piece's controls have). */
export const CHECK_ROLES = [
  'button',
  'link',
  'checkbox',
  'radio',
  'textbox',
  'searchbox',
  'spinbutton',
  'slider',
  'switch',
  'combobox',
  'listbox',
  'option',
  'tab',
  'menuitem',
  'heading',
  'list',
  'listitem',
  'status',
  'alert',
  'img',
  'progressbar',
  'meter',
  'timer',
  'cell',
  'row',
  'table',
  'region',
  'dialog',
] as const
export type CheckRole = (typeof CHECK_ROLES)[number]

const short = (max = CHECK_VALUE_MAX) => text().min(1).max(max)

/** How a step finds its element. `name` with a role is the accessible name, matched exactly. */
export const LocatorSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('role'), role: z.enum(CHECK_ROLES), name: text().max(CHECK_VALUE_MAX).optional() }),
  z.object({ by: z.literal('label'), label: short() }),
  z.object({ by: z.literal('placeholder'), placeholder: short() }),
  z.object({ by: z.literal('text'), text: short() }),
  z.object({ by: z.literal('id'), id: text().regex(/^[A-Za-z][\w-]{0,99}$/, 'An element id is a letter followed by letters, digits, - or _.') }),
])
export type Locator = z.infer<typeof LocatorSchema>

/** The keys a step may press (what a person presses in a small app). */
export const CHECK_KEYS = ['Enter', 'Escape', 'Tab', 'Space', 'Backspace', 'Delete', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'] as const

export const CheckStepSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('click'), target: LocatorSchema }),
  z.object({ action: z.literal('fill'), target: LocatorSchema, value: lines().max(CHECK_VALUE_MAX) }),
  z.object({ action: z.literal('select'), target: LocatorSchema, value: short() }),
  z.object({ action: z.literal('press'), target: LocatorSchema.optional(), key: z.enum(CHECK_KEYS) }),
  /** What must be true: the element reads `text` (its whole text, spaces collapsed). */
  z.object({ action: z.literal('expect-text'), target: LocatorSchema, text: text().max(CHECK_VALUE_MAX) }),
  /** A field holds `value`. */
  z.object({ action: z.literal('expect-value'), target: LocatorSchema, value: lines().max(CHECK_VALUE_MAX) }),
  /** This many elements match (the list has 3 items). */
  z.object({ action: z.literal('expect-count'), target: LocatorSchema, count: z.number().int().min(0).max(1000) }),
  /** The page shows this text somewhere (for what has no name of its own). */
  z.object({ action: z.literal('expect-shown'), text: short() }),
  /**
   * Issue 39.6: the steps after it act as another visitor of the same data (a page of their
   * own, loaded again): 2 a second anonymous visitor, 1 the first one back.
   */
  z.object({ action: z.literal('switch-visitor'), visitor: z.union([z.literal(1), z.literal(2)]) }),
])
export type CheckStep = z.infer<typeof CheckStepSchema>
export type CheckVisitor = Extract<CheckStep, { action: 'switch-visitor' }>['visitor']

export const isExpectation = (step: CheckStep) => step.action.startsWith('expect-')

/** Who acts at each step: the first visitor until a switch (issue 39.6). */
export function visitorsOf(steps: CheckStep[]): CheckVisitor[] {
  let visitor: CheckVisitor = 1
  return steps.map((step) => (step.action === 'switch-visitor' ? (visitor = step.visitor) : visitor))
}

/** Each switch is to the other visitor (a switch to the one acting would say nothing). */
function switchesAlternate(steps: CheckStep[]) {
  const visitors = visitorsOf(steps)
  return steps.every((step, index) => step.action !== 'switch-visitor' || step.visitor !== (visitors[index - 1] ?? 1))
}

export const CheckStepsSchema = z
  .array(CheckStepSchema)
  .min(1, 'A check needs at least one step.')
  .max(CHECK_STEPS_MAX, `A check has at most ${CHECK_STEPS_MAX} steps.`)
  .refine((steps) => steps.some(isExpectation), 'A check needs at least one thing that must be true.')
  .refine(switchesAlternate, 'Each switch of visitor is to the other one: remove the switch that repeats.')

export const CheckNameSchema = text({ error: 'Give the check a name.' })
  .trim()
  .min(1, 'Give the check a name.')
  .max(CHECK_NAME_MAX, `A check's name has at most ${CHECK_NAME_MAX} characters.`)

/** POST /api/private/pieces/{id}/checks */
export const CreateCheckBody = z.strictObject({ name: CheckNameSchema, steps: CheckStepsSchema })
/** PATCH /api/private/pieces/{id}/checks?checkId= */
export const RenameCheckBody = z.strictObject({ name: CheckNameSchema })
const checkIdField = z.coerce
  .number({ error: 'checkId must be a positive whole number.' })
  .int('checkId must be a positive whole number.')
  .positive('checkId must be a positive whole number.')
  .max(2 ** 53 - 1)
export const CheckIdQuery = z.object({ checkId: checkIdField })
/** POST ?run[&checkId=]: run now instead of creating. */
export const RunChecksQuery = z.object({ run: text().max(10).optional(), checkId: checkIdField.optional() })

export { CHECK_STATUSES, CheckResultSchema, type CheckResult, type CheckStatus } from '~/pieces/draft-schema'

export const CheckWords = {
  record: 'Record a check',
  menu: 'Checks',
  none: 'No checks yet. Use “Record a check” beside the preview to make one.',
  needsJavaScript: 'Recording a check needs JavaScript.',
  runNow: 'Run now',
  rename: 'Rename',
  delete: 'Delete',
  deleted: 'Check deleted',
  saved: 'Check saved',
  tooMany: `A Piece has at most ${CHECKS_PER_PIECE_MAX} checks. Delete one to record another.`,
  notFound: 'Check not found',
  neverRun: 'Not run yet',
  /** The Checks section of the Piece menu (issue 31.4). */
  renamed: 'Check renamed',
  runAll: 'Run all',
  running: 'Running…',
  /** Without JavaScript nothing can wait for the result. */
  runStarted: 'Running. Reload the page in a few seconds to see the result.',
  runSlow: 'Still running: the result will show here when it is ready.',
  onEarlierVersion: 'on an earlier version',
  recordHint: 'Use “Record a check” beside the preview to add one.',
  nameLabel: 'Check name',
  save: 'Save',
  renameFailed: 'Failed to rename check',
  deleteFailed: 'Failed to delete check',
  runFailed: 'Failed to run checks',
  failedAt: (name: string) => `The page when “${name}” failed`,
  /** Issue 39.6: a check that acts as two visitors of the same data. */
  visitors: {
    switchTo: { 1: 'Switch to the first visitor', 2: 'Switch to a second visitor' },
    now: { 1: 'Now as the first visitor again', 2: 'Now as a second visitor' },
    /** Before what went wrong, in a check that has both: "As the second visitor, expected …". */
    as: { 1: 'As the first visitor', 2: 'As the second visitor' },
    /** In a proposed name: "…, then for a second visitor the page shows ‘Hello’". */
    forThe: { 1: 'for the first visitor', 2: 'for a second visitor' },
    /** Said while recording as the second visitor. */
    acting: 'You are the second visitor now: the Piece shows what a second visitor would see of the same data.',
  },
  /** The recorder beside the preview (issue 31.1). */
  recording: {
    unavailable: 'Recording and visual editing open once there is a page and no build is running',
    loading: 'Getting the preview ready…',
    using: 'Use the Piece as you normally would: each click, typed value and key is a step. Then pick what must be true.',
    picking: 'Click what must be true in the preview: a count, a message, a field.',
    pickingKeys: 'Tab moves through the elements, Enter picks one, Escape goes back to using the Piece.',
    pick: 'Pick what must be true',
    backToUsing: 'Back to using the Piece',
    /** Issue 37.9: a pick adds what must be true at once; the other things it could check are offered in its place. */
    instead: 'Or check instead:',
    nothingToCheck: 'Nothing to check there: pick something that shows text, or a field.',
    noSteps: 'No steps yet.',
    steps: 'Steps',
    removeStep: (number: number) => `Remove step ${number}`,
    name: 'Name',
    needsExpectation: 'Pick at least one thing that must be true, then save.',
    save: 'Save check',
    startOver: 'Start over',
    cancel: 'Cancel',
    saveFailed: 'The check could not be saved. Try again.',
    skipped: {
      unlocatable: 'That was not recorded: the element has no name, label or text to find it by.',
      long: `Text longer than ${CHECK_VALUE_MAX} characters cannot be recorded.`,
      full: `A check has at most ${CHECK_STEPS_MAX} steps.`,
    },
  },
} as const

const clip = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value)
/** A check's name, or a step's value said on its own: “…”. */
const quote = (value: string) => `“${clip(value)}”`
/**
 * What a step types, chooses or expects, inside its words: ‘…’, as the elements are named, so a
 * check's name (made of steps' words) can stand in “…” without nesting the same quotes.
 */
const inner = (value: string) => `‘${clip(value)}’`

/** A locator as a person would say it (the ‘+’ button, the ‘Name’ field, the count): the elements' one naming. */
export function locatorWords(locator: Locator): string {
  switch (locator.by) {
    case 'role':
      return elementWords({ role: locator.role, name: locator.name })
    case 'label':
      return elementWords({ label: locator.label })
    case 'placeholder':
      return elementWords({ placeholder: locator.placeholder })
    case 'text':
      return elementWords({ text: locator.text })
    case 'id':
      return elementWords({ id: locator.id })
  }
}

const ROLE_WORDS: Partial<Record<CheckRole, string>> = {
  textbox: 'field',
  searchbox: 'search field',
  spinbutton: 'number field',
  combobox: 'list box',
  listitem: 'list item',
  img: 'image',
  progressbar: 'progress bar',
  menuitem: 'menu item',
}
const roleWord = (role: CheckRole) => ROLE_WORDS[role] ?? role

/** "3 list items", "1 ‘Done’ button", "2 elements matching the text ‘Done’". */
export function countWords(locator: Locator, count: number): string {
  const many = count === 1 ? '' : 's'
  if (locator.by !== 'role') return `${count} element${many} matching ${locatorWords(locator)}`
  return `${count} ${locator.name ? `${inner(locator.name)} ` : ''}${roleWord(locator.role)}${many}`
}

const KEY_WORDS: Record<(typeof CHECK_KEYS)[number], string> = {
  Enter: 'Enter',
  Escape: 'Escape',
  Tab: 'Tab',
  Space: 'Space',
  Backspace: 'Backspace',
  Delete: 'Delete',
  ArrowUp: 'the up arrow',
  ArrowDown: 'the down arrow',
  ArrowLeft: 'the left arrow',
  ArrowRight: 'the right arrow',
  Home: 'Home',
  End: 'End',
}

/** A step in words, as the recorder proposes it and the Checks list shows it. */
export function stepWords(step: CheckStep): string {
  switch (step.action) {
    case 'click':
      return `Click ${locatorWords(step.target)}`
    case 'fill':
      return step.value ? `Type ${inner(step.value)} into ${locatorWords(step.target)}` : `Clear ${locatorWords(step.target)}`
    case 'select':
      return `Choose ${inner(step.value)} in ${locatorWords(step.target)}`
    case 'press':
      return step.target ? `Press ${KEY_WORDS[step.key]} in ${locatorWords(step.target)}` : `Press ${KEY_WORDS[step.key]}`
    case 'expect-text':
      return `Check that ${locatorWords(step.target)} reads ${inner(step.text)}`
    case 'expect-value':
      return `Check that ${locatorWords(step.target)} holds ${inner(step.value)}`
    case 'expect-count':
      return `Check that there ${step.count === 1 ? 'is' : 'are'} ${countWords(step.target, step.count)}`
    case 'expect-shown':
      return `Check that the page shows ${inner(step.text)}`
    case 'switch-visitor':
      return CheckWords.visitors.now[step.visitor]
  }
}

/** A result in words: "Passes", "Failed at step 2: …", "Flaky: failed once, then passed". */
export function resultWords(result: Pick<CheckResult, 'status' | 'step' | 'message'>): string {
  switch (result.status) {
    case 'pass':
      return 'Passes'
    case 'flaky':
      return 'Flaky: failed once, then passed in a fresh page (nothing was repaired)'
    case 'error':
      return `Could not be run${result.message ? `: ${result.message}` : ''}`
    case 'fail':
      return `Fails at step ${(result.step ?? 0) + 1}${result.message ? `: ${result.message}` : ''}`
  }
}

/** "3 of 3 checks pass" (flaky ones pass: they passed when run again; one not run is neither, and said apart). */
export function summaryWords(results: Pick<CheckResult, 'status'>[]): string {
  const ran = results.filter((result) => result.status !== 'error')
  const passing = ran.filter((result) => result.status === 'pass' || result.status === 'flaky').length
  const notRun = results.length - ran.length
  // "1 of 1 checks pass", as the issue words it: the count of the whole, then how many pass.
  const summary = `${passing} of ${ran.length} checks pass`
  return notRun ? `${summary}; ${notRun} could not be run` : summary
}

/** A failing check as a problem of its version: a repair's reason, a refund's receipt. */
export const failureWords = (check: { name: string; message: string | null }) =>
  `The check ${quote(check.name)} fails${check.message ? `: ${check.message}` : ''}`

/** The checks a version fails that passed on the accepted version: what its Accept warns of. */
export const brokenChecks = (checks: Pick<CheckResult, 'name' | 'status' | 'wasPassing'>[] | undefined) =>
  (checks ?? []).filter((check) => check.status === 'fail' && check.wasPassing).map((check) => check.name)

/** What Accept says when this version fails checks that passed on the accepted version. */
export const breaksWords = (names: string[]) => {
  const before = names.slice(0, -1)
  const last = quote(names.at(-1) ?? '')
  return before.length ? `This version breaks ${before.map(quote).join(', ')} and ${last}` : `This version breaks ${last}`
}

/** The name the recorder proposes: what the last expectation says, shortened. */
export function proposedName(steps: CheckStep[]): string {
  const actions = steps.filter((step) => !isExpectation(step) && step.action !== 'switch-visitor')
  const lastAt = steps.findLastIndex(isExpectation)
  const last = steps[lastAt]
  const doing = actions[0] ? stepWords(actions[0]).replace(/^\w/, (letter) => letter.toLowerCase()) : 'the page loads'
  const outcome = last ? stepWords(last).replace(/^Check that /, '') : ''
  // A check that switched visitors says for whom the last thing must be true.
  const visitor = steps.some((step) => step.action === 'switch-visitor') ? visitorsOf(steps)[lastAt] : undefined
  const forWhom = visitor ? `${CheckWords.visitors.forThe[visitor]} ` : ''
  const name = outcome ? `${doing}, then ${forWhom}${outcome}` : doing
  return name.length > CHECK_NAME_MAX ? `${name.slice(0, CHECK_NAME_MAX - 1)}…` : name
}

/** A stored check: what the worker runs. */
export type PieceCheck = { id: number; name: string; steps: CheckStep[] }

/** A check as the menu and the API show it: its steps in words and how it last ended (on the version shown when it ran there). */
export type ListedCheck = PieceCheck & {
  words: string[]
  createdAt: string
  lastResult: (Omit<CheckResult, 'checkId' | 'name'> & { ranAt: string; onVersion: 'shown' | 'other' }) | null
}

/** A last result in words, saying when it is not of the version shown. */
export const lastResultWords = (result: ListedCheck['lastResult']) =>
  result ? `${resultWords(result)}${result.onVersion === 'other' ? ` (${CheckWords.onEarlierVersion})` : ''}` : CheckWords.neverRun

/** Where the Checks section of the Piece menu posts, with and without JavaScript. */
export const CHECKS_RESOURCE = '/resources/checks'

const formId = (what: string) => {
  const message = `${what} must be a positive whole number.`
  return z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message)
}
/** Which Piece, and the page the form was on (only ever read through safeRedirect, so a bad one is dropped). */
const checkTarget = { pieceId: formId('pieceId'), returnTo: text().optional().catch(undefined) }

/** The Checks section's forms, told apart by `intent`; `run` without a checkId runs them all. */
export const CheckFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename'), ...checkTarget, checkId: formId('checkId'), name: CheckNameSchema }),
  z.object({ intent: z.literal('delete'), ...checkTarget, checkId: formId('checkId') }),
  z.object({ intent: z.literal('run'), ...checkTarget, checkId: formId('checkId').optional() }),
])
export type CheckForm = z.infer<typeof CheckFormSchema>
export type CheckIntent = CheckForm['intent']

const CHECK_FORM_FAILURES: Partial<Record<string, string>> = {
  rename: CheckWords.renameFailed,
  delete: CheckWords.deleteFailed,
  run: CheckWords.runFailed,
} satisfies Record<CheckIntent, string>

/** A refused rename says why under the name; any other refusal is its failure toast with the reason. */
export const CHECK_FORM_WORDS: FormWords = {
  failure: (sent) => (sent.intent === undefined ? undefined : CHECK_FORM_FAILURES[sent.intent]) ?? CheckWords.runFailed,
  inPlace: (sent) => (sent.intent === 'rename' ? 'name' : undefined),
}
