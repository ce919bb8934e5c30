import { z } from 'zod'
import { jsonValue, text } from '~/lib/text'
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, MAX_COLLECTION_LENGTH, MAX_KEY_LENGTH } from './constants'

/** The shapes a data call may send (issue 39); the limits and errors are in constants.ts. */
/**
 * Where data lives: `live` is the Piece everyone sees, `test` the owner's editor preview (so
 * their experiments never show on the public page), `check:{run}` one run of a behaviour check.
 */
export const DataSpaceSchema = z.union([
  z.literal('live'),
  z.literal('test'),
  z.custom<`check:${string}`>((value) => typeof value === 'string' && /^check:[a-z0-9-]{1,40}$/.test(value)),
])
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

/** The app page's request for its frame's token. */
export const DataTokenBody = z.strictObject({ space: z.enum(['live', 'test']).default('live') })
