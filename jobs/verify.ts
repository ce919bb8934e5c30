import type { Page } from 'playwright-core'
import sharp from 'sharp'
import type { BrowserCheck, CheckOutcome } from '../app/generation/types'
import type { VerifyGeneration } from '../app/generation/run.server'
import { checkTarget } from '../app/generation/verification.server'
import { timedBrowserWork } from '../app/lib/metrics.server'
import { BrowserBusy, BrowserUnavailable, prepareSpare, RenderTimeout, withEmptyData, withinPageTime, withPage } from './browser'
import { cpuPool } from './cpu-pool'
import { logger } from '../app/lib/log.server'
import { checksToRun, saveCheckResults } from '../app/checks/checks.server'
import { stepWords } from '../app/checks/schema'
import { runChecks } from './checks'
import { DATA_PATH_PREFIX } from '../app/piece-data/constants'

const log = logger('verify')

/** The viewport the check loads the page in; the chat shows it at THUMBNAIL width. */
const VIEWPORT = { width: 1024, height: 640 }
const THUMBNAIL = { width: 320, height: 200 }
/**
 * How long the page may take to load (a script that runs forever never does). Both limits
 * are page time (jobs/browser.ts pageClock): on a machine short of CPU they stretch, up to
 * PATIENCE times, and past that the page is not checked rather than blamed.
 */
export const VERIFY_LOAD_MS = 4_000
/** The whole check's hard bound, the screenshot included. */
export const VERIFY_TIMEOUT_MS = 6_000
/** After `load`, errors of the first timers and frames still count. */
const SETTLE_MS = 150
/** Errors kept word for word; past this, the rest are counted. */
const MAX_ERRORS = 8

/** Raised when the page could not be served (our fault, not the Piece's): the check is skipped. */
class NotServed extends Error {}

/**
 * True when nothing visible was rendered: no text and no image, drawing, media or control with
 * a size. Runs in the page, so it names no inner function: under tsx (`npm run worker`) a named
 * one is wrapped in an `__name(...)` helper the page does not have.
 */
function isBlank() {
  if ((document.body?.innerText ?? '').trim()) return false
  return ![...document.querySelectorAll('img,svg,canvas,video,input,button,select,textarea,iframe,object,embed,progress,meter')].some((element) => {
    const box = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0
  })
}

/** Collects what goes wrong on the page, in plain words, the first MAX_ERRORS of them. */
function watch(page: Page, url: string) {
  const errors: string[] = []
  let more = 0
  const add = (error: string) => {
    if (errors.length < MAX_ERRORS) errors.push(error.length > 300 ? `${error.slice(0, 300)}…` : error)
    else more += 1
  }
  page.on('pageerror', (error) => add(`Uncaught error: ${error.message}`))
  // The data API's answers are ours (empty data: a missing key is its 404), handled by the Piece's code or
  // failing it through an error of its own: the browser's line about each is not the page's problem.
  const isData = (address: string | undefined) => {
    try {
      return Boolean(address) && new URL(address ?? '', url).pathname.startsWith(`${DATA_PATH_PREFIX}/`)
    } catch {
      return false
    }
  }
  page.on('console', (message) => {
    if (message.type() === 'error' && !isData(message.location().url)) add(`Console error: ${message.text()}`)
  })
  page.on('requestfailed', (request) => {
    if (request.url() !== url && !left.has(request.url())) add(`Could not load ${request.url()} (${request.failure()?.errorText ?? 'failed'})`)
  })
  page.on('response', (response) => {
    if (response.url() !== url && response.status() >= 400 && !isData(response.url())) add(`Could not load ${response.url()} (HTTP ${response.status()})`)
  })
  // Dialogs are dismissed (jobs/browser.ts), but one opened while loading would stop a visitor.
  let dialogs = 0
  page.on('dialog', () => (dialogs += 1))
  const left = new Set<string>()
  return {
    errors: () => [
      ...(dialogs ? [`The page opened ${dialogs === 1 ? 'a dialog' : `${dialogs} dialogs`} (alert, confirm or prompt) while loading.`] : []),
      ...errors,
      ...(more ? [`…and ${more.toLocaleString('en-US')} more problems like these`] : []),
    ],
    add,
    left,
  }
}

/**
 * Issue 13.1: loads a generation's code from the preview origin in the worker's browser
 * (jobs/browser.ts: a fresh context, dialogs dismissed, a hard time limit) and reports
 * uncaught errors, console errors, failed requests, a page that tries to leave, one that
 * does not finish loading, and a blank page, with a small screenshot. Answers why nothing
 * was checked when there is no browser, the machine kept it from the CPU, or the page could
 * not be served. It waits for a slot of the worker's CPU pool first (issue 27.1), saying so
 * through `waiting`; its time limits start with `started`. Stop aborts the check at once.
 */
export async function verifyInBrowser({ generationId, pieceId, code, signal, waiting, started }: Parameters<VerifyGeneration>[0]): Promise<CheckOutcome> {
  signal.throwIfAborted()
  return cpuPool().run(
    () =>
      started()
        .then(() => checkWithRetry(generationId, pieceId, code, signal))
        .then((outcome) => withRecordedChecks(outcome, { generationId, pieceId, code, signal })),
    { signal, onWait: waiting },
  )
}

/**
 * Issue 31.2: once the page loaded cleanly, the Piece's recorded checks run on it, right
 * after the load check and in the same slot of the CPU pool; their results are kept for
 * this version of the code (the Checks list, Accept's warning on a later version).
 */
