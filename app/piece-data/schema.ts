import { z } from 'zod'
import type { FormWords } from '~/lib/form-reply'
import { jsonValue, text } from '~/lib/text'
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, MAX_COLLECTION_LENGTH, MAX_KEY_LENGTH } from './constants'

/** The shapes a data call may send (issue 39); the limits and errors are in constants.ts. */
/**
 * Where data lives: `live` is the Piece everyone sees, `test` the owner's editor preview (so
 * their experiments never show on the public page), `check:{run}` one run of a behaviour check.
 */
/** One run of a behaviour check, or one recording of it. */
export const CheckSpaceSchema = z.custom<`check:${string}`>((value) => typeof value === 'string' && /^check:[a-z0-9-]{1,40}$/.test(value))
export const DataSpaceSchema = z.union([z.literal('live'), z.literal('test'), CheckSpaceSchema])
export type DataSpace = z.infer<typeof DataSpaceSchema>

/** What a limit that was reached is called for the owner (the Data section). */
export const LIMIT_NAMES = { quota: 'size', records: 'records', 'rate-limited': 'writes per minute' } as const
export type LimitName = keyof typeof LIMIT_NAMES

export const DataKeySchema = text().min(1).max(MAX_KEY_LENGTH)
export const CollectionSchema = text().min(1).max(MAX_COLLECTION_LENGTH)
export const CounterNameSchema = text().min(1).max(MAX_KEY_LENGTH)
export const RecordIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** Any JSON value, its strings without control characters (PostgreSQL cannot keep NUL); its size is checked on the text. */
export const ValueBody = z.strictObject({ value: jsonValue().refine((value) => value !== undefined) })
export const IncrementBody = z.strictObject({ by: z.number().int().min(-1_000_000).max(1_000_000).default(1) })
export const ListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  order: z.enum(['newest', 'oldest']).default('newest'),
})
export const PrefixQuery = z.strictObject({ prefix: text().max(MAX_KEY_LENGTH).default('') })

/** A behaviour check acts as its first visitor, or as a second one of the same data (issue 39.6). */
export const CheckVisitorSchema = z.union([z.literal(1), z.literal(2)])
export type CheckVisitorNumber = z.infer<typeof CheckVisitorSchema>

/**
 * The app page's request for its frame's token: the public or the test data, or (while the
 * owner records a check) a check's data of its own as one of its two visitors.
 */
export const DataTokenBody = z.union([
  z.strictObject({ space: z.enum(['live', 'test']).default('live') }),
  z.strictObject({ space: CheckSpaceSchema, visitor: CheckVisitorSchema }),
])
export type DataTokenRequest = z.infer<typeof DataTokenBody>

/** The Data page's views: the public Piece's data, or the owner's test data from the editor. */
export const OwnedSpaceSchema = z.enum(['live', 'test'])

const recordIdMessage = 'Choose a record to delete.'

/** The forms of the Data page (issue 39.4): each works as a plain post without JavaScript. */
export const DataFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('delete-record'),
    space: OwnedSpaceSchema,
    recordId: z.coerce.number({ error: recordIdMessage }).int(recordIdMessage).positive(recordIdMessage).max(Number.MAX_SAFE_INTEGER, recordIdMessage),
  }),
  z.object({ intent: z.literal('clear-collection'), space: OwnedSpaceSchema, collection: CollectionSchema }),
  z.object({ intent: z.literal('clear-test') }),
])
export type DataForm = z.infer<typeof DataFormSchema>

export const DATA_PAGE_WORDS = {
  title: 'Data',
  live: 'Public data',
  test: 'Test data',
  liveHint: 'What visitors of the public Piece keep. Everyone who opens the Piece sees the shared records.',
  testHint: 'What you keep while trying the Piece in the editor. It never shows on the public page.',
  empty: 'Nothing kept yet. When the Piece saves something with pieces.data, it shows here.',
  deleteFailed: 'Failed to delete the record',
  clearFailed: 'Failed to clear',
  limitReached: (limit: string, when: string) => `A visitor was refused for the Piece's ${limit} limit ${when}.`,
} as const

/** A refused form says so in its failure toast, with the reason. */
export const DATA_FORM_WORDS: FormWords = {
  failure: (sent) => (sent.intent === 'delete-record' ? DATA_PAGE_WORDS.deleteFailed : DATA_PAGE_WORDS.clearFailed),
}
