import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { chromium, errors, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { getEnv } from '../app/lib/env.server'
import { logger } from '../app/lib/log.server'
import { DATA_PATH_PREFIX } from '../app/piece-data/constants'
import { emptyDataAnswer } from '../app/piece-data/empty-data'

const log = logger('browser')

/**
 * One headless Chromium per worker process, shared by the jobs that render Pieces
 * (screenshots; verification builds on it). Launched on first use, relaunched when it
 * crashed, closed with the process. Each use gets a fresh context (no cookies, storage or
 * cache from another Piece) and a hard time limit: a Piece that loops forever, opens
 * dialogs or never settles costs at most that long, and a browser that no longer answers
 * is thrown away. Without Chromium the callers hear `unavailable` and say so once.
 *
 * Debian's `chromium-headless-shell` is tried first: the same Chromium and renderer without the
 * whole browser around it, about half the CPU per page (docs/benchmarks.md).
 */
const CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
]
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
]

export class BrowserUnavailable extends Error {}
export class RenderTimeout extends Error {}
/** The machine gave the browser too little CPU to finish in time: nothing is known of the page. */
export class BrowserBusy extends Error {}

/** How many times its page time a wait may last in wall time on a machine short of CPU. */
export const PATIENCE = 5

/** Microseconds in which some task waited for a CPU since boot (Linux's pressure stall information), or null without it. */
export function cpuStallMicros(): number | null {
  try {
    const total = /^some .*total=(\d+)$/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]
    return total === undefined ? null : Number(total)
  } catch {
    return null
  }
}

let cpuSample: { at: number; ms: number | null } | null = null

/**
 * CPU milliseconds used so far by this process's Chromium — its descendants named chromium or
 * chrome, with the renderers they have reaped — or null where /proc cannot tell. Reading it
 * walks /proc (milliseconds on a busy machine), so waits running at once share one reading a
 * quarter of a second old at most.
 */
export function browserCpuMs(): number | null {
  const now = performance.now()
  if (!cpuSample || now - cpuSample.at > 250) cpuSample = { at: now, ms: readBrowserCpuMs() }
  return cpuSample.ms
}

function readBrowserCpuMs(): number | null {
  try {
    const processes = new Map<number, { parent: number; name: string; ticks: number }>()
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        // utime, stime, cutime, cstime (fields 14 to 17), in clock ticks of 10 ms.
        processes.set(Number(entry), { parent: Number(fields[1]), name, ticks: fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) })
      } catch {
        // gone meanwhile
      }
    }
    const ours = (pid: number) => {
      for (let at = processes.get(pid)?.parent; at !== undefined && at > 1; at = processes.get(at)?.parent) if (at === process.pid) return true
      return false
    }
    let ticks = 0
    for (const [pid, { name, ticks: used }] of processes) if (/^chrom/i.test(name) && ours(pid)) ticks += used
    return ticks * 10
  } catch {
    return null
  }
}

/**
 * A clock for a page's time limits: wall time, less the time in which the machine was short
 * of CPU (some task waiting for one) — but never less than the CPU time the browser has had
 * meanwhile, so a page that spins in a script while others wait is still caught. On a quiet
 * machine it is the wall clock, so such a page is reported as before; when requests (or
 * anything else) keep the cores busy and the browser, at background priority, waits its
 * turn, the page is not blamed for the wait. Without pressure stall information it is the
 * wall clock. The browser's CPU is read only once a wait has lasted its limit in wall time.
 */
export function pageClock(stalls: () => number | null = cpuStallMicros, browserCpu: () => number | null = browserCpuMs) {
  const started = performance.now()
  const stalledBefore = stalls()
  let cpuFrom: { cpu: number; page: number } | null = null
  const lessStalls = (wall: number) => Math.max(0, wall - (stalledBefore === null ? 0 : ((stalls() ?? stalledBefore) - stalledBefore) / 1000))
  return {
    wallMs: () => performance.now() - started,
    pageMs: () => {
      const page = lessStalls(performance.now() - started)
      return cpuFrom ? Math.max(page, cpuFrom.page + ((browserCpu() ?? cpuFrom.cpu) - cpuFrom.cpu)) : page
    },
    /** From now on the browser's CPU time counts too. */
    countBrowserCpu() {
      const cpu = browserCpu()
      if (!cpuFrom && cpu !== null) cpuFrom = { cpu, page: lessStalls(performance.now() - started) }
    },
  }
}

