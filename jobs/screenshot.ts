import { z } from 'zod'
import type PgBoss from 'pg-boss'
import { timedBrowserWork } from '../app/lib/metrics.server'
import { QUEUES } from '../app/lib/queues'
import { SCREENSHOT_SIZE, SCREENSHOT_TIMEOUT_MS, saveScreenshot, screenshotTarget } from '../app/pieces/screenshots.server'
import { enqueueJob } from '../app/lib/jobs.server'
import { BrowserBusy, BrowserUnavailable, closeBrowser, withEmptyData, withPage } from './browser'
import { cpuPool } from './cpu-pool'
import { logger } from '../app/lib/log.server'

const log = logger('screenshot')

/** How long a loaded page may keep fetching before it is captured as it is. */
const SETTLE_MS = 2_000
/** A screenshot the machine was too busy to take is tried again this much later, without using up a retry. */
const BUSY_RETRY_SECONDS = 20

/**
 * Renders a Piece's saved code from the preview origin and stores its screenshot (issue
 * 12.3). A Piece that never settles is captured as it stands; one that blocks its page
 * fails within SCREENSHOT_TIMEOUT_MS of page time (jobs/browser.ts) and is retried by the
 * queue. A Piece's data calls are answered as empty data (app/piece-data/empty-data.ts).
 * Answers what it did.
 */
export async function takeScreenshot(pieceId: number): Promise<{ screenshot: string; thumbnail: string } | 'no-code' | 'changed' | 'no-browser'> {
  const target = await screenshotTarget(pieceId)
  if (!target) return 'no-code'
  try {
    const png = await withPage({ ...SCREENSHOT_SIZE, timeoutMs: SCREENSHOT_TIMEOUT_MS }, async (page) => {
      // A Piece that navigates away is kept on its own page.
      await page.route('**/*', (route) =>
        route.request().isNavigationRequest() && route.request().frame() === page.mainFrame() && route.request().url() !== target.url
          ? route.abort()
          : route.continue(),
      )
      // A Piece that keeps data is shown with none (issue 39): as a first visitor sees it, not an error.
      await withEmptyData(page)
      // No limits of their own: the one of withPage is page time, which a busy machine stretches (decision 0035).
      await page.goto(target.url, { waitUntil: 'load', timeout: 0 })
      await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {})
      return page.screenshot({ type: 'png', timeout: 0, animations: 'disabled' })
    })
    return (await saveScreenshot(pieceId, target.version, png)) ?? 'changed'
  } catch (error) {
    if (error instanceof BrowserUnavailable) return 'no-browser'
    throw error
  }
}

/** What a screenshot is queued with: the Piece whose shown version it shows. */
const ScreenshotJob = z.object({ pieceId: z.number() })

export async function startScreenshotWorker(boss: PgBoss): Promise<() => Promise<void>> {
  await boss.work(QUEUES.screenshot.name, async ([job]) => {
    const { pieceId } = ScreenshotJob.parse(job?.data)
    // In the worker's one CPU pool with the browser checks (issue 27.1): the time limit starts with a slot.
    return cpuPool().run(async () => {
      const started = Date.now()
      try {
        const result = await timedBrowserWork('screenshot', () => takeScreenshot(pieceId))
        if (typeof result === 'object') log.info({ pieceId, ms: Date.now() - started }, 'screenshot saved')
        return result
      } catch (error) {
        if (!(error instanceof BrowserBusy)) throw error
        // Screenshots keep up with accepts however busy the machine: a busy one is taken later, not given up.
        log.warn({ pieceId }, `${error.message}; screenshot taken again in ${BUSY_RETRY_SECONDS} s`)
        await enqueueJob(QUEUES.screenshot.name, { pieceId }, { startAfter: BUSY_RETRY_SECONDS, singletonKey: `screenshot-busy:${pieceId}` })
        return 'busy'
      }
    })
  })
  return closeBrowser
}