async function withRecordedChecks(
  outcome: CheckOutcome,
  { generationId, pieceId, code, signal }: { generationId: number; pieceId: number; code: string; signal: AbortSignal },
) {
  if ('skipped' in outcome || !outcome.ok) return outcome
  const checks = await checksToRun(pieceId)
  if (!checks.length) return outcome
  const url = await checkTarget(generationId, pieceId, code)
  const results = await runChecks(url, pieceId, checks, signal)
  await saveCheckResults(code, results)
  return { ...outcome, checks: results, checkSteps: Object.fromEntries(checks.map((check) => [check.id, check.steps.map(stepWords)])) }
}

function checkWithRetry(generationId: number, pieceId: number, code: string, signal: AbortSignal) {
  return timedBrowserWork('verification', async (): Promise<CheckOutcome> => {
    const url = await checkTarget(generationId, pieceId, code)
    try {
      return await checkOnce(url, signal, { generationId })
    } catch (error) {
      // A browser that crashed (or was dropped) under the check is relaunched for one more try.
      if (signal.aborted || !(error instanceof Error) || !BROWSER_GONE.test(error.message)) throw error
      log.warn({ generationId, err: error.message.split('\n')[0] }, 'the browser went away; checking again')
      try {
        return await checkOnce(url, signal, { generationId })
      } catch (again) {
        // Twice is the machine (a browser starved or restarting under load), not the Piece:
        // the generation completes unchecked rather than failing (found by bench:load).
        if (signal.aborted || !(again instanceof Error) || !BROWSER_GONE.test(again.message)) throw again
        log.warn({ generationId, err: again.message.split('\n')[0] }, 'the browser went away again; not checked')
        return { skipped: 'busy' }
      }
    }
  })
}

const BROWSER_GONE = /has been closed|browser has disconnected|Target crashed|Page crashed|net::ERR_ABORTED/i

async function checkOnce(url: string, signal: AbortSignal, about: { generationId: number } | { versionCheck: number }): Promise<CheckOutcome> {
  try {
    return await withPage({ ...VIEWPORT, timeoutMs: VERIFY_TIMEOUT_MS, spare: true, reuse: true }, async (page) => {
      const stopped = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason)
        signal.addEventListener('abort', () => reject(signal.reason), { once: true })
      })
      stopped.catch(() => {})
      return Promise.race([check(page, url), stopped])
    })
  } catch (error) {
    if (signal.aborted) throw signal.reason
    if (error instanceof BrowserUnavailable) return { skipped: 'no-browser' }
    if (error instanceof BrowserBusy || error instanceof NotServed) {
      log.warn(about, `${error.message}; not checked`)
      return { skipped: error instanceof BrowserBusy ? 'busy' : 'not-served' }
    }
    if (error instanceof RenderTimeout) return { ok: false, errors: [`The page did not respond within ${VERIFY_TIMEOUT_MS / 1000} seconds.`], screenshot: null }
    throw error
  }
}

/**
 * Issue 40.3: the same load check of a version no generation made (some of a turn's
 * changes), served at `url` (app/checks/versions.server.ts). The caller holds a slot of the CPU pool.
 */
export const verifyVersion = (url: string, versionCheck: number, signal: AbortSignal) =>
  timedBrowserWork('verification', () => checkOnce(url, signal, { versionCheck }))

/** Starts the browser and a fresh page for the first check before any generation needs it. */
export const warmVerifier = () => prepareSpare(VIEWPORT)

async function check(page: Page, url: string): Promise<BrowserCheck> {
  const seen = watch(page, url)
  // A page that navigates away is kept on its own page, and that is a problem to report.
  await page.route('**/*', (route) => {
    const request = route.request()
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url() !== url) {
      seen.left.add(request.url())
      seen.add(`The page tried to leave for ${request.url()}`)
      return route.abort()
    }
    return route.continue()
  })
  await withEmptyData(page)
  const navigating = page.goto(url, { waitUntil: 'commit', timeout: 0 }).catch((error: Error) => {
    // The preview origin could not be reached. An aborted load is the browser going away
    // under the navigation (nothing else cancels it before the page runs): the caller retries.
    throw /net::ERR_/.test(error.message) && !BROWSER_GONE.test(error.message) ? new NotServed(error.message.split('\n')[0]) : error
  })
  // The Piece's code has not run before the answer arrives: a late one is ours, not the page's.
  const committed = await withinPageTime(navigating, VERIFY_LOAD_MS)
  if (committed === 'late') throw new NotServed(`the preview origin did not answer within ${VERIFY_LOAD_MS / 1000} seconds`)
  const response = committed.done
  if (!response?.ok()) throw new NotServed(`the preview origin answered ${response?.status() ?? 'nothing'}`)
  const loaded = (await withinPageTime(page.waitForLoadState('load', { timeout: 0 }), VERIFY_LOAD_MS)) !== 'late'
  if (!loaded) {
    // A page stuck in a script answers nothing more (no screenshot either).
    return {
      ok: false,
      errors: [`The page did not finish loading within ${VERIFY_LOAD_MS / 1000} seconds (a script may run forever).`, ...seen.errors()],
      screenshot: null,
    }
  }
  // The page's own clock: the timers it set while loading run first, however slow the machine.
  await page.evaluate((ms) => new Promise((resolve) => window.setTimeout(resolve, ms)), SETTLE_MS)
  if (await page.evaluate(isBlank)) seen.add('The page is blank: nothing visible was rendered.')
  // Bounded by the whole check's limit (withPage), which is page time.
  const shot = await page.screenshot({ type: 'jpeg', quality: 80, animations: 'disabled', timeout: 0 })
  const thumbnail = await sharp(shot).resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover', position: 'top' }).webp({ quality: 60 }).toBuffer()
  const errors = seen.errors()
  return { ok: errors.length === 0, errors, screenshot: `data:image/webp;base64,${thumbnail.toString('base64')}` }
}