/**
 * `work`, or 'late' once `ms` of page time (see pageClock) have passed without it. Past
 * PATIENCE times `ms` in wall time, on a machine that stayed short of CPU, BrowserBusy.
 * Whatever `work` does later is ignored.
 */
export async function withinPageTime<T>(work: Promise<T>, ms: number, stalls = cpuStallMicros, browserCpu = browserCpuMs): Promise<{ done: T } | 'late'> {
  work.catch(() => {})
  const clock = pageClock(stalls, browserCpu)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve, reject) => {
    const check = () => {
      if (clock.pageMs() >= ms) return resolve('late')
      if (clock.wallMs() >= ms * PATIENCE) return reject(new BrowserBusy(`the machine was short of CPU for ${Math.round(clock.wallMs() / 1000)} s`))
      clock.countBrowserCpu()
      timer = setTimeout(check, Math.min(250, Math.max(10, ms - clock.pageMs()))).unref()
    }
    timer = setTimeout(check, ms).unref()
  })
  try {
    return await Promise.race([work.then((done) => ({ done })), late])
  } finally {
    clearTimeout(timer)
  }
}

let launching: Promise<Browser> | null = null
let warned = false

export function chromiumPath(): string | null {
  const configured = getEnv().CHROMIUM_PATH
  if (configured) return existsSync(configured) ? configured : null
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null
}

async function browser(): Promise<Browser> {
  if (!launching) {
    const executablePath = chromiumPath()
    if (!executablePath) {
      if (!warned) log.warn('no Chromium found (set CHROMIUM_PATH or install chromium): screenshots keep their placeholder and generations are not checked')
      warned = true
      throw new BrowserUnavailable('no Chromium')
    }
    // Forgotten when it goes away, unless another has taken its place: a browser closed while
    // a check relaunches one disconnects after the new one started, which would then be
    // left running out of reach (never closed, and a third launched on next use).
    const launcher = atBackgroundPriority(executablePath)
    const started: Promise<Browser> = chromium.launch({ executablePath: launcher.path, args: ARGS, timeout: 30_000 }).then(
      (launched) => {
        launched.on('disconnected', () => {
          if (launching === started) launching = null
        })
        return launched
      },
      (error: unknown) => {
        // A browser that cannot start in time is the machine's load, not the page's or the model's fault.
        throw error instanceof errors.TimeoutError ? new BrowserBusy(`the browser took over 30 s to start`) : error
      },
    )
    launching = started
    started
      .catch(() => {
        if (launching === started) launching = null
      })
      .finally(launcher.remove)
  }
  return launching
}

/** Closes the shared browser (on shutdown, or after it stopped answering). */
export async function closeBrowser() {
  const current = launching
  launching = null
  spares.clear()
  kept.clear()
  returning.clear()
  if (current) await (await current.catch(() => null))?.close().catch(() => {})
}

/**
 * The CPU priority the browser runs at, as a nice value: 0 (as the process itself) to 19 (the
 * lowest); 10 by default, about a ninth of the weight of a process at 0. Rendering Pieces is
 * background work that must not slow the requests served on the same cores
 * (docs/decisions/0035); its time limits are page time (pageClock), so a busy machine makes
 * checks slower, not wrong. Read at each launch.
 */
export function browserNice(): number {
  return getEnv().BROWSER_NICE
}

/**
 * How this process keeps its browser behind requests (issue 27.4, docs/decisions/0041),
 * decided at the first launch and said once in the log:
 * - `cgroup`: Chromium runs in a CPU cgroup of its own with a small weight (cgroup v1
 *   `cpu.shares`, v2 `cpu.weight`; `cpu.idle` at BROWSER_NICE=19). The weight holds for the
 *   whole group whatever its threads do to their own priority (Chromium as root resets some),
 *   and whatever session or autogroup it is in: the only way that holds in a container as root.
 * - `nice`: where no cgroup can be made, nice and the autogroup's nice, as decision 0035 had it.
 * - `off`: BROWSER_NICE=0, the browser at the worker's own priority.
 */
export type BrowserPriority = { kind: 'cgroup'; dir: string; setting: string; nice: number } | { kind: 'nice'; nice: number } | { kind: 'off' }

