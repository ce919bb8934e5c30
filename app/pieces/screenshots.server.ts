import sharp from 'sharp'
import { sql } from '~/lib/db.server'
import { messageOf } from '~/lib/errors'
import { enqueueJob } from '~/lib/jobs.server'
import { QUEUES } from '~/lib/queues'
import { previewUrl } from './preview.server'
import { storeGeneratedImage } from './storage.server'
import { logger } from '~/lib/log.server'

const log = logger('screenshot')

/** The page a screenshot shows, and the card's thumbnail (issue 12.3). */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const
export const THUMBNAIL_SIZE = { width: 640, height: 400 } as const
/** One render's bound: loading, settling and capturing together. */
export const SCREENSHOT_TIMEOUT_MS = 15_000

/**
 * Asks for a new screenshot of a Piece whose saved code changed. Never in the way of the
 * request that saved it: a queue that cannot be reached is logged, and the next save asks again.
 */
export async function requestScreenshot(pieceId: number): Promise<void> {
  try {
    await enqueueJob(QUEUES.screenshot.name, { pieceId })
  } catch (error) {
    log.warn({ pieceId, err: messageOf(error) }, 'could not queue a screenshot')
  }
}

/** The signed address of the Piece's saved code on the preview origin, or null when it is gone or empty. */
export async function screenshotTarget(pieceId: number): Promise<{ url: string; version: string } | null> {
  const [row] = await sql<{ id: number; updatedAt: Date; code: string }[]>`
    select id::int as id, updated_at as "updatedAt", code from pieces where id = ${pieceId}`
  if (!row || !row.code.trim()) return null
  // The version the preview origin serves, in whole milliseconds as the signed address names it.
  return { url: previewUrl({ id: row.id, updatedAt: row.updatedAt.toISOString() }), version: String(row.updatedAt.getTime()) }
}

/**
 * Stores a capture as WebP (the page and its thumbnail, each once per content) and points the
 * Piece at them, unless its code changed since the capture began (a newer job will follow).
 */
export async function saveScreenshot(pieceId: number, version: string, png: Buffer): Promise<{ screenshot: string; thumbnail: string } | null> {
  const encode = async (size: { width: number; height: number }, quality: number) => {
    const { data, info } = await sharp(png)
      .resize(size.width, size.height, { fit: 'cover', position: 'top' })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true })
    return storeGeneratedImage({ bytes: data, mime: 'image/webp', width: info.width, height: info.height })
  }
  const [screenshot, thumbnail] = [await encode(SCREENSHOT_SIZE, 75), await encode(THUMBNAIL_SIZE, 70)]
  // A new screenshot does not count as an edit (updated_at stays).
  const saved = await sql`
    update pieces set screenshot = ${screenshot}, screenshot_thumbnail = ${thumbnail}
    where id = ${pieceId} and floor(extract(epoch from updated_at) * 1000)::bigint::text = ${version}`
  return saved.count === 1 ? { screenshot, thumbnail } : null
}
