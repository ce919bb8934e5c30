import { describe, expect, it } from 'vitest'
import { BrowserBusy, PATIENCE, withinPageTime } from './browser'

/**
 * The time limits of the browser's work count page time: wall time less the time the
 * machine was short of CPU (docs/decisions/0035). The stall counter is given here, as
 * /proc/pressure/cpu would give it: microseconds in which some task waited for a CPU.
 */
const never = new Promise<never>(() => {})
/** A machine where something waited for a CPU all the time. */
const starved = () => {
  const started = performance.now()
  return () => Math.round((performance.now() - started) * 1000)
}
const quiet = () => () => 0
/** A browser that gets no CPU (its counter, in milliseconds, stands still). */
const idleBrowser = () => 0

describe('withinPageTime', () => {
  it('answers the work when it ends in time', async () => {
    expect(await withinPageTime(Promise.resolve('done'), 200, quiet(), idleBrowser)).toEqual({ done: 'done' })
  })

  it('is the wall clock on a quiet machine, and without pressure information', async () => {
    for (const stalls of [quiet(), () => null]) {
      const started = performance.now()
      expect(await withinPageTime(never, 200, stalls, idleBrowser)).toBe('late')
      const took = performance.now() - started
      expect(took).toBeGreaterThanOrEqual(199)
      expect(took).toBeLessThan(200 * PATIENCE)
    }
  })

  it('does not count time the machine kept from the page, and gives up as busy after PATIENCE times the limit', async () => {
    const started = performance.now()
    await expect(withinPageTime(never, 200, starved(), idleBrowser)).rejects.toBeInstanceOf(BrowserBusy)
    expect(performance.now() - started).toBeGreaterThanOrEqual(200 * PATIENCE - 1)
  })

  it('counts the CPU time the browser had meanwhile, so a page that spins is caught on a busy machine', async () => {
    // Short of CPU all the time, yet the browser computes without pause (a script that never ends).
    const started = performance.now()
    const spinning = () => performance.now() - started
    expect(await withinPageTime(never, 200, starved(), spinning)).toBe('late')
    const took = performance.now() - started
    expect(took).toBeGreaterThanOrEqual(390)
    expect(took).toBeLessThan(200 * PATIENCE)
  })

  it('counts the time the page had when the machine was short of CPU for part of it', async () => {
    // Short of CPU half the time: 200 ms of page time take about 400 ms.
    const started = performance.now()
    const half = () => Math.round(((performance.now() - started) * 1000) / 2)
    expect(await withinPageTime(never, 200, half, idleBrowser)).toBe('late')
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
  })
})
