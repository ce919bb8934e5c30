/**
 * Issue 39: a Piece's own data, per visitor ("mine") and shared by every visitor ("shared"),
 * served only on the Piece's preview origin (docs/decisions/0053). The limits a Piece's code
 * meets are here, free of zod, since the client in the Piece's frame is built from them; the
 * per-Piece quota and the write rate are settings (app/lib/env.server.ts).
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
/**
 * Where a Piece's `pieces.data` asks for its token when nothing frames it: a behaviour check
 * (issue 39.4) answers it in the worker's browser; on a preview origin it is refused like
 * any call without a token.
 */
export const FRAME_TOKEN_PATH = 'frame-token'
/** Who a behaviour check writes as: its first visitor, and a second one when it switches (issue 39.6). */
export const checkVisitorName = (visitor: 1 | 2) => `visitor ${visitor}`
/** How long a token the app signs for a frame lasts; the frame asks for a fresh one before. */
export const DATA_TOKEN_SECONDS = 15 * 60

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
  /** The page was away so long that changes it missed are no longer kept: it reads the collection again. */
  | { type: 'reset'; collection: string }

/** "12 KB", "3.4 MB": a size as people read it. */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  const megabytes = bytes / (1024 * 1024)
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`
}
