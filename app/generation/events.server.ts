import type { Sql, TransactionSql } from 'postgres'
import { jsonb, sql } from '~/lib/db.server'
import { singleton } from '~/lib/singleton.server'
import { logger } from '~/lib/log.server'
import { follow, NotifyHub } from '~/lib/notify-hub.server'
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
  if (!row) throw new Error('the generation event was not saved')
  log.debug({ generationId, pieceId: event.pieceId, eventId: row.id, type: event.type, stage: event.stage }, 'generation event')
  return row.id
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

async function readEvent(id: number): Promise<ChatEvent | null> {
  const [row] = await sql<{ payload: unknown }[]>`select payload from generation_events where id = ${id}`
  return row ? ChatEventSchema.parse(row.payload) : null
}

/** The process's one LISTEN for generation events (app/lib/notify-hub.server.ts). */
export const eventHub = () => singleton('generation-event-hub', () => new NotifyHub<ChatEvent>(EVENTS_CHANNEL, readEvent))

/**
 * Every event of a Piece after `afterId`, stored or live, each exactly once and in order
 * (app/lib/notify-hub.server.ts `follow`). When the hub's LISTEN was interrupted,
 * `interrupted` is called (a stream ends and its client resumes); without one, the follower
 * catches up by itself from the last id it delivered.
 */
export function followPiece(pieceId: number, afterId: number, deliver: (stored: StoredEvent) => void, interrupted?: () => void) {
  return follow(
    eventHub(),
    { pieceId, afterId, replay: async (after) => (await eventsSince(pieceId, after)).map(({ id, event }) => ({ id, row: event })) },
    (id, event) => deliver({ id, event }),
    interrupted,
  )
}

/** Old events are only needed for reconnects; the cleanup job drops them after a day. */
export async function pruneEvents() {
  const removed = await sql`delete from generation_events where created_at < now() - interval '1 day'`
  return removed.count
}
