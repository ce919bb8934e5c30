/** What one item of a batch came to: its own value, or its own error (which fails no other item). */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown }

type Pending<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }
type Queue<I, O> = { pending: Pending<I, O>[]; running: boolean }

/**
 * Runs work in batches per key, one batch of a key at a time (docs/decisions/0058): the first
 * item of a quiet key starts at once, and items that arrive while its batch runs wait and go
 * together in the next one. So a crowd writing to one place at the same moment costs a few
 * batches, not a queue of one transaction each, and a lone item waits for nothing.
 *
 * `run` answers one outcome per item, in the order given; if it throws, every item of that
 * batch fails with its error. A batch takes at most `maxItems` items and, past its first
 * item, at most `maxWeight` of their weight (a big item goes first in a batch of its own).
 */
export class Coalescer<K, I, O> {
  private queues = new Map<K, Queue<I, O>>()

  constructor(
    private run: (key: K, items: I[]) => Promise<Outcome<O>[]>,
    private limits: { maxItems: number; maxWeight: number; weigh: (item: I) => number },
  ) {}

  submit(key: K, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      let queue = this.queues.get(key)
      if (!queue) this.queues.set(key, (queue = { pending: [], running: false }))
      queue.pending.push({ item, resolve, reject })
      if (!queue.running) void this.drain(key, queue)
    })
  }

  /** How many items wait for a batch (for tests and metrics). */
  waiting() {
    let count = 0
    for (const queue of this.queues.values()) count += queue.pending.length
    return count
  }

  private takeBatch(queue: Queue<I, O>) {
    let weight = 0
    let taken = 0
    for (const { item } of queue.pending) {
      const next = this.limits.weigh(item)
      if (taken > 0 && (taken >= this.limits.maxItems || weight + next > this.limits.maxWeight)) break
      weight += next
      taken += 1
    }
    return queue.pending.splice(0, taken)
  }

  private async drain(key: K, queue: Queue<I, O>) {
    queue.running = true
    try {
      while (queue.pending.length) {
        const batch = this.takeBatch(queue)
        try {
          const outcomes = await this.run(
            key,
            batch.map((pending) => pending.item),
          )
          batch.forEach((pending, i) => {
            const outcome = outcomes[i]
            if (!outcome) pending.reject(new Error('A batch answered fewer outcomes than it had items.'))
            else if (outcome.ok) pending.resolve(outcome.value)
            else pending.reject(outcome.error)
          })
        } catch (error) {
          for (const pending of batch) pending.reject(error)
        }
      }
    } finally {
      queue.running = false
      if (this.queues.get(key) === queue && !queue.pending.length) this.queues.delete(key)
    }
  }
}
