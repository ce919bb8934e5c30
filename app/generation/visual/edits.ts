import { z } from 'zod'
import { lines, text } from '~/lib/text'

/**
 * Issue 30: what a visual edit is, as the editor sends it and the server checks it. The
 * splicing itself (with the HTML parser) is in ./splice.ts, on the server and in the
 * editor's preview only when the mode is on.
 */

/** The stamp each placed element of a served preview carries: the offset of its start tag in the saved text. */
export const STAMP_ATTRIBUTE = 'data-pieces-at'

export const STYLE_PROPERTIES = ['color', 'background-color', 'font-size', 'font-weight', 'text-align', 'margin', 'padding', 'display'] as const
export type StyleProperty = (typeof STYLE_PROPERTIES)[number]

export type VisualChange =
  { kind: 'text'; from: string; to: string } | { kind: 'style'; property: StyleProperty; from: string; to: string } | { kind: 'remove'; from: string }

export type VisualEdit = { version: string; at: number; tag: string; change: VisualChange }

export type RefusalReason = 'changed' | 'unplaced' | 'mismatch' | 'not-text' | 'invalid' | 'inexact'

export const VisualEditMessages: Record<RefusalReason, string> = {
  changed: 'The Piece changed since you picked this element. Pick it again.',
  unplaced: 'This element was made by the Piece’s script or by the browser’s corrections, so it has no place in the code to edit.',
  mismatch: 'The code at this place is not what the page shows (the Piece’s script may have changed it), so it cannot be edited here.',
  'not-text': 'Only an element that holds text alone can have its text changed here.',
  invalid: 'That value cannot be used here.',
  inexact: 'This change could not be made to exactly this element.',
}

/** The editor's own words for visual editing (issue 30). */
export const VisualEditWords = {
  toggle: 'Edit visually',
  notePrefix: 'Edited visually:',
  whileBuilding: 'Wait for the build to finish before editing visually.',
  notNewest: 'Go to the newest version before editing visually.',
  askInstead: 'Ask the assistant instead',
  askPlaceholder: 'Ask about the selected element',
  failed: 'The edit could not be applied.',
} as const

export type SpliceResult = { ok: true; html: string; summary: string } | { ok: false; reason: RefusalReason; message: string }

/** What each property may be set to: a value a person picks in the editor, or '' to take it away. */
const LENGTH = String.raw`(?:0|-?\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%|vh|vw))`
const COLOR = String.raw`(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\(\s*[\d.\s,%]{5,40}\)|hsla?\(\s*[\d.\s,%deg]{5,40}\))`
const VALUES: Record<StyleProperty, RegExp> = {
  color: new RegExp(`^${COLOR}$`),
  'background-color': new RegExp(`^${COLOR}$`),
  'font-size': new RegExp(`^${LENGTH}$`),
  'font-weight': /^(?:normal|bold|lighter|bolder|[1-9]00)$/,
  'text-align': /^(?:left|center|right|justify|start|end)$/,
  margin: new RegExp(`^${LENGTH}(?:\\s+${LENGTH}){0,3}$`),
  padding: new RegExp(`^${LENGTH}(?:\\s+${LENGTH}){0,3}$`),
  display: /^none$/,
}

export const isStyleValue = (property: StyleProperty, value: string) => value === '' || VALUES[property].test(value)

/** An inline style's declarations, split on semicolons outside quotes and brackets. */
export function declarations(style: string): { property: string; value: string }[] {
  const parts: string[] = []
  let depth = 0
  let quote = ''
  let current = ''
  for (const char of style) {
    if (quote) {
      if (char === quote) quote = ''
    } else if (char === '"' || char === "'") quote = char
    else if (char === '(') depth += 1
    else if (char === ')') depth = Math.max(0, depth - 1)
    else if (char === ';' && depth === 0) {
      parts.push(current)
      current = ''
      continue
    }
    current += char
  }
  parts.push(current)
  return parts
    .map((part) => {
      const colon = part.indexOf(':')
      return colon < 0 ? null : { property: part.slice(0, colon).trim().toLowerCase(), value: part.slice(colon + 1).trim() }
    })
    .filter((declaration): declaration is { property: string; value: string } => Boolean(declaration?.property))
}

/** The value an inline style gives a property ('' when none): the last declaration wins, as in CSS. */
export const styleValue = (style: string | null, property: string) =>
  declarations(style ?? '')
    .filter((declaration) => declaration.property === property)
    .at(-1)?.value ?? ''

export type VisualEditBatch = { version: string; at: number; tag: string; changes: VisualChange[] }

const TEXT_MAX = 10_000

// Empty values are real here (no inline style yet, a property taken away); the form kit reads '' as absent, so absent is ''.
const VisualChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), from: lines().max(TEXT_MAX).default(''), to: lines().max(TEXT_MAX).default('') }),
  z.object({ kind: z.literal('style'), property: z.enum(STYLE_PROPERTIES), from: lines().max(500).default(''), to: text().max(100).default('') }),
  z.object({ kind: z.literal('remove'), from: lines().max(1_000_000).default('') }),
])

/** One Apply: the version and place of the element picked, and up to ten changes to it. */
export const VisualEditBatchSchema = z.object({
  version: text().min(1).max(64),
  at: z.number().int().min(0).max(10_000_000),
  tag: text().min(1).max(64),
  changes: z.array(VisualChangeSchema).min(1).max(10),
})

/** A value a form sends as JSON (the editor builds it), checked like every other field. */
function jsonField<Schema extends z.ZodType>(schema: Schema, max: number) {
  return text({ error: VisualEditMessages.invalid })
    .max(max, VisualEditMessages.invalid)
    .transform((value, ctx) => {
      try {
        const parsed: unknown = JSON.parse(value)
        return parsed
      } catch {
        ctx.addIssue({ code: 'custom', message: VisualEditMessages.invalid })
        return z.NEVER
      }
    })
    .pipe(schema)
}

/** The batch as a form field. */
export const VisualEditField = jsonField(VisualEditBatchSchema, 2_000_000)

/** Issue 30.4: a send aimed at the element picked: where it was picked, its tag, and the version of the code. */
export const SendTargetSchema = z.object({
  version: text().min(1).max(64),
  at: z.number().int().min(0).max(10_000_000),
  tag: text().min(1).max(64),
})
export type SendTarget = z.infer<typeof SendTargetSchema>

/** The element's span in the code, and where it sits (stored with the request). */
export type { TargetSpan } from '../stored'

/** The element a send is aimed at, as a form field. */
export const SendTargetField = jsonField(SendTargetSchema, 1_000)
