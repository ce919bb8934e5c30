import type { Sql, TransactionSql } from 'postgres'
import { jsonb, sql } from '~/lib/db.server'
import { singleton } from '~/lib/singleton.server'
import { logger, startLogContext } from '~/lib/log.server'
import { ChatEventSchema } from './stored'
import type { ChatEvent } from './types'

export type StoredEvent = { id: number; event: ChatEvent }

export const EVENTS_CHANNEL = 'generation_events'

const log = logger('generation')

/**
 * Writes an event and announces its id with NOTIFY in the same transaction, so listeners
 * hear of it exactly when it is visible. Notifications carry ids only (far under the
 * 8000-byte limit); every listening process reads the row once.
 */
export async function appendEvent(db: Sql | TransactionSql, generationId: number, event: ChatEvent): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    with inserted as (
      insert into generation_events (piece_id, generation_id, payload)
      values (${event.pieceId}, ${generationId}, ${jsonb(db, { ...event, generationId })})
      returning id::int as id, piece_id
    )
    select id, pg_notify(${EVENTS_CHANNEL}, json_build_object('id', id, 'pieceId', piece_id)::text) from inserted`
  log.debug({ generationId, pieceId: event.pieceId, eventId: row!.id, type: event.type, stage: event.stage }, 'generation event')
  return row!.id
}

/** Events of a Piece after an id (Last-Event-ID replay), oldest first. */
export async function eventsSince(pieceId: number, afterId: number, limit = 500): Promise<StoredEvent[]> {
  const rows = await sql<{ id: number; payload: unknown }[]>`
    select id::int as id, payload from generation_events
    where piece_id = ${pieceId} and id > ${afterId}
    order by id limit ${limit}`
  return rows.map((row) => ({ id: row.id, event: ChatEventSchema.parse(row.payload) }))
}

/**
 * Where a fresh subscriber (no Last-Event-ID) starts: from now, except that while a
 * generation runs it is first sent that generation's latest event, so a page opened or
 * reloaded mid-way shows the current step at once instead of a bare stage.
 */
export async function freshSubscriberStart(pieceId: number): Promise<number> {
  const [row] = await sql<{ id: number | null }[]>`
    select coalesce(
      (select max(e.id)::int - 1 from generation_events e join generations g on g.id = e.generation_id
       where e.piece_id = ${pieceId} and g.status in ('queued', 'running')),
      (select max(id)::int from generation_events where piece_id = ${pieceId})) as id`
  return row?.id ?? 0
}

type Listener = (stored: StoredEvent) => void
type Subscription = { listener: Listener; interrupted: () => void }

/**
 * One LISTEN connection per process fans events out to every subscriber of a Piece in
 * memory: a thousand subscribers cost one query per event, not a thousand. When that
 * connection is lost (a database restart), postgres.js LISTENs again once it can; events
 * announced meanwhile were not heard, so every subscription is then ended as interrupted,
 * and its client resumes with Last-Event-ID from the stored events (docs/decisions/0030).
 */
class EventHub {
  private listeners = new Map<number, Set<Subscription>>()
  private started: Promise<void> | null = null
  private listened = false
  /** The relay of the last announced event: each waits for the one before it. */
  private relaying = Promise.resolve()

  private start() {
    this.started ??= sql
      .listen(
        EVENTS_CHANNEL,
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

  private async onNotify(payload: string) {
    let note: { id: number; pieceId: number }
    try {
      note = JSON.parse(payload) as { id: number; pieceId: number }
    } catch {
      return
    }
    if (!this.listeners.get(note.pieceId)?.size) return
    // Rows are read at once, on any pool connection, but handed out in the order they were
    // announced: answers that came back out of order would make a follower skip the earlier id.
    const reading = (async () => sql<{ payload: unknown }[]>`select payload from generation_events where id = ${note.id}`)()
    reading.catch(() => {})
    this.relaying = this.relaying.then(async () => {
      try {
        const [row] = await reading
        const listeners = this.listeners.get(note.pieceId)
        if (!row || !listeners) return
        const event = ChatEventSchema.parse(row.payload)
        for (const { listener } of listeners) listener({ id: note.id, event })
      } catch (error) {
        log.error({ err: error, eventId: note.id }, 'could not relay an event')
      }
    })
  }

  async subscribe(pieceId: number, listener: Listener, interrupted: () => void = () => {}): Promise<() => void> {
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

export const eventHub = () => singleton('chat-event-hub', () => new EventHub())

/**
 * Every event of a Piece after `afterId`, stored or live, each exactly once and in order:
 * live events are buffered while the replay is read, then both are merged by id. When the
 * hub's LISTEN was interrupted, `interrupted` is called (a stream ends and its client
 * resumes); without one, the follower catches up by itself from the last id it delivered.
 */
export async function followPiece(pieceId: number, afterId: number, deliver: (stored: StoredEvent) => void, interrupted?: () => void) {
  let last = afterId
  let stopped = false
  let unsubscribe = () => {}
  const push = (stored: StoredEvent) => {
    if (stored.id <= last) return
    last = stored.id
    deliver(stored)
  }
  const follow = async () => {
    let replaying = true
    const buffered: StoredEvent[] = []
    unsubscribe = await eventHub().subscribe(pieceId, (stored) => (replaying ? buffered.push(stored) : push(stored)), onInterrupted)
    try {
      for (const stored of await eventsSince(pieceId, last)) push(stored)
    } finally {
      replaying = false
      buffered.sort((a, b) => a.id - b.id).forEach(push)
    }
  }
  const onInterrupted =
    interrupted ??
    (() => {
      if (stopped) return
      follow().catch((error: unknown) => log.error({ err: error, pieceId }, 'could not catch up after the database came back'))
    })
  await follow()
  return () => {
    stopped = true
    unsubscribe()
  }
}

/** Old events are only needed for reconnects; the cleanup job drops them after a day. */
export async function pruneEvents() {
  const removed = await sql`delete from generation_events where created_at < now() - interval '1 day'`
  return removed.count
}
