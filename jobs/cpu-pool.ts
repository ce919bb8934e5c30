import { availableParallelism } from 'node:os'
import { getEnv } from '../app/lib/env.server'
import { recordCpuPool } from '../app/lib/metrics.server'

/**
 * Issue 27.1: the one bounded pool of a worker process for work that needs a CPU — browser
 * checks and screenshots — while generations, which mostly wait on a model server, run many
 * at once beside it. First come first served; a waiter that is aborted leaves the line. A
 * check's time limits start once it holds a slot, so waiting here is never blamed on the page.
 * docs/decisions/0041.
 */
export class CpuPool {
  private running = 0
  private peakRunning = 0
  private readonly waiters: { start: () => void; signal?: AbortSignal }[] = []

  constructor(readonly size: number) {}

  get busy() {
    return this.running
  }

  get waiting() {
    return this.waiters.length
  }

  /** The most slots held at once since the last call (a bench reads it between runs). */
  takePeak() {
    const peak = this.peakRunning
    this.peakRunning = this.running
    return peak
  }

  /**
   * Runs `work` once a slot is free. `onWait` is called (before waiting) only when none is;
   * an abort while waiting rejects with the signal's reason and gives up the place in line.
   */
  async run<T>(work: () => Promise<T>, { signal, onWait }: { signal?: AbortSignal; onWait?: () => Promise<void> | void } = {}): Promise<T> {
    signal?.throwIfAborted()
    if (this.running >= this.size) {
      // In line at once (an abort from now on leaves it); the caller's "waiting" is said meanwhile.
      const turn = new Promise<void>((resolve, reject) => {
        const waiter = {
          signal,
          start: () => {
            signal?.removeEventListener('abort', leave)
            resolve()
          },
        }
        const leave = () => {
          const index = this.waiters.indexOf(waiter)
          if (index >= 0) this.waiters.splice(index, 1)
          this.report()
          reject(signal?.reason)
        }
        signal?.addEventListener('abort', leave, { once: true })
        this.waiters.push(waiter)
        this.report()
      })
      turn.catch(() => {})
      // A report that fails must not lose the slot the turn may already hold.
      await Promise.all([Promise.resolve(onWait?.()).catch(() => {}), turn])
    } else {
      this.running += 1
    }
    this.peakRunning = Math.max(this.peakRunning, this.running)
    this.report()
    try {
      return await work()
    } finally {
      const next = this.waiters.shift()
      // The slot passes straight to the next in line, so nobody can take it in between.
      if (next) next.start()
      else this.running -= 1
      this.report()
    }
  }

  private report() {
    recordCpuPool(this.running, this.waiters.length)
  }
}

let pool: CpuPool | null = null

/** The process's pool, `BROWSER_CONCURRENCY` slots (default: the cores this process may use). */
export function cpuPool(): CpuPool {
  pool ??= new CpuPool(getEnv().BROWSER_CONCURRENCY ?? availableParallelism())
  return pool
}
