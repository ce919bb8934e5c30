import { collectUnusedImages } from '../app/pieces/storage.server'

/**
 * Hourly (the `image-gc` queue): removes images no Piece references any more, from the table
 * and the object store, once their grace period is over (decision 0031). Answers what it
 * removed, which pg-boss keeps as the job's output.
 */
export async function runImageCollection() {
  const started = Date.now()
  const removed = await collectUnusedImages()
  if (removed.images + removed.strayObjects > 0) {
    console.log(`[image-gc] removed ${removed.images} image(s) and ${removed.strayObjects} stray object(s) in ${Date.now() - started} ms`)
  }
  return removed
}
