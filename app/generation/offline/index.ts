import { applyPatches, type DiffOperation } from '../patch'
import { colourIn } from './details'
import { editVisuallyHint } from './aim'
import { readEdit } from './edits'
import { kindOf, KINDS, lacking, sharedData } from './kinds'
import { page } from './page'
import { SHARED_ANSWERS } from './shared'

export { OFFLINE_NOTE } from './page'

/**
 * What the offline builder made of a request: the code (unchanged when it answered
 * instead), the patches of an edit, whether the code was written whole, and the answer
 * the chat shows when it could not do what was asked.
 */
export type OfflineResult = { kind: string | null; steps: string[]; code: string; patches: DiffOperation[]; full: boolean; answer?: string }

export const CANNOT = (reason: string) =>
  `Offline mode can't do that yet: ${reason}. It builds ${new Set(KINDS.map((kind) => kind.id)).size} kinds of app and edits them (add, remove or rename a button, field, section or item; colours, fonts, sizes, layout, text, dark mode). Connect a model (OPENAI_API_KEY) for anything else.`
export const ALREADY = (reason: string) => `Nothing changed: ${reason}.`
export const IMAGES_ONLY =
  "Offline mode can't look at images: the offline builder reads words only, so nothing was changed. Describe what to build in words, or connect a model (OPENAI_API_KEY) to build from a picture."
/** Issue 39.6: a kind the offline rules build without shared data, asked to share it. */
export const ONE_PERSON =
  'Built for one person: each visitor keeps their own entries in their own browser. Offline mode shares data only in polls, guestbooks, sign-up sheets, shared lists, high scores and expense splitters; connect a model (OPENAI_API_KEY) for a shared version of this app.'
export const IMAGES_IGNORED = 'Built from your words; offline mode cannot look at the attached images.'

const BUILD_STEPS = ['Read the request', 'Lay out the page', 'Add the behaviour']
const EDIT_STEPS = ['Read the request', 'Update the page']

/** Builds the kind of app a prompt asks for, with its details; null when no kind fits. */
export function buildApp(prompt: string): { kind: string; code: string; shares?: string } | null {
  const kind = kindOf(prompt)
  if (!kind) return null
  const app = kind.build(prompt)
  // A colour anywhere in the first request ("a blue pomodoro timer") becomes the accent.
  return { kind: app.kind, code: page({ ...app, accent: colourIn(prompt) ?? app.accent }), ...(app.shares && { shares: app.shares }) }
}

/**
 * Issue 39.6: what the chat says of a new build's data: what a shared kind keeps and who sees
 * it, or that a kind without shared data was built for one person when sharing was asked.
 */
const keeps = ({ kind, shares }: { kind: string; shares?: string }, request: string) =>
  shares ?? SHARED_ANSWERS[kind] ?? (sharedData(request) ? ONE_PERSON : undefined)

const kindOfCode = (code: string) => /<main id="app" data-kind="([^"]+)"/.exec(code)?.[1] ?? null
/** Naming another kind of app replaces the page, unless it asks to add it to this one (which the rules cannot). */
const wantsNewApp = (request: string) => !/^\s*(?:please\s+)?(?:can you\s+)?(?:add|include|put|insert|embed|also)\b/i.test(request)

const ROOT = /:root \{[\s\S]*?\n {2}\}/

/**
 * "Make the focus 45 minutes", "make it about flags": the same kind of app built again
 * with the new details, keeping the page's colours, font and layout. Details given only
 * in earlier requests are not remembered (the rules read one request at a time).
 */
