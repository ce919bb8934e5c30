import { z } from 'zod'
import { jsonValue, text } from '~/lib/text'

/**
 * Issue 39: a Piece's own data, per visitor ("mine") and shared by every visitor ("shared"),
 * served only on the Piece's preview origin (docs/decisions/0052). The limits a Piece's code
 * meets are here; the per-Piece quota and the write rate are settings (app/lib/env.server.ts).
 */
export const DATA_PATH_PREFIX = '/_pieces/data'
/** A value, as JSON text. */
export const MAX_VALUE_BYTES = 64 * 1024
/** A request body: a value and what goes with it. */
export const MAX_BODY_BYTES = MAX_VALUE_BYTES + 1024
export const MAX_KEY_LENGTH = 200
export const MAX_COLLECTION_LENGTH = 100
export const LIST_LIMIT_DEFAULT = 100
export const LIST_LIMIT_MAX = 500
/** How long a token the app signs for a frame lasts; the frame asks for a fresh one before. */
export const DATA_TOKEN_SECONDS = 15 * 60

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

/** The errors a call fails with: a Piece's code tells them apart by `error`. */
export const DATA_ERRORS = {
  quota: { status: 409, message: 'This Piece has no room for more data.' },
  'too-large': { status: 413, message: `A value can be at most ${MAX_VALUE_BYTES / 1024} KB.` },
  'not-yours': { status: 403, message: 'Only the person who wrote this, or the Piece’s owner, can change it.' },
  'rate-limited': { status: 429, message: 'Too many changes in a short time. Wait a moment and try again.' },
  offline: { status: 503, message: 'The data of this Piece cannot be reached right now.' },
  invalid: { status: 400, message: 'That request is not one this Piece’s data understands.' },
  'not-found': { status: 404, message: 'There is no such record.' },
  unauthorized: { status: 401, message: 'This page’s permission to use its data has run out. Reload the page.' },
} as const
export type DataErrorCode = keyof typeof DATA_ERRORS

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

/** Who wrote a record, as the Piece shows it: `@name` or an anonymous name, and whether it was this visitor. */
export type DataWriter = { name: string; you: boolean }
export type SharedRecord = { id: number; collection: string; value: unknown; by: DataWriter; at: string; updatedAt: string }
export type MineEntry = { key: string; value: unknown; updatedAt: string }
export type Counter = { collection: string; name: string; value: number }
/** One change to shared data, as live pages receive it. */
export type DataChange =
  | { type: 'added' | 'changed'; record: SharedRecord }
  | { type: 'removed'; record: Pick<SharedRecord, 'id' | 'collection'> }
  | { type: 'counted'; counter: Counter }
  | { type: 'cleared'; collection: string }
