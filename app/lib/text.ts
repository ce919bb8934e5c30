import { z } from 'zod'

/**
 * The one rule for text that people and clients send (issue 26): no control characters.
 * NUL cannot even be stored (PostgreSQL refuses it in text and jsonb), and the others (a
 * bell, an escape, DEL, the C1 range) are never typed by a person and only do harm where
 * the text is shown again. Multi-line text keeps its tab, line feed and carriage return
 * (browsers post line breaks as CRLF). Every schema of user input builds its strings with
 * `text` or `lines` (a unit test holds every schema to it), so a client is refused with a
 * 400 and this message, and a form shows it under the field.
 */
/** What every form and API takes as an email address: something@somewhere.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const CONTROL_CHARACTERS_MESSAGE = 'Text cannot contain control characters.'

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
// eslint-disable-next-line no-control-regex -- the same, with tab and line breaks too
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F]/

/**
 * Whether a line of text is clean. Whitespace at either end is left to the schema's own
 * trim (a trailing newline after an email is not a reason to refuse it).
 */
export const isCleanLine = (value: string) => !CONTROL_OR_BREAK.test(value.trim())
export const isCleanLines = (value: string) => !CONTROL.test(value)

/** Any JSON a client sends as data (a draft, an action's input): every key and string clean as multi-line text. */
export function isCleanJson(value: unknown): boolean {
  if (typeof value === 'string') return isCleanLines(value)
  if (Array.isArray(value)) return value.every(isCleanJson)
  if (typeof value === 'object' && value !== null) return Object.entries(value).every(([key, item]) => isCleanLines(key) && isCleanJson(item))
  return true
}

type StringParams = Parameters<typeof z.string>[0]

/** A single line: names, emails, queries, addresses, identifiers. */
export const text = (params?: StringParams) => z.string(params).refine(isCleanLine, { message: CONTROL_CHARACTERS_MESSAGE, abort: true })

/** Multi-line text: messages, descriptions, feedback, code. */
export const lines = (params?: StringParams) => z.string(params).refine(isCleanLines, { message: CONTROL_CHARACTERS_MESSAGE, abort: true })

/** A JSON object sent as data: its keys and every string inside it follow `lines`. */
export const jsonObject = (params?: Parameters<typeof z.record>[2]) =>
  z.record(text(), z.unknown(), params).refine(isCleanJson, { message: CONTROL_CHARACTERS_MESSAGE, abort: true })

/** Any JSON value sent as data, held to the same rule. */
export const jsonValue = () => z.unknown().refine(isCleanJson, { message: CONTROL_CHARACTERS_MESSAGE, abort: true })
