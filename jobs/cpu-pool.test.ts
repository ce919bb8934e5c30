import { describe, expect, it } from 'vitest'
import { CpuPool } from './cpu-pool'

/** A promise and the function that settles it, so a test decides when work ends. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('the CPU pool', () => {
  it('runs at most its size at once, first come first served, and says when work has to wait', async () => {
    const pool = new CpuPool(2)
    const gates = [gate(), gate(), gate(), gate()]
    const started: number[] = []
    const waited: number[] = []
    const runs = gates.map((each, index) =>
      pool.run(
        async () => {
          started.push(index)
          await each.opened
          return index
        },
        { onWait: () => void waited.push(index) },
      ),
    )
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([0, 1])
    expect(waited).toEqual([2, 3])
    expect([pool.busy, pool.waiting]).toEqual([2, 2])

    gates[1]!.open()
    await runs[1]
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([0, 1, 2])
    expect([pool.busy, pool.waiting]).toEqual([2, 1])

    for (const each of gates) each.open()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect([pool.busy, pool.waiting]).toEqual([0, 0])
    expect(pool.takePeak()).toBe(2)
  })

  it('lets a waiter that is aborted leave the line without taking a slot, and frees a slot whose work failed', async () => {
    const pool = new CpuPool(1)
    const first = gate()
    const holding = pool.run(() => first.opened)
    const leaving = new AbortController()
    const abandoned = pool.run(async () => 'never', { signal: leaving.signal })
    const next = pool.run(async () => 'next')
    leaving.abort(new Error('stopped'))
    await expect(abandoned).rejects.toThrow('stopped')
    expect(pool.waiting).toBe(1)
    first.open()
    await holding
    expect(await next).toBe('next')

    await expect(pool.run(async () => Promise.reject(new Error('crashed')))).rejects.toThrow('crashed')
    expect(pool.busy).toBe(0)
    expect(await pool.run(async () => 'after')).toBe('after')
  })
})