let priority: { nice: number; decided: BrowserPriority } | null = null

/** The cgroup CPU weight that matches a nice value: about 1.25 times less per step, as the scheduler weighs nice. */
const weightFor = (nice: number, normal: number, least: number) => Math.max(least, Math.round(normal / 1.25 ** nice))

/** The two cgroup hierarchies: where this process's group is, and the weight file with its scale. */
const HIERARCHIES = [
  // cgroup v1: the cpu controller's own hierarchy, a child beside this process's group.
  {
    own: /^\d+:(?:[^:]*,)?cpu(?:,[^:]*)?:(.*)$/m,
    root: '/sys/fs/cgroup/cpu',
    marker: 'cpu.shares',
    parentOf: (own: string) => own,
    file: 'cpu.shares',
    normal: 1024,
    least: 2,
  },
  // cgroup v2: a sibling of this process's group (a group holding processes cannot have children with controllers).
  {
    own: /^0::(.*)$/m,
    root: '/sys/fs/cgroup',
    marker: 'cgroup.controllers',
    parentOf: (own: string) => dirname(own),
    file: 'cpu.weight',
    normal: 100,
    least: 1,
  },
]

/** A cgroup of this process's own for its browser, or null where none can be made (no cpu controller, no permission). */
function browserCgroup(nice: number): { dir: string; setting: string } | null {
  const attempts = HIERARCHIES.map((hierarchy) => () => {
    const own = hierarchy.own.exec(readFileSync('/proc/self/cgroup', 'utf8'))?.[1]
    if (own === undefined || !existsSync(join(hierarchy.root, hierarchy.marker))) throw new Error(`no ${hierarchy.file}`)
    const parent = join(hierarchy.root, hierarchy.parentOf(own))
    sweepCgroups(parent)
    const dir = join(parent, `pieces-browser-${process.pid}`)
    mkdirSync(dir, { recursive: true })
    if (nice >= 19 && existsSync(join(dir, 'cpu.idle'))) {
      writeFileSync(join(dir, 'cpu.idle'), '1')
      return { dir, setting: 'cpu.idle 1' }
    }
    const weight = weightFor(nice, hierarchy.normal, hierarchy.least)
    writeFileSync(join(dir, hierarchy.file), String(weight))
    return { dir, setting: `${hierarchy.file} ${weight} (${hierarchy.normal} for a process at nice 0)` }
  })
  for (const attempt of attempts) {
    try {
      return attempt()
    } catch {
      // Not this kind of machine, or not allowed here: the next way, or none.
    }
  }
  return null
}

/** Decides (once) how the browser yields the CPU; the worker logs it at start. */
export function browserPriority(): BrowserPriority {
  const nice = browserNice()
  if (priority?.nice === nice) return priority.decided
  if (nice === 0 || process.platform !== 'linux') return (priority = { nice, decided: nice === 0 ? { kind: 'off' } : { kind: 'nice', nice } }).decided
  const cgroup = browserCgroup(nice)
  if (cgroup) process.once('exit', () => removeCgroup(cgroup.dir))
  return (priority = { nice, decided: cgroup ? { kind: 'cgroup', ...cgroup, nice } : { kind: 'nice', nice } }).decided
}

/** The start log's line on it. */
export function describeBrowserPriority(current = browserPriority()) {
  if (current.kind === 'off') return 'browser priority: as the worker (BROWSER_NICE=0)'
  if (current.kind === 'nice') return `browser priority: nice ${current.nice} and its autogroup's (no CPU cgroup could be made here)`
  return `browser priority: CPU cgroup ${current.dir} with ${current.setting}, and nice ${current.nice}`
}

/** The browser cgroups of processes that are gone (killed before they could remove theirs). */
function sweepCgroups(parent: string) {
  for (const entry of readdirSync(parent)) {
    const pid = /^pieces-browser-(\d+)$/.exec(entry)?.[1]
    if (pid && Number(pid) !== process.pid && !existsSync(`/proc/${pid}`)) removeCgroup(join(parent, entry))
  }
}

/** An empty cgroup goes with its process (one with processes left cannot be removed, and is not). */
function removeCgroup(dir: string) {
  try {
    rmdirSync(dir)
  } catch {
    // Still holds a process, or already gone.
  }
}

