import { z } from 'zod'
import type { Locator as PageLocator, Page } from 'playwright-core'
import sharp from 'sharp'
import { CheckWords, countWords, locatorWords, type CheckResult, type CheckStep, type CheckVisitor, type Locator } from '../app/checks/schema'
import type PgBoss from 'pg-boss'
import { checksToRun, saveCheckResults, shownTarget, type PieceCheck } from '../app/checks/checks.server'
import { QUEUES } from '../app/lib/queues'
import { cpuPool } from './cpu-pool'
import { BrowserBusy, BrowserUnavailable, extraPage, RenderTimeout, withinPageTime, withPage } from './browser'
import { randomUUID } from 'node:crypto'
import { DATA_PATH_PREFIX, FRAME_TOKEN_PATH } from '../app/piece-data/constants'
import { clearDataSpace } from '../app/piece-data/store.server'
import { checkVisitor, issueDataToken } from '../app/piece-data/token.server'

/**
 * Issue 31.2 and 31.3: runs a Piece's recorded checks in the worker's browser, each in a
 * page of its own loaded from the preview origin, step by step. Elements are found as the
 * steps name them (role and name, label, placeholder, text, id), never by position. A
 * check that fails is run once more in a brand-new page before it counts: one that then
 * passes is flaky (reported, never repaired). The load and the whole check are bounded in
 * page time (jobs/browser.ts); a step waits for its element, or for what must be true, a
 * number of times, each after the page's own timers ran POLL_MS: an idle page starved of
 * CPU by others is given its chance, however slow the machine (page time counts a page's
 * own CPU, which an idle page does not use). One kept from the CPU altogether is reported
 * as not run ('error'), never as the Piece's fault.
 */

const VIEWPORT = { width: 1024, height: 640 }
const THUMBNAIL = { width: 320, height: 200 }
/** How long one step may wait for its element, or for what must be true to become true, in the page's own timers. */
export const CHECK_STEP_MS = 2_000
const POLL_MS = 50
const ROUNDS = CHECK_STEP_MS / POLL_MS
/** An action on an element that is there, visible and enabled ends in this much wall time (an overlay may still take its clicks). */
const ACTION_MS = 15_000
/** How long loading the page may take before the first step. */
const CHECK_LOAD_MS = 4_000
/** One check's hard bound: load, every step, and the screenshot of a failure. */
export const CHECK_TIMEOUT_MS = 20_000

export type CheckToRun = PieceCheck & { passedOnSaved?: boolean }

