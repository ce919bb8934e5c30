import { accessSync, constants, readdirSync, readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetEnv } from '../../app/lib/env.server'
import { browserPriority, closeBrowser, describeBrowserPriority, prepareSpare, withPage } from '../../jobs/browser'

/**
 * The worker's shared Chromium (jobs/browser.ts): pages made ahead are handed out once, and
 * the browser runs at background CPU priority (docs/decisions/0035) — in the system
 * Chromium, read back from /proc.
 */
const SIZE = { width: 640, height: 400 }

// The product's default here (tests/integration/setup.ts runs the other files at 0).
const configured = process.env.BROWSER_NICE
beforeEach(() => {
  delete process.env.BROWSER_NICE
  resetEnv()
})

afterEach(async () => {
  if (configured === undefined) delete process.env.BROWSER_NICE
  else process.env.BROWSER_NICE = configured
  resetEnv()
  await closeBrowser()
})

afterAll(() => closeBrowser())

/** Every process descending from this one whose command is Chromium's, with its autogroup line. */
function ourChromium() {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true
    return false
  }
  return [...parents.keys()]
    .filter((pid) => descends(pid))
    .flatMap((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        if (!/chrom/i.test(command.split(/\0| /)[0] ?? '')) return []
        return [
          {
            pid,
            renderer: command.includes('--type=renderer'),
            autogroup: readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim(),
            cpuCgroup: /^\d+:(?:[^:]*,)?cpu(?:,[^:]*)?:(.*)$/m.exec(readFileSync(`/proc/${pid}/cgroup`, 'utf8'))?.[1] ?? null,
          },
        ]
      } catch {
        return []
      }
    })
}

const open = (html: string) =>
  withPage({ ...SIZE, timeoutMs: 20_000 }, async (page) => {
    await page.goto(`data:text/html,${encodeURIComponent(html)}`)
    return ourChromium()
  })

describe('the shared browser', { timeout: 60_000 }, () => {
  it('hands a page made ahead to one caller only, however many ask at once', async () => {
    prepareSpare(SIZE)
    const pages = await Promise.all([1, 2, 3].map(() => withPage({ ...SIZE, timeoutMs: 20_000 }, async (page) => page)))
    expect(new Set(pages).size).toBe(3)
  })

  it('runs every Chromium process at background CPU priority (nice 10), renderers started later too', async () => {
    expect(readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim()).toBe('1')
    const first = await open('<h1>first</h1>')
    // A second page in a fresh context gets a renderer of its own, forked after the launch.
    const second = await open('<h1>second</h1>')
    const renderers = second.filter((process) => process.renderer && !first.some((earlier) => earlier.pid === process.pid))
    expect(renderers.length).toBeGreaterThan(0)
    expect(second.length).toBeGreaterThan(2)
    // Playwright starts the browser in a session of its own: that session's autogroup is what the scheduler weighs.
    for (const process of second) expect(process.autogroup, `pid ${process.pid}`).toMatch(/ nice 10$/)
  })

  it('puts every Chromium process in a CPU cgroup of its own with a small weight where one can be made (containers as root too)', async () => {
    // This machine's kind (cgroup v1, root) allows it; the start log says so.
    expect(accessSync('/sys/fs/cgroup/cpu', constants.W_OK)).toBeUndefined()
    const current = browserPriority()
    expect(current).toMatchObject({ kind: 'cgroup', setting: expect.stringMatching(/^cpu\.shares 110 /) })
    expect(describeBrowserPriority()).toMatch(/^browser priority: CPU cgroup .*pieces-browser-\d+ with cpu\.shares 110 /)
    const processes = await open('<h1>weighed</h1>')
    expect(processes.length).toBeGreaterThan(2)
    for (const process of processes) expect(process.cpuCgroup, `pid ${process.pid}`).toMatch(new RegExp(`/pieces-browser-${global.process.pid}$`))
    expect(readFileSync(`${current.kind === 'cgroup' ? current.dir : ''}/cpu.shares`, 'utf8').trim()).toBe('110')
  })

  it('leaves the browser at normal priority with BROWSER_NICE=0', async () => {
    process.env.BROWSER_NICE = '0'
    resetEnv()
    const processes = await open('<h1>normal</h1>')
    expect(processes.length).toBeGreaterThan(2)
    for (const process of processes) {
      expect(process.autogroup, `pid ${process.pid}`).toMatch(/ nice 0$/)
      expect(process.cpuCgroup, `pid ${process.pid}`).not.toMatch(/pieces-browser/)
    }
    expect(describeBrowserPriority()).toBe('browser priority: as the worker (BROWSER_NICE=0)')
  })
})
