import { createHash } from 'node:crypto'
import { DomainError } from '~/lib/errors'
import { IMAGE_UPLOADS_PER_DAY } from '~/lib/constants'
import { sql } from '~/lib/db.server'
import type { ImageMime, ProcessedImage } from './images.server'

export type StoredImage = { hash: string; mime: ImageMime; bytes: Buffer; width: number; height: number }

const EXTENSIONS: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' }
const IMAGE_PATH = /^\/images\/([0-9a-f]{64})\.(jpg|png|webp|gif)$/

/** Where an image is served: content-addressed, so the address never changes meaning. */
export const imageUrl = (hash: string, mime: ImageMime) => `/images/${hash}.${EXTENSIONS[mime]}`

export function parseImageUrl(url: string): { hash: string; extension: string } | null {
  const match = IMAGE_PATH.exec(url)
  return match ? { hash: match[1]!, extension: match[2]! } : null
}

export const extensionOf = (mime: ImageMime) => EXTENSIONS[mime]

export const IMAGE_QUOTA_MESSAGE = `You have uploaded ${IMAGE_UPLOADS_PER_DAY} images today. Please try again tomorrow.`

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
    await tx`
      insert into images (hash, mime, bytes, width, height)
      values (${hash}, ${image.mime}, ${image.bytes}, ${image.width}, ${image.height})
      on conflict (hash) do update set created_at = now()`
    await tx`insert into image_uploads (user_id, hash) values (${userId}, ${hash})`
  })
  return imageUrl(hash, image.mime)
}

/** Stores bytes the product made itself (a screenshot): once per content, outside any user's upload quota. */
export async function storeGeneratedImage(image: ProcessedImage): Promise<string> {
  const hash = createHash('sha256').update(image.bytes).digest('hex')
  await sql`
    insert into images (hash, mime, bytes, width, height)
    values (${hash}, ${image.mime}, ${image.bytes}, ${image.width}, ${image.height})
    on conflict (hash) do update set created_at = now()`
  return imageUrl(hash, image.mime)
}

/**
 * Deletes images that no Piece's icon or screenshot points at, once they are a day old (an
 * upload is saved into its Piece right away), and upload records past the quota's window.
 */
export async function collectUnusedImages() {
  const images = await sql`
    delete from images i
    where i.created_at < now() - interval '1 day'
      and not exists (
        select 1 from pieces p
        where p.icon like '/images/' || i.hash || '.%' or p.screenshot like '%/images/' || i.hash || '.%'
          or p.screenshot_thumbnail like '%/images/' || i.hash || '.%')`
  const uploads = await sql`delete from image_uploads where created_at < now() - interval '2 days'`
  return { images: images.count, uploadRecords: uploads.count }
}

export async function loadImage(hash: string): Promise<StoredImage | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null
  const [row] = await sql<StoredImage[]>`select hash, mime, bytes, width, height from images where hash = ${hash}`
  return row ?? null
}

/** Is this one of our image addresses, with its bytes stored? */
export async function isStoredImageUrl(url: string): Promise<boolean> {
  const parsed = parseImageUrl(url)
  if (!parsed) return false
  const [row] = await sql<{ mime: ImageMime }[]>`select mime from images where hash = ${parsed.hash}`
  return Boolean(row) && EXTENSIONS[row!.mime] === parsed.extension
}
