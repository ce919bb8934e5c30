import type PgBoss from 'pg-boss'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBoss } from '../../runtime/boss'
import { RenderTimeout } from '../../jobs/browser'
import { startScreenshotWorker, takeScreenshot } from '../../jobs/screenshot'
import { sql } from '../../app/lib/db.server'
import { createPiece, updatePiece } from '../../app/pieces/pieces.server'
import { galleryPage } from '../../app/pieces/gallery.server'
import { loadImage, parseImageUrl } from '../../app/pieces/storage.server'
import { eventually, newUser } from '../support/billing'
import { startPreviewOrigin } from '../support/preview-origin'
import { servedBytes } from '../support/images'
import { forgetProcessBoss } from '../../app/lib/jobs.server'

/**
 * Issue 12.3: the screenshot job renders a real Piece from the preview origin in the system
 * Chromium, through a real pg-boss worker; a hostile Piece fails cleanly within the limit.
 */
let stopPreview: () => Promise<void>
let boss: PgBoss
let stopWorker: () => Promise<void>
beforeAll(async () => {
  stopPreview = await startPreviewOrigin()
  boss = await startBoss(process.env.DATABASE_URL!)
  stopWorker = await startScreenshotWorker(boss)
})

afterAll(async () => {
  await stopWorker()
  await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
  forgetProcessBoss()
  await stopPreview()
})

async function pieceWithCode(code: string) {
  const user = await newUser('shots')
  const piece = await createPiece(user.id, { name: `shot_${Math.random().toString(36).slice(2, 9)}`, visibility: 'public' })
  await updatePiece(user.id, piece.id, { code })
  return { user, piece }
}

const screenshotOf = async (pieceId: number) =>
  (await sql<{ screenshot: string; thumbnail: string }[]>`select screenshot, screenshot_thumbnail as thumbnail from pieces where id = ${pieceId}`)[0]!

describe('the screenshot job', { timeout: 90_000 }, () => {
  it('renders saved code in Chromium after it changes and stores a 1280×800 WebP and a thumbnail, once per content', async () => {
    const { piece } = await pieceWithCode('<!doctype html><body style="margin:0;background:#e11d48"><h1 style="color:#fff">Shot</h1></body>')
    const shot = await eventually(
      () => screenshotOf(piece.id),
      (row) => expect(row.screenshot).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/),
      60_000,
    )
    const large = (await loadImage(parseImageUrl(shot.screenshot)!.hash))!
    const thumb = (await loadImage(parseImageUrl(shot.thumbnail)!.hash))!
    expect([large.mime, large.width, large.height]).toEqual(['image/webp', 1280, 800])
    expect([thumb.mime, thumb.width, thumb.height]).toEqual(['image/webp', 640, 400])
    // The page's own colour, not a blank frame.
    // Stored through the object store (the local directory here) and served from it.
    expect(large.legacyBytes).toBeNull()
    const { dominant } = await sharp(await servedBytes(shot.screenshot)).stats()
    expect(dominant.r).toBeGreaterThan(180)
    expect(dominant.g).toBeLessThan(80)
    // The same page again is the same images; the gallery card shows the thumbnail.
    expect(await takeScreenshot(piece.id)).toEqual({ screenshot: shot.screenshot, thumbnail: shot.thumbnail })
    expect((await sql`select 1 from images where hash = ${parseImageUrl(shot.screenshot)!.hash}`).length).toBe(1)
    const { pieces } = await galleryPage(new Request('http://localhost/landing?count=100'))
    expect(pieces.data.find((card) => card.id === piece.id)?.thumbnail).toBe(shot.thumbnail)
  })

  it('shows a Piece that keeps data with empty data: no records, counters or own values, and no error', async () => {
    // Green once its data reads as empty; red on an error or anything else; blue while it waits.
    const { piece } = await pieceWithCode(`<!doctype html><body style="margin:0;background:#2563eb"><script>
const paint = (colour) => { document.body.style.background = colour }
pieces.data.shared.list('guestbook')
  .then((page) => (page.records.length === 0 && Object.keys(page.counters).length === 0 ? pieces.data.mine.get('name') : 'not empty'))
  .then((mine) => paint(mine === undefined ? '#16a34a' : '#e11d48'), () => paint('#e11d48'))
pieces.data.subscribe('guestbook', () => paint('#e11d48'))
</script>`)
    const shot = await takeScreenshot(piece.id)
    if (typeof shot !== 'object') throw new Error(`no screenshot: ${shot}`)
    const { dominant } = await sharp(await servedBytes(shot.screenshot)).stats()
    expect(dominant.r).toBeLessThan(80)
    expect(dominant.g).toBeGreaterThan(120)
    expect(dominant.b).toBeLessThan(120)
    // Nothing was written for the screenshot.
    expect((await sql`select 1 from piece_data_usage where piece_id = ${piece.id}`).length).toBe(0)
  })

  it('captures a Piece that opens dialogs and tries to leave, as it stands', async () => {
    const { piece } = await pieceWithCode('<p>Stay here</p><script>alert("hi"); confirm("sure?"); location.href = "https://example.com/"</script>')
    const result = await takeScreenshot(piece.id)
    expect(result).toMatchObject({ screenshot: expect.stringMatching(/\.webp$/) })
  })

  it('fails a Piece that never lets its page load within the limit, and the next one still works', async () => {
    const { piece: hostile } = await pieceWithCode('<script>while (true) {}</script>')
    await expect(takeScreenshot(hostile.id)).rejects.toBeInstanceOf(RenderTimeout)
    expect((await screenshotOf(hostile.id)).screenshot).toBe('')
    const { piece: fine } = await pieceWithCode('<h1>After the loop</h1>')
    expect(await takeScreenshot(fine.id)).toMatchObject({ screenshot: expect.stringMatching(/\.webp$/) })
  })

  it('leaves a Piece without code on its placeholder', async () => {
    const user = await newUser('shots')
    const piece = await createPiece(user.id, { name: `shot_${Math.random().toString(36).slice(2, 9)}` })
    expect(await takeScreenshot(piece.id)).toBe('no-code')
  })
})