/** Runs each check in turn on the code at `url` of Piece `pieceId`; a failure is tried again in a fresh page. */
export async function runChecks(url: string, pieceId: number, checks: CheckToRun[], signal: AbortSignal): Promise<CheckResult[]> {
  const results: CheckResult[] = []
  for (const check of checks) {
    signal.throwIfAborted()
    const first = await runCheck(url, pieceId, check, { fresh: false })
    const result = first.status === 'fail' ? flakyOr(first, await runCheck(url, pieceId, check, { fresh: true })) : first
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

/** A run's data of its own (issue 39.4): one space, empty at the start and gone after. */
type CheckData = { pieceId: number; space: `check:${string}` }

/**
 * Issue 39.4: each run of a check has data of its own, empty at the start and gone after, so
 * checks stay repeatable and never touch what visitors or the owner keep.
 */
async function withDataOfItsOwn<T>(pieceId: number, work: (data: CheckData) => Promise<T>): Promise<T> {
  const data: CheckData = { pieceId, space: `check:${randomUUID()}` }
  try {
    return await work(data)
  } finally {
    await clearDataSpace(data)
  }
}

/**
 * The page acts as visitor 1 or 2 of the run's data: the Piece's `pieces.data`, loaded
 * outside a frame here, asks its page's origin for its token; this answers it.
 */
async function actAs(page: Page, data: CheckData, visitor: CheckVisitor) {
  const identity = checkVisitor(data.pieceId, data.space, visitor)
  const { token, expiresAt } = issueDataToken(identity)
  await page.route(`**${DATA_PATH_PREFIX}/${FRAME_TOKEN_PATH}`, (route) => route.fulfill({ json: { token, expiresAt, name: identity.name } }))
}

/**
 * Issue 39.6: who acts. A check starts as its first visitor in the page it was given; a switch
 * loads the Piece again in the other visitor's page (the second's made at its first switch, in
 * a context of its own: no cookie or storage shared), each with its own identity on the same
 * data, so what one writes the other sees. The second page is closed with the check.
 */
class Visitors {
  private readonly pages = new Map<CheckVisitor, Page>()
  private closeSecond: (() => Promise<void>) | null = null
  current: CheckVisitor = 1
  page: Page

  constructor(
    first: Page,
    private readonly url: string,
    private readonly data: CheckData,
  ) {
    this.page = first
    this.pages.set(1, first)
  }

  async start() {
    await actAs(this.page, this.data, 1)
    await load(this.page, this.url)
  }

  async switchTo(visitor: CheckVisitor) {
    const page = this.pages.get(visitor) ?? (await this.open(visitor))
    this.current = visitor
    this.page = page
    await load(page, this.url)
  }

  private async open(visitor: CheckVisitor) {
    const made = await extraPage(VIEWPORT)
    this.closeSecond = made.close
    this.pages.set(visitor, made.page)
    await actAs(made.page, this.data, visitor)
    return made.page
  }

  async close() {
    await this.closeSecond?.()
  }
}

async function runCheck(url: string, pieceId: number, check: CheckToRun, { fresh }: { fresh: boolean }): Promise<CheckResult> {
  const base = { checkId: check.id, name: check.name }
  try {
    return await withPage({ ...VIEWPORT, timeoutMs: CHECK_TIMEOUT_MS, reuse: !fresh, spare: true }, async (page) =>
      withDataOfItsOwn(pieceId, async (data) => {
        const visitors = new Visitors(page, url, data)
        try {
          return await stepsOf(visitors, check, base)
        } finally {
          await visitors.close()
        }
      }),
    )
  } catch (error) {
    if (error instanceof NotRun) return { ...base, status: 'error', step: null, message: error.message, screenshot: null }
    if (error instanceof BrowserBusy) return { ...base, status: 'error', step: null, message: 'The machine was too busy to run it.', screenshot: null }
    if (error instanceof BrowserUnavailable) return { ...base, status: 'error', step: null, message: 'No browser on this server.', screenshot: null }
    if (error instanceof RenderTimeout)
      return { ...base, status: 'fail', step: null, message: `The page did not finish the check within ${CHECK_TIMEOUT_MS / 1000} seconds.`, screenshot: null }
    throw error
  }
}

/**
 * Loads the Piece and runs the check's steps; a step that fails says where and what it saw,
 * and in a check of two visitors, as which ("As the second visitor, expected …").
 */
async function stepsOf(visitors: Visitors, check: CheckToRun, base: { checkId: number; name: string }): Promise<CheckResult> {
  const twoVisitors = check.steps.some((step) => step.action === 'switch-visitor')
  await visitors.start()
  for (const [index, step] of check.steps.entries()) {
    try {
      if (step.action === 'switch-visitor') await visitors.switchTo(step.visitor)
      else await runStep(visitors.page, step)
    } catch (error) {
      if (!(error instanceof StepFailed)) throw error
      const message = twoVisitors
        ? `${CheckWords.visitors.as[visitors.current]}, ${error.message.replace(/^\w/, (letter) => letter.toLowerCase())}`
        : error.message
      return { ...base, status: 'fail', step: index, message, screenshot: await thumbnail(visitors.page) }
    }
  }
  return { ...base, status: 'pass', step: null, message: null, screenshot: null }
}

/** Loads the Piece (again, at a switch back to a visitor); a Piece that navigates away is kept on its own page. */
async function load(page: Page, url: string) {
  await page.unroute('**/*')
  await page.route('**/*', (route) =>
    route.request().isNavigationRequest() && route.request().frame() === page.mainFrame() && route.request().url() !== url ? route.abort() : route.fallback(),
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

/**
 * Looks until `look` answers something, up to ROUNDS times, letting the page's own timers
 * run POLL_MS between looks; null when it never did.
 */
async function poll<T>(page: Page, look: () => Promise<T | null>): Promise<T | null> {
  for (let round = 0; round < ROUNDS; round += 1) {
    const seen = await look()
    if (seen !== null) return seen
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), POLL_MS)
  }
  return null
}

/** Waits for the element to be there; fails naming it. */
async function present(page: Page, locator: Locator): Promise<PageLocator> {
  const element = find(page, locator)
  const found = await poll(page, async () => ((await element.count()) ? element : null))
  if (!found) throw new StepFailed(`Could not find ${locatorWords(locator)}.`)
  return found
}

/** An action on an element once it is visible and enabled (it may be hidden or disabled for a moment). */
async function act(page: Page, locator: Locator, verb: string, work: (element: PageLocator) => Promise<unknown>) {
  const element = await present(page, locator)
  const ready = await poll(page, async () => ((await element.isVisible()) && (await element.isEnabled()) ? true : null))
  if (!ready) throw new StepFailed(`Could not ${verb} ${locatorWords(locator)}: it stayed hidden or disabled.`)
  await work(element).catch((error: Error) => {
    throw new StepFailed(`Could not ${verb} ${locatorWords(locator)} (${error.message.split('\n')[0]}).`)
  })
}

async function runStep(page: Page, step: Exclude<CheckStep, { action: 'switch-visitor' }>) {
  switch (step.action) {
    case 'click':
      return act(page, step.target, 'click', (element) => element.click({ timeout: ACTION_MS }))
    case 'fill':
      return act(page, step.target, 'type into', (element) => element.fill(step.value, { timeout: ACTION_MS }))
    case 'select':
      return act(page, step.target, 'choose in', (element) =>
        element.selectOption({ label: step.value }, { timeout: ACTION_MS }).catch(() => element.selectOption(step.value, { timeout: ACTION_MS })),
      )
    case 'press': {
      const key = step.key === 'Space' ? ' ' : step.key
      if (!step.target) return page.keyboard.press(key)
      return act(page, step.target, 'press a key in', (element) => element.press(key, { timeout: ACTION_MS }))
    }
    default:
      return expectation(page, step)
  }
}

const collapse = (value: string) => value.replace(/\s+/g, ' ').trim()

/** Waits for what must be true; fails saying what was seen instead. */
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
  const met = await poll(page, async () => {
    last = await read()
    return last.ok ? true : null
  })
  if (!met) throw new StepFailed(`Expected ${expectationWords(step)}, but ${last.seen || 'it could not be read'}.`)
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

/** What a check run is queued with (requestCheckRun): the Piece, and one check or all of them. */
const CheckRunJob = z.object({ pieceId: z.number(), checkId: z.number().optional() })

/** Issue 31.4: "Run now" and a check just saved run on the version shown, in the worker's CPU pool. */
export async function startChecksWorker(boss: PgBoss): Promise<void> {
  await boss.work(QUEUES.checks.name, async ([job]) => {
    const { pieceId, checkId } = CheckRunJob.parse(job?.data)
    const target = await shownTarget(pieceId)
    const checks = target ? await checksToRun(pieceId, checkId) : []
    if (!target || !checks.length) return { ran: 0 }
    const signal = new AbortController().signal
    const results = await cpuPool().run(() => runChecks(target.url, pieceId, checks, signal), { signal })
    await saveCheckResults(target.code, results)
    return { ran: results.length }
  })
}
