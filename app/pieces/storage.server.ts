import { createHash } from 'node:crypto'
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

/** Stores processed bytes once per content and answers their address. */
export async function storeImage(image: ProcessedImage): Promise<string> {
  const hash = createHash('sha256').update(image.bytes).digest('hex')
  await sql`
    insert into images (hash, mime, bytes, width, height)
    values (${hash}, ${image.mime}, ${image.bytes}, ${image.width}, ${image.height})
    on conflict (hash) do nothing`
  return imageUrl(hash, image.mime)
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