function rebuildWithDetails(request: string, currentCode: string) {
  const current = KINDS.find((kind) => kind.id === kindOfCode(currentCode))
  if (!current || !/\b(?:make|change|set|use|switch|want)\b/i.test(request) || !/\d|\babout\b|\btopic\b/i.test(request)) return null
  const missing = current.lacks?.(request)
  if (missing) return { answer: missing }
  // What the page says of itself (its title and subtitle) stands for the details of earlier
  // requests: the request's own come first, so they win ("make it 5 questions" keeps the flags).
  const said = [/<h1 id="title">([^<]*)<\/h1>/, /<p id="subtitle" class="subtitle">([^<]*)<\/p>/].map((pattern) => pattern.exec(currentCode)?.[1] ?? '')
  // A game's shared top 10 stays when its details change ("make it fast").
  const board = /<section class="board" aria-labelledby="board-title">/.test(currentCode) ? '. With high scores' : ''
  const app = current.build(`${request}. ${said.join('. ')}${board}`)
  if (app.kind !== current.id) return null
  const style = ROOT.exec(currentCode)?.[0]
  const code = page(app)
  const rebuilt = style ? code.replace(ROOT, () => style) : code
  return rebuilt !== currentCode ? rebuilt : null
}

/**
 * The offline builder: reads the request for the kind of app and its details and composes
 * the app from tested parts; reads a follow-up as edit operations applied as patches; and
 * answers honestly, leaving the page as it was, when it cannot do what was asked.
 */
export function offlineGenerate(prompt: string, currentCode: string, images = 0): OfflineResult {
  const request = prompt.trim()
  const unchanged = (answer: string): OfflineResult => ({
    kind: kindOfCode(currentCode),
    steps: ['Read the request'],
    code: currentCode,
    patches: [],
    full: false,
    answer,
  })
  if (!request) return unchanged(images ? IMAGES_ONLY : CANNOT('the message is empty'))
  // A build's own answer (what it shares) still follows the note about the images.
  const withImages = (result: OfflineResult): OfflineResult =>
    images ? { ...result, answer: result.answer ? `${IMAGES_IGNORED} ${result.answer}` : IMAGES_IGNORED } : result

  if (currentCode.trim()) {
    // An edit of one element it cannot make points to Edit visually for that element.
    const cannot = (reason: string) => {
      const hint = editVisuallyHint(request, currentCode)
      return unchanged(hint ? `${CANNOT(reason)} ${hint}` : CANNOT(reason))
    }
    const edit = readEdit(request, currentCode)
    if (edit && 'answer' in edit) return edit.already ? unchanged(ALREADY(edit.answer)) : cannot(edit.answer)
    if (edit) {
      const outcome = applyPatches(currentCode, edit.ops)
      if (outcome.ok && outcome.code !== currentCode)
        return withImages({ kind: kindOfCode(outcome.code), steps: EDIT_STEPS, code: outcome.code, patches: edit.ops, full: false })
      if (outcome.ok) return unchanged(ALREADY('the page already looks like that'))
      return cannot('the change could not be placed on this page')
    }
    // "Make it about flags" changes this app's details; "make it a quiz" asks for another app.
    const anotherApp = /\b(?:a|an|into|instead|new)\b/i.test(request)
    const redone = anotherApp ? null : rebuildWithDetails(request, currentCode)
    if (redone && typeof redone === 'object') return unchanged(CANNOT(redone.answer))
    if (redone) return withImages({ kind: kindOfCode(redone), steps: BUILD_STEPS, code: redone, patches: [], full: true })
    // Only a request naming an app is read for one the catalogue lacks ("connect it to my Google calendar" is not).
    const missing = wantsNewApp(request) && kindOf(request) ? lacking(request) : undefined
    if (missing) return unchanged(CANNOT(missing))
    const built = wantsNewApp(request) ? buildApp(request) : null
    if (built) return withImages({ kind: built.kind, steps: BUILD_STEPS, code: built.code, patches: [], full: true, answer: keeps(built, request) })
    if (kindOf(request)) return unchanged(CANNOT('it cannot add a second app to this one; ask to “make it a …” to replace the page'))
    return cannot(`it did not understand “${request.length > 80 ? `${request.slice(0, 77)}…` : request}”`)
  }
  const missing = lacking(request)
  if (missing) return unchanged(CANNOT(missing))
  const built = buildApp(request)
  if (built) return withImages({ kind: built.kind, steps: BUILD_STEPS, code: built.code, patches: [], full: true, answer: keeps(built, request) })
  return unchanged(CANNOT(`it does not know how to build “${request.length > 80 ? `${request.slice(0, 77)}…` : request}”`))
}
