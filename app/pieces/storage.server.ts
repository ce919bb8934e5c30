import { createHash } from 'node:crypto'
import { DomainError } from '~/lib/errors'
import { IMAGE_UPLOADS_PER_DAY } from '~/lib/constants'
import { sql, type Db } from '~/lib/db.server'
import { getObjectStore } from '~/lib/object-store.server'
import type { ImageMime, ProcessedImage } from './images.server'

/** What the database knows of an image; its bytes are in the object store (or, for rows stored before it, here). */
export type StoredImage = { hash: string; mime: ImageMime; width: number; height: number; legacyBytes: Buffer | null }

const EXTENSIONS: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' }
const IMAGE_PATH = /^\/images\/([0-9a-f]{64})\.(jpg|png|webp|gif)$/

/** Where an image is served: content-addressed, so the address never changes meaning. */
export const imageUrl = (hash: string, mime: ImageMime) => `/images/${hash}.${EXTENSIONS[mime]}`

export function parseImageUrl(url: string): { hash: string; extension: string } | null {
  const [, hash, extension] = IMAGE_PATH.exec(url) ?? []
  return hash === undefined || extension === undefined ? null : { hash, extension }
}

export const extensionOf = (mime: ImageMime) => EXTENSIONS[mime]

export const IMAGE_QUOTA_MESSAGE = `You have uploaded ${IMAGE_UPLOADS_PER_DAY} images today. Please try again tomorrow.`

/** An image's name in the object store: its content address, as in its URL. */
export const objectKey = (hash: string, mime: ImageMime) => `${hash}.${EXTENSIONS[mime]}`

/** How long an image no Piece points at is kept: an upload is saved into its Piece right away. */
export const IMAGE_GRACE_HOURS = 24
/** Upload records count towards the daily quota; kept a day past its window. */
const UPLOAD_RECORD_HOURS = 48
/** Images removed per transaction (and per object-store call). */
const COLLECT_BATCH = 500

/**
 * Records the image and writes its bytes to the store, on the caller's transaction: the row
 * (locked by the upsert) is committed only once the bytes are stored, and a collector run
 * that is removing the same content waits for it, or is waited for (decision 0031).
 */
async function saveImage(tx: Db, hash: string, image: ProcessedImage) {
  await tx`
    insert into images (hash, mime, width, height)
    values (${hash}, ${image.mime}, ${image.width}, ${image.height})
    on conflict (hash) do update set created_at = now(), bytes = null`
  await getObjectStore().put(objectKey(hash, image.mime), image.bytes, image.mime)
}

/**
 * Stores processed bytes once per content, for a user within their daily upload quota
 * (decided one upload at a time under their row lock), and answers the address. A repeat
 * upload counts as new, so the collector leaves it alone until its Piece points at it.
 */
export async function storeImage(userId: number, image: ProcessedImage): Promise<string> {
  const hash = createHash('sha256').update(image.bytes).digest('hex')
  await sql.begin(async (tx) => {
    await tx`select 1 from users where id = ${userId} for update`
    const [today] = await tx<{ count: number }[]>`
      select count(*)::int as count from image_uploads where user_id = ${userId} and created_at > now() - interval '1 day'`
    if ((today?.count ?? 0) >= IMAGE_UPLOADS_PER_DAY) throw new DomainError('limit-reached', IMAGE_QUOTA_MESSAGE)
    await saveImage(tx, hash, image)
    await tx`insert into image_uploads (user_id, hash) values (${userId}, ${hash})`
  })
  return imageUrl(hash, image.mime)
}

/** Stores bytes the product made itself (a screenshot): once per content, outside any user's upload quota. */
export async function storeGeneratedImage(image: ProcessedImage): Promise<string> {
  const hash = createHash('sha256').update(image.bytes).digest('hex')
  await sql.begin((tx) => saveImage(tx, hash, image))
  return imageUrl(hash, image.mime)
}

/**
 * The image collector (jobs/image-gc.ts). Removes, from the table and the store, images past
 * their grace period that nothing points at: no Piece's icon, screenshot or thumbnail, and no
 * image address inside a Piece's draft (chat attachments are data URLs there, spec 2 §3, and
 * users have no pictures, so that is every reference there is). Then objects the table does
 * not know (a write whose transaction failed) once they are as old, and upload records past
 * the quota's window. Each batch holds the images table against writers, so an image stored
 * again meanwhile is either kept or written after its removal.
 */
export async function collectUnusedImages() {
  const store = getObjectStore()
  let images = 0
  let removed: number
  do {
    removed = await sql.begin(async (tx) => {
      await tx`lock table images in share row exclusive mode`
      const rows = await tx<{ hash: string; mime: ImageMime }[]>`
        with referenced as (
          select substring(address from '/images/([0-9a-f]{64})\.') as hash
          from pieces, unnest(array[icon, screenshot, screenshot_thumbnail]) as address
          where address <> ''
          union
          select found[1] from pieces, regexp_matches(draft::text, '/images/([0-9a-f]{64})\.', 'g') as found
          where draft::text like '%/images/%'
        )
        delete from images where hash in (
          select i.hash from images i
          where i.created_at < now() - make_interval(hours => ${IMAGE_GRACE_HOURS})
            and not exists (select 1 from referenced r where r.hash = i.hash)
          limit ${COLLECT_BATCH})
        returning hash, mime`
      await store.delete(rows.map((row) => objectKey(row.hash, row.mime)))
      return rows.length
    })
    images += removed
  } while (removed === COLLECT_BATCH)

  const cutoff = Date.now() - IMAGE_GRACE_HOURS * 3_600_000
  const old: string[] = []
  for await (const object of store.list()) if (object.modifiedAt.getTime() < cutoff) old.push(object.key)
  let strayObjects = 0
  for (let start = 0; start < old.length; start += COLLECT_BATCH) {
    const keys = old.slice(start, start + COLLECT_BATCH)
    strayObjects += await sql.begin(async (tx) => {
      await tx`lock table images in share row exclusive mode`
      const known = await tx<{ hash: string }[]>`select hash from images where hash in ${tx(keys.map((key) => key.slice(0, 64)))}`
      const knownHashes = new Set(known.map((row) => row.hash))
      const stray = keys.filter((key) => !knownHashes.has(key.slice(0, 64)))
      await store.delete(stray)
      return stray.length
    })
  }

  const uploads = await sql`delete from image_uploads where created_at < now() - make_interval(hours => ${UPLOAD_RECORD_HOURS})`
  return { images, strayObjects, uploadRecords: uploads.count }
}

/** The image's record, or null for an address we never stored. */
export async function loadImage(hash: string): Promise<StoredImage | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null
  const [row] = await sql<StoredImage[]>`
    select hash, mime, width, height, bytes as "legacyBytes" from images where hash = ${hash}`
  return row ?? null
}

/** The image's bytes and their length, or null when the store has lost them. */
export async function openImage(image: StoredImage): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
  if (image.legacyBytes) return { body: new Blob([new Uint8Array(image.legacyBytes)]).stream(), size: image.legacyBytes.length }
  return getObjectStore().get(objectKey(image.hash, image.mime))
}

/** Is this one of our image addresses, with its bytes stored? */
export async function isStoredImageUrl(url: string): Promise<boolean> {
  const parsed = parseImageUrl(url)
  if (!parsed) return false
  const [row] = await sql<{ mime: ImageMime }[]>`select mime from images where hash = ${parsed.hash}`
  return row !== undefined && EXTENSIONS[row.mime] === parsed.extension
}