/**
 * Chromium started through a short script that puts it in its place before it runs, so every
 * process it forks (zygote, renderers, GPU and network services) inherits it from the first
 * instruction: its CPU cgroup (see browserPriority), `nice` for the scheduler's per-thread
 * weights, and the session's autogroup. Answers the path to launch, the browser itself where
 * there is nothing to lower, and what removes the script once the browser has started (or
 * failed to).
 */
function atBackgroundPriority(executablePath: string): { path: string; remove: () => void } {
  const current = browserPriority()
  if (current.kind === 'off') return { path: executablePath, remove: () => {} }
  const dir = mkdtempSync(join(tmpdir(), 'pieces-chromium-'))
  const path = join(dir, `chromium-nice-${current.nice}`)
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`
  writeFileSync(
    path,
    [
      '#!/bin/sh',
      '# Written by jobs/browser.ts: Chromium at background CPU priority (docs/decisions/0035, 0041).',
      ...(current.kind === 'cgroup' ? [`echo $$ > ${quote(join(current.dir, 'cgroup.procs'))} 2>/dev/null`] : []),
      `[ -w /proc/self/autogroup ] && echo ${current.nice} > /proc/self/autogroup 2>/dev/null`,
      `exec nice -n ${current.nice} ${quote(executablePath)} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o700 },
  )
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

type Fresh = { context: BrowserContext; page: Page }
/**
 * A fresh context and page made ahead of their use, by viewport: starting a page's
 * renderer is most of a short check's time (issue 13.1), so a caller that asks for
 * `spare` has the next one made while nothing waits for it. Never used twice.
 */
const spares = new Map<string, Promise<Fresh | null>>()
const sizeKey = (size: { width: number; height: number }) => `${size.width}x${size.height}`

async function fresh(size: { width: number; height: number }): Promise<Fresh> {
  const context = await (await browser()).newContext({ viewport: size, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}))
    return { context, page }
  } catch (error) {
    await context.close().catch(() => {})
    throw error
  }
}

/** Makes the next fresh page for this viewport in the background (a browser that cannot start is heard about on use). */
export function prepareSpare(size: { width: number; height: number }) {
  if (spares.has(sizeKey(size))) return
  spares.set(
    sizeKey(size),
    fresh(size).catch(() => null),
  )
}

async function take(size: { width: number; height: number }): Promise<Fresh> {
  // Taken before waiting for it: two callers at once must not both get the one spare.
  const pending = spares.get(sizeKey(size))
  spares.delete(sizeKey(size))
  const spare = await pending
  if (spare && spare.context.browser()?.isConnected() && !spare.page.isClosed()) return spare
  return fresh(size)
}

/**
 * Runs `use` on a new page of a fresh context, within `timeoutMs` of page time (RenderTimeout;
 * BrowserBusy when the machine kept the browser from it, see withinPageTime). Dialogs are
 * dismissed as they open. The context is closed afterwards without holding up the answer (and
 * the browser with it, if it will not close it). With `spare`, the next page of this size is
 * made ready once this one is closed. With `reuse` (issue 27), a page whose use ended in time
 * is made as good as new (see reset) and kept for the next use of its size instead: a fresh
 * context starts a renderer, about 0.7 CPU-seconds of a check's 0.75, while the Pieces'
 * origins are all one site, so a kept page's renderer serves the next Piece too.
 */
export async function withPage<T>(
  options: { width: number; height: number; timeoutMs: number; spare?: boolean; reuse?: boolean },
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const size = { width: options.width, height: options.height }
  const fresh = options.reuse ? await takeKept(size) : await take(size)
  const origins = new Set<string>()
  if (options.reuse) fresh.page.on('request', (request) => void visited(origins, request.url()))
  let inTime = false
  try {
    const result = await withinPageTime(use(fresh.page), options.timeoutMs)
    if (result === 'late') throw new RenderTimeout(`no result within ${options.timeoutMs} ms`)
    inTime = true
    return result.done
  } finally {
    // Closed or reset while the caller goes on (nobody waits for a renderer's shutdown).
    if (options.reuse && inTime) comeBack(size, keep(fresh, origins))
    else void closeOrDrop(fresh.context).then(() => options.spare && prepareSpare(size))
  }
}

