import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { DeleteObjectsCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { getEnv, type Env } from './env.server'
import { DomainError } from './errors'
import { singleton } from './singleton.server'

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
function unavailable(operation: string, error: unknown): DomainError {
  console.warn(`[storage] ${operation} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`)
  return new DomainError('unavailable', STORAGE_UNAVAILABLE_MESSAGE)
}

/** The store `env.storage` names, chosen once per configuration. */
export function getObjectStore(env: Env = getEnv()): ObjectStore {
  const cache = singleton('object-store', () => new WeakMap<Env, ObjectStore>())
  let store = cache.get(env)
  if (!store) {
    store = env.storage === 's3' ? s3Store(env) : localStore(path.resolve(env.DATA_DIR, 'images'))
    cache.set(env, store)
  }
  return store
}

const KEY = /^[0-9a-f]{64}\.[a-z]+$/

/** Objects fan out over 256 directories by the first two hex digits, so none grows huge. */
export function localStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not an object key: ${key}`)
    return path.join(root, key.slice(0, 2), key)
  }
  return {
    description: `local directory ${root}`,
    async put(key, bytes) {
      const file = fileOf(key)
      // Written aside and renamed into place, so a reader never sees half an object.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
      try {
        await mkdir(path.dirname(file), { recursive: true })
        await writeFile(partial, bytes)
        await rename(partial, file)
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {})
        throw unavailable(`writing ${key}`, error)
      }
    },
    async get(key) {
      let handle
      try {
        handle = await open(fileOf(key), 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw unavailable(`reading ${key}`, error)
      }
      const { size } = await handle.stat()
      return { body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, size }
    },
    async delete(keys) {
      try {
        await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })))
      } catch (error) {
        throw unavailable(`deleting ${keys.length} object(s)`, error)
      }
    },
    async *list() {
      const folders = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw unavailable('listing', error)
      })
      for (const folder of folders) {
        for (const key of await readdir(path.join(root, folder)).catch(() => [])) {
          if (!KEY.test(key)) continue
          const info = await stat(path.join(root, folder, key)).catch(() => null)
          if (info) yield { key, modifiedAt: info.mtime }
        }
      }
    },
  }
}

/** Objects live under this prefix, so the bucket may hold other things too. */
const S3_PREFIX = 'images/'
/** Bounds each call well inside the database's idle-in-transaction timeout (app/lib/db.server.ts). */
const S3_TIMEOUTS = { connectionTimeout: 2_000, requestTimeout: 5_000 }
/** DeleteObjects takes at most this many keys a call. */
const S3_DELETE_BATCH = 1_000

export function s3Store(env: Env): ObjectStore {
  const bucket = env.S3_BUCKET!
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'on',
    // Unset: the SDK's usual chain (environment, profile, instance role).
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : undefined,
    // Many S3-compatible services do not know the SDK's newer default checksums; ask for them only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: S3_TIMEOUTS,
  })
  return {
    description: `S3-compatible bucket ${bucket} at ${env.S3_ENDPOINT ?? `AWS ${env.S3_REGION}`}`,
    async put(key, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: S3_PREFIX + key,
            Body: bytes,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        )
      } catch (error) {
        throw unavailable(`writing ${key}`, error)
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: S3_PREFIX + key }))
        if (!object.Body) return null
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 }
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null
        throw unavailable(`reading ${key}`, error)
      }
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += S3_DELETE_BATCH) {
        const batch = keys.slice(start, start + S3_DELETE_BATCH)
        let result
        try {
          result = await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((key) => ({ Key: S3_PREFIX + key })), Quiet: true } }),
          )
        } catch (error) {
          throw unavailable(`deleting ${batch.length} object(s)`, error)
        }
        if (result.Errors?.length) {
          const first = result.Errors[0]!
          throw unavailable(`deleting ${result.Errors.length} object(s)`, new Error(`${first.Key}: ${first.Code} ${first.Message ?? ''}`))
        }
      }
    },
    async *list() {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: S3_PREFIX })) {
          for (const object of page.Contents ?? []) {
            const key = object.Key?.slice(S3_PREFIX.length) ?? ''
            if (KEY.test(key) && object.LastModified) yield { key, modifiedAt: object.LastModified }
          }
        }
      } catch (error) {
        throw unavailable('listing', error)
      }
    },
  }
}
