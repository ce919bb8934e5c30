import type { Env } from './env.server'
import { DomainError } from './errors'
import { logger } from './log.server'

const log = logger('storage')

/**
 * The storage boundary (DESIGN "Parts with two implementations"): image bytes in a local
 * directory, or in an S3-compatible bucket. Keys are content addresses (`{sha256}.{ext}`),
 * so an object is written once and never changes; what an object is (type, size, owner)
 * stays in PostgreSQL. Decision 0031.
 */
export interface ObjectStore {
  /** For the start log: which store, and where. */
  readonly description: string
  /** Writes the object (again, harmlessly: the same key always holds the same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>
  /** Removes the objects; keys that are already gone are no error. */
  delete(keys: string[]): Promise<void>
  /** Every object, with when it was last written. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>
}

export const STORAGE_UNAVAILABLE_MESSAGE = 'Images are unavailable right now. Please try again in a moment.'

/** The store failed (down, unreachable, refusing): a clear refusal, with the cause in the log. */
export function unavailable(operation: string, error: unknown): DomainError {
  log.warn({ err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, `${operation} failed`)
  return new DomainError('unavailable', STORAGE_UNAVAILABLE_MESSAGE)
}

/** A content address: `{sha256}.{ext}`. */
export const OBJECT_KEY = /^[0-9a-f]{64}\.[a-z]+$/

/** For the start log, known without loading the SDK. */
export const s3Description = (env: Env) => `S3-compatible bucket ${env.S3_BUCKET} at ${env.S3_ENDPOINT ?? `AWS ${env.S3_REGION}`}`