/**
 * Another page of a fresh context of its own (no cookies or storage shared with any other),
 * for a check that acts as a second visitor (issue 39.6); used inside withPage, whose time
 * bound covers it. `close` closes it, never keeps it.
 */
export async function extraPage(size: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const made = await take(size)
  return { page: made.page, close: () => closeOrDrop(made.context).then(() => prepareSpare(size)) }
}

/** Pages kept after a use that ended in time, by viewport, each ready for the next Piece. */
const kept = new Map<string, Fresh[]>()
/** Pages being made as good as new, by viewport: the next use waits for one rather than start a renderer. */
const returning = new Map<string, Promise<Fresh | null>[]>()

/** A page on its way back: it goes to whoever asks first, else to the kept ones. */
function comeBack(size: { width: number; height: number }, back: Promise<Fresh | null>) {
  const queue = returning.get(sizeKey(size)) ?? []
  queue.push(back)
  returning.set(sizeKey(size), queue)
  void back.then((fresh) => {
    const index = queue.indexOf(back)
    if (index < 0) return // someone took it on its way
    queue.splice(index, 1)
    const pages = kept.get(sizeKey(size)) ?? []
    if (!fresh) return
    if (pages.length >= MOST_KEPT) return void closeOrDrop(fresh.context)
    pages.push(fresh)
    kept.set(sizeKey(size), pages)
  })
}
/** At most this many kept per size (more than a worker's CPU pool ever has in use at once). */
const MOST_KEPT = 16
/** How long making a page as good as new may take before it is closed instead (page time). */
const RESET_MS = 2_000

function visited(origins: Set<string>, url: string) {
  try {
    const { origin, protocol } = new URL(url)
    if (protocol === 'http:' || protocol === 'https:') origins.add(origin)
  } catch {
    // not an address with an origin
  }
}

async function takeKept(size: { width: number; height: number }): Promise<Fresh> {
  const usable = (fresh: Fresh | null | undefined): fresh is Fresh => Boolean(fresh?.context.browser()?.isConnected() && !fresh.page.isClosed())
  const pages = kept.get(sizeKey(size)) ?? []
  for (let next = pages.pop(); next; next = pages.pop()) if (usable(next)) return next
  // Resetting takes a fraction of what starting a renderer costs.
  const back = returning.get(sizeKey(size))?.shift()
  if (back) {
    const fresh = await back
    if (usable(fresh)) return fresh
  }
  return take(size)
}

/**
 * A used page as good as new for the next Piece: none of the last use's listeners or routes,
 * a blank document, no cookies, and nothing stored by the origins it visited (local storage,
 * IndexedDB, cache storage…), so a Piece checked twice meets its second version as a first
 * visitor would. One that cannot be reset in time (a page stuck in a script) is closed.
 */
async function keep(fresh: Fresh, origins: Set<string>): Promise<Fresh | null> {
  const { context, page } = fresh
  const reset = async () => {
    for (const event of ['pageerror', 'console', 'requestfailed', 'response', 'dialog', 'request'] as const) page.removeAllListeners(event)
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}))
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.goto('about:blank', { timeout: 0 })
    await context.clearCookies()
    const cdp = await context.newCDPSession(page)
    try {
      for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    } finally {
      await cdp.detach().catch(() => {})
    }
  }
  const done = await withinPageTime(reset(), RESET_MS).catch(() => 'late' as const)
  if (done !== 'late' && context.browser()?.isConnected()) return fresh
  await closeOrDrop(context)
  return null
}

/**
 * Closes a used context; a browser that will not close it within 5 s of page time is thrown
 * away (one kept from the CPU by a busy machine is left to finish in its own time).
 */
async function closeOrDrop(context: BrowserContext) {
  const closed = await withinPageTime(context.close(), 5_000).catch(() => 'busy' as const)
  if (closed === 'late') await closeBrowser()
}

/**
 * Issue 39: a Piece that keeps data, opened on its own in this browser (the load check, the
 * screenshot), sees none, as its first visitor does (app/piece-data/empty-data.ts): only a
 * framing page hands out a visitor's token.
 */
export const withEmptyData = (page: Page) =>
  page.route(`**${DATA_PATH_PREFIX}/**`, (route) => {
    const request = route.request()
    return route.fulfill(emptyDataAnswer(request.method(), new URL(request.url()).pathname))
  })
