import { describe, expect, it } from 'vitest'
import { Coalescer, type Outcome } from './coalescer'

/** A runner whose batches end when the test says so, remembering what each batch held. */
function gatedRunner() {
  const batches: number[][] = []
  const gates: (() => void)[] = []
  const run = async (_key: string, items: number[]): Promise<Outcome<number>[]> => {
    batches.push(items)
    await new Promise<void>((resolve) => gates.push(resolve))
    if (items.includes(-1)) throw new Error('the batch failed')
    return items.map((item) => (item % 2 ? { ok: true, value: item * 10 } : { ok: false, error: new Error(`refused ${item}`) }))
  }
  const release = async () => {
    while (!gates.length) await new Promise((resolve) => setImmediate(resolve))
    gates.shift()?.()
  }
  return { batches, run, release }
}

describe('Coalescer', () => {
  it('starts a lone item at once and puts items that arrive meanwhile in the next batch, each answered on its own', async () => {
    const { batches, run, release } = gatedRunner()
    const coalescer = new Coalescer(run, { maxItems: 100, maxWeight: 1000, weigh: () => 1 })
    const first = coalescer.submit('a', 1)
    const later = [3, 4, 5].map((item) => coalescer.submit('a', item))
    const settled = Promise.allSettled([first, ...later])
    expect(batches).toEqual([[1]])
    expect(coalescer.waiting()).toBe(3)
    await release()
    await release()
    const results = await settled
    expect(batches).toEqual([[1], [3, 4, 5]])
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([10, 30, 'Error: refused 4', 50])
    expect(coalescer.waiting()).toBe(0)
  })

  it('runs keys apart, fails only the batch that threw, and keeps batches within their size and weight', async () => {
    const { batches, run, release } = gatedRunner()
    const coalescer = new Coalescer(run, { maxItems: 2, maxWeight: 10, weigh: (item) => Math.abs(item) })
    const a = coalescer.submit('a', 1)
    const b = coalescer.submit('b', 7)
    expect(batches).toEqual([[1], [7]])
    const failing = [coalescer.submit('a', -1), coalescer.submit('a', 3)]
    const next = [coalescer.submit('a', 9), coalescer.submit('a', 5), coalescer.submit('a', 11)]
    const settled = Promise.allSettled([a, b, ...failing, ...next])
    for (let i = 0; i < 6; i += 1) await release()
    const results = (await settled).map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))
    expect(results).toEqual([10, 70, 'Error: the batch failed', 'Error: the batch failed', 90, 50, 110])
    // [9, 5] weighs 14 > 10: 9 goes alone; 11 is over the weight but goes first in a batch of its own.
    expect(batches).toEqual([[1], [7], [-1, 3], [9], [5], [11]])
  })
})
