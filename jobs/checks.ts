import type { Locator as PageLocator, Page } from 'playwright-core'
import sharp from 'sharp'
import { countWords, locatorWords, type CheckResult, type CheckStep, type Locator } from '../app/checks/schema'
import type PgBoss from 'pg-boss'
import { checksToRun, saveCheckResults, shownTarget, type PieceCheck } from '../app/checks/checks.server'
import { QUEUES } from '../app/lib/queues'
import { cpuPool } from './cpu-pool'
import { BrowserBusy, BrowserUnavailable, RenderTimeout, withinPageTime, withPage } from './browser'

/**
 * Issue 31.2 and 31.3: runs a Piece's recorded checks in the worker's browser, each in a
 * page of its own loaded from the preview origin, step by step. Elements are found as the
 * steps name them (role and name, label, placeholder, text, id), never by position. A
 * check that fails is run once more in a brand-new page before it counts: one that then
 * passes is flaky (reported, never repaired). All limits are page time (jobs/browser.ts),
 * so a busy machine stretches them instead of failing a check; one kept from the CPU
 * altogether is reported as not run ('error'), never as the Piece's fault.
 */

const VIEWPORT = { width: 1024, height: 640 }
const THUMBNAIL = { width: 320, height: 200 }
/** How long one step may wait for its element, or for what must be true to become true. */
export const CHECK_STEP_MS = 2_000
/** How long loading the page may take before the first step. */
const CHECK_LOAD_MS = 4_000
/** One check's hard bound: load, every step, and the screenshot of a failure. */
export const CHECK_TIMEOUT_MS = 20_000

export type CheckToRun = PieceCheck & { passedOnSaved?: boolean }

/** Runs each check in turn on the code at `url`; a failure is tried again in a fresh page. */
export async function runChecks(url: string, checks: CheckToRun[], signal: AbortSignal): Promise<CheckResult[]> {
  const results: CheckResult[] = []
  for (const check of checks) {
    signal.throwIfAborted()
    const first = await runCheck(url, check, { fresh: false })
    const result = first.status === 'fail' ? flakyOr(first, await runCheck(url, check, { fresh: true })) : first
    results.push({ ...result, ...(check.passedOnSaved !== undefined && { wasPassing: check.passedOnSaved }) })
  }
  return results
}

/** A failure that did not happen again in a fresh page was not real: flaky, with what went wrong the first time. */
const flakyOr = (first: CheckResult, again: CheckResult): CheckResult => (again.status === 'pass' ? { ...first, status: 'flaky', screenshot: null } : again)

/** Raised by a step: what went wrong, in words. */
class StepFailed extends Error {}
/** The page could not be served or did not load: not the check's fault. */
class NotRun extends Error {}

async function runCheck(url: string, check: CheckToRun, { fresh }: { fresh: boolean }): Promise<CheckResult> {
  const base = { checkId: check.id, name: check.name }
  try {
    return await withPage({ ...VIEWPORT, timeoutMs: CHECK_TIMEOUT_MS, reuse: !fresh, spare: true }, async (page) => {
      await load(page, url)
      for (const [index, step] of check.steps.entries()) {
        try {
          await runStep(page, step)
        } catch (error) {
          if (!(error instanceof StepFailed)) throw error
          return { ...base, status: 'fail' as const, step: index, message: error.message, screenshot: await thumbnail(page) }
        }
      }
      return { ...base, status: 'pass' as const, step: null, message: null, screenshot: null }
    })
  } catch (error) {
    if (error instanceof NotRun) return { ...base, status: 'error', step: null, message: error.message, screenshot: null }
    if (error instanceof BrowserBusy) return { ...base, status: 'error', step: null, message: 'The machine was too busy to run it.', screenshot: null }
    if (error instanceof BrowserUnavailable) return { ...base, status: 'error', step: null, message: 'No browser on this server.', screenshot: null }
    if (error instanceof RenderTimeout)
      return { ...base, status: 'fail', step: null, message: `The page did not finish the check within ${CHECK_TIMEOUT_MS / 1000} seconds.`, screenshot: null }
    throw error
  }
}

async function load(page: Page, url: string) {
  // A Piece that navigates away is kept on its own page.
  await page.route('**/*', (route) =>
    route.request().isNavigationRequest() && route.request().frame() === page.mainFrame() && route.request().url() !== url ? route.abort() : route.continue(),
  )
  const loaded = await withinPageTime(
    page.goto(url, { waitUntil: 'load', timeout: 0 }).catch((error: Error) => {
      throw new NotRun(`The page could not be loaded (${error.message.split('\n')[0]}).`)
    }),
    CHECK_LOAD_MS,
  )
  if (loaded === 'late') throw new StepFailed(`The page did not finish loading within ${CHECK_LOAD_MS / 1000} seconds.`)
  if (!loaded.done?.ok()) throw new NotRun(`The preview answered ${loaded.done?.status() ?? 'nothing'}.`)
}

/** Every element a step's locator matches. */
function all(page: Page, locator: Locator): PageLocator {
  switch (locator.by) {
    case 'role':
      return page.getByRole(locator.role, locator.name === undefined ? {} : { name: locator.name, exact: true })
    case 'label':
      return page.getByLabel(locator.label, { exact: true })
    case 'placeholder':
      return page.getByPlaceholder(locator.placeholder, { exact: true })
    case 'text':
      return page.getByText(locator.text, { exact: true })
    case 'id':
      return page.locator(`[id="${locator.id}"]`)
  }
}

