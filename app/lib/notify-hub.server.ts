import { z } from 'zod'
import { sql } from './db.server'
import { logger, startLogContext } from './log.server'

const log = logger('relay')

/** What NOTIFY carries: the id of a stored row and the Piece it belongs to (far under the 8000-byte limit). */
export type Notice = { id: number; pieceId: number }
type Subscription<T> = { listener: (id: number, row: T) => void; interrupted: () => void }

/**
 * One LISTEN connection per process fans rows announced on a channel out to every subscriber
 * of a Piece in memory: a thousand subscribers cost one query per row, not a thousand. When
 * that connection is lost (a database restart), postgres.js LISTENs again once it can; rows
 * announced meanwhile were not heard, so every subscription is then ended as interrupted and
 * its client resumes from the last id it saw (docs/decisions/0030).
 */
export class NotifyHub<T> {
  private listeners = new Map<number, Set<Subscription<T>>>()
  private started: Promise<void> | null = null
  private listened = false
  /** The relay of the last announced row: each waits for the one before it. */
  private relaying = Promise.resolve()

  constructor(
    private channel: string,
    /** Reads an announced row (null when it is gone). */
    private read: (id: number) => Promise<T | null>,
  ) {}

  private start() {
    this.started ??= sql
      .listen(
        this.channel,
        // Relayed for every subscriber, in no request's log context (see startLogContext).
        (payload) => startLogContext({}, () => void this.onNotify(payload)),
        () => startLogContext({}, () => this.onListen()),
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        this.started = null
        throw error
      })
    return this.started
  }

  private onListen() {
    if (!this.listened) return void (this.listened = true)
    // postgres.js may say so more than once for one reconnection: a stream opened in
    // between is then ended once more, harmlessly (its client resumes from its last id).
    this.interruptAll()
  }

  /** Ends every subscription as interrupted: after a lost LISTEN, and when the process shuts down. */
  interruptAll() {
    const interrupted = [...this.listeners.values()].flatMap((set) => [...set])
    this.listeners.clear()
    for (const subscription of interrupted) subscription.interrupted()
  }

  private onNotify(payload: string) {
    const note = parseNotice(payload)
    if (!note || !this.listeners.get(note.pieceId)?.size) return
    // Rows are read at once, on any pool connection, but handed out in the order they were
    // announced: answers that came back out of order would make a follower skip the earlier id.
    const reading = this.read(note.id)
    reading.catch(() => {})
    this.relaying = this.relaying.then(async () => {
      try {
        const row = await reading
        const listeners = this.listeners.get(note.pieceId)
        if (row === null || !listeners) return
        for (const { listener } of listeners) listener(note.id, row)
      } catch (error) {
        log.error({ err: error, channel: this.channel, id: note.id }, 'could not relay a change')
      }
    })
  }

  async subscribe(pieceId: number, listener: (id: number, row: T) => void, interrupted: () => void = () => {}): Promise<() => void> {
    await this.start()
    let set = this.listeners.get(pieceId)
    if (!set) this.listeners.set(pieceId, (set = new Set()))
    const subscription = { listener, interrupted }
    set.add(subscription)
    return () => {
      set.delete(subscription)
      if (!set.size && this.listeners.get(pieceId) === set) this.listeners.delete(pieceId)
    }
  }

  subscriberCount() {
    let count = 0
    for (const set of this.listeners.values()) count += set.size
    return count
  }
}

/** A NOTIFY's payload: the row's id and its Piece. */
const NoticeSchema = z.object({ id: z.number(), pieceId: z.number() })

function parseNotice(payload: string): Notice | null {
  try {
    return NoticeSchema.safeParse(JSON.parse(payload)).data ?? null
  } catch {
    return null
  }
}

/**
 * Every row for a Piece after `afterId`, stored or live, each exactly once and in order: live
 * rows are buffered while the replay is read, then both are merged by id. When the hub's
 * LISTEN was interrupted, `interrupted` is called (a stream ends and its client resumes);
 * without one, the follower catches up by itself from the last id it delivered.
 */
export async function follow<T>(
  hub: NotifyHub<T>,
  {
    pieceId,
    afterId,
    replay,
    accepts = () => true,
  }: {
    pieceId: number
    afterId: number
    replay: (afterId: number) => Promise<{ id: number; row: T }[]>
    /** The rows this follower wants: only they move its last id (rows of others may commit in another order). */
    accepts?: (row: T) => boolean
  },
  deliver: (id: number, row: T) => void,
  interrupted?: () => void,
) {
  let last = afterId
  let stopped = false
  let unsubscribe = () => {}
  const push = (id: number, row: T) => {
    if (id <= last || !accepts(row)) return
    last = id
    deliver(id, row)
  }
  const start = async () => {
    let replaying = true
    const buffered: { id: number; row: T }[] = []
    unsubscribe = await hub.subscribe(pieceId, (id, row) => (replaying ? buffered.push({ id, row }) : push(id, row)), onInterrupted)
    try {
      for (const { id, row } of await replay(last)) push(id, row)
    } finally {
      replaying = false
      buffered.sort((a, b) => a.id - b.id).forEach(({ id, row }) => push(id, row))
    }
  }
  const onInterrupted =
    interrupted ??
    (() => {
      if (stopped) return
      start().catch((error: unknown) => log.error({ err: error, pieceId }, 'could not catch up after the database came back'))
    })
  await start()
  return () => {
    stopped = true
    unsubscribe()
  }
}
