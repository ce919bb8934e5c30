import { DeleteObjectsCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { Env } from './env.server'
import { OBJECT_KEY, s3Description, unavailable, type ObjectStore } from './object-store-base.server'

/** Objects live under this prefix, so the bucket may hold other things too. */
const S3_PREFIX = 'images/'
/** Bounds each call well inside the database's idle-in-transaction timeout (app/lib/db.server.ts). */
const S3_TIMEOUTS = { connectionTimeout: 2_000, requestTimeout: 5_000 }
/** DeleteObjects takes at most this many keys a call. */
const S3_DELETE_BATCH = 1_000

/** The S3-compatible bucket of decision 0031, loaded by app/lib/object-store.server.ts when S3_BUCKET is set. */
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
    description: s3Description(env),
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
        const [first] = result.Errors ?? []
        if (first && result.Errors) {
          throw unavailable(`deleting ${result.Errors.length} object(s)`, new Error(`${first.Key}: ${first.Code} ${first.Message ?? ''}`))
        }
      }
    },
    async *list() {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: S3_PREFIX })) {
          for (const object of page.Contents ?? []) {
            const key = object.Key?.slice(S3_PREFIX.length) ?? ''
            if (OBJECT_KEY.test(key) && object.LastModified) yield { key, modifiedAt: object.LastModified }
          }
        }
      } catch (error) {
        throw unavailable('listing', error)
      }
    },
  }
}