/** The element a step names; the first when several match (ids and names can repeat). */
const find = (page: Page, locator: Locator) => all(page, locator).first()

/** Waits (page time) for the element to be there; fails naming it. */
async function present(page: Page, locator: Locator): Promise<PageLocator> {
  const element = find(page, locator)
  const found = await withinPageTime(element.waitFor({ state: 'attached', timeout: 0 }), CHECK_STEP_MS)
  if (found === 'late') throw new StepFailed(`Could not find ${locatorWords(locator)}.`)
  return element
}

/** An action on an element that is there but may still be hidden, disabled or covered for a moment. */
async function act(locator: Locator, work: Promise<unknown>, verb: string) {
  const done = await withinPageTime(
    work.catch((error: Error) => {
      throw new StepFailed(`Could not ${verb} ${locatorWords(locator)} (${error.message.split('\n')[0]}).`)
    }),
    CHECK_STEP_MS,
  )
  if (done === 'late') throw new StepFailed(`Could not ${verb} ${locatorWords(locator)}: it stayed hidden, disabled or covered.`)
}

async function runStep(page: Page, step: CheckStep) {
  switch (step.action) {
    case 'click':
      return act(step.target, (await present(page, step.target)).click({ timeout: 0 }), 'click')
    case 'fill':
      return act(step.target, (await present(page, step.target)).fill(step.value, { timeout: 0 }), 'type into')
    case 'select': {
      const element = await present(page, step.target)
      return act(
        step.target,
        element.selectOption({ label: step.value }, { timeout: 0 }).catch(() => element.selectOption(step.value, { timeout: 0 })),
        'choose in',
      )
    }
    case 'press': {
      const key = step.key === 'Space' ? ' ' : step.key
      if (!step.target) return page.keyboard.press(key)
      return act(step.target, (await present(page, step.target)).press(key, { timeout: 0 }), 'press a key in')
    }
    default:
      return expectation(page, step)
  }
}

const collapse = (value: string) => value.replace(/\s+/g, ' ').trim()

/** Waits (page time) for what must be true; fails saying what was seen instead. */
async function expectation(page: Page, step: Extract<CheckStep, { action: `expect-${string}` }>) {
  const read = async (): Promise<{ ok: boolean; seen: string }> => {
    switch (step.action) {
      case 'expect-text': {
        const element = find(page, step.target)
        if (!(await element.count())) return { ok: false, seen: `${locatorWords(step.target)} is not on the page` }
        const seen = collapse(await element.innerText({ timeout: 0 }))
        return { ok: seen === collapse(step.text), seen: `it reads “${seen}”` }
      }
      case 'expect-value': {
        const element = find(page, step.target)
        if (!(await element.count())) return { ok: false, seen: `${locatorWords(step.target)} is not on the page` }
        const seen = await element.inputValue({ timeout: 0 })
        return { ok: seen === step.value, seen: `it holds “${seen}”` }
      }
      case 'expect-count': {
        const count = await all(page, step.target).count()
        return { ok: count === step.count, seen: `there ${count === 1 ? 'is 1' : `are ${count}`}` }
      }
      case 'expect-shown': {
        const visible = await page.getByText(step.text, { exact: false }).first().isVisible()
        return { ok: visible, seen: 'the page does not show it' }
      }
    }
  }
  let last = { ok: false, seen: '' }
  let stop = false
  const poll = async () => {
    while (!stop) {
      last = await read()
      if (last.ok) return
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
    }
  }
  const done = await withinPageTime(poll(), CHECK_STEP_MS)
  stop = true
  if (done === 'late') throw new StepFailed(`Expected ${expectationWords(step)}, but ${last.seen || 'it could not be read'}.`)
}

function expectationWords(step: Extract<CheckStep, { action: `expect-${string}` }>) {
  switch (step.action) {
    case 'expect-text':
      return `${locatorWords(step.target)} to read “${step.text}”`
    case 'expect-value':
      return `${locatorWords(step.target)} to hold “${step.value}”`
    case 'expect-count':
      return countWords(step.target, step.count)
    case 'expect-shown':
      return `the page to show “${step.text}”`
  }
}

async function thumbnail(page: Page): Promise<string | null> {
  try {
    const shot = await page.screenshot({ type: 'jpeg', quality: 80, animations: 'disabled', timeout: 0 })
    const small = await sharp(shot).resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover', position: 'top' }).webp({ quality: 60 }).toBuffer()
    return `data:image/webp;base64,${small.toString('base64')}`
  } catch {
    return null
  }
}

/** Issue 31.4: "Run now" and a check just saved run on the version shown, in the worker's CPU pool. */
export async function startChecksWorker(boss: PgBoss): Promise<void> {
  await boss.work<{ pieceId: number; checkId?: number }>(QUEUES.checks.name, async ([job]) => {
    const { pieceId, checkId } = job!.data
    const target = await shownTarget(pieceId)
    const checks = target ? await checksToRun(pieceId, checkId) : []
    if (!target || !checks.length) return { ran: 0 }
    const signal = new AbortController().signal
    const results = await cpuPool().run(() => runChecks(target.url, checks, signal), { signal })
    await saveCheckResults(target.code, results)
    return { ran: results.length }
  })
}
