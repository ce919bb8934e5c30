import { collectUnusedImages } from '../app/pieces/storage.server'
import { logger } from '../app/lib/log.server'

const log = logger('image-gc')

/**
 * Hourly (the `image-gc` queue): removes images no Piece references any more, from the table
 * and the object store, once their grace period is over (decision 0031). Answers what it
 * removed, which pg-boss keeps as the job's output.
 */
export async function runImageCollection() {
  const started = Date.now()
  const removed = await collectUnusedImages()
  if (removed.images + removed.strayObjects > 0) {
    log.info({ ...removed, ms: Date.now() - started }, `removed ${removed.images} image(s) and ${removed.strayObjects} stray object(s)`)
  }
  return removed
}
