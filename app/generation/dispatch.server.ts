import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import { sql, type Db } from '~/lib/db.server'
import { getEnv } from '~/lib/env.server'
import { JOBS_CHANNEL } from '~/lib/jobs.server'
import { EVENTS_CHANNEL } from './events.server'
import { StoredRequest, type GenerationRequest } from './stored'
import type { ModelId } from '~/lib/models'

/**
 * Issue 27: which generation runs next, and whether the queue can take one more. Generations
 * wait in their own table (status 'queued'); a worker with a free slot claims the oldest one
 * whose owner has fewer than `user_slots` running (first come first served across users, and
 * no user takes every slot), so a claim is one statement and nothing waits in a process's
 * memory. docs/decisions/0041.
 */

/** The name under which senders wake the workers (NOTIFY on the jobs channel). */
export const GENERATION_WAKE = 'generate'

/** How long a generation may run in all; then it is aborted and fails at no charge. */
export const GENERATION_MAX_MS = 15 * 60 * 1000

/** Until a worker has finished a few, a generation is assumed to take this long (for the queue's pace). */
const ASSUMED_GENERATION_SECONDS = 30
/** Recent generations whose duration sets the queue's pace. */
const PACE_SAMPLE = 50

export type ClaimedGeneration = {
  id: number
  pieceId: number
  userId: number
  model: ModelId
  request: GenerationRequest
  reserved: number
  requestId: string | null
}

/**
 * Claims the next generation this worker may run: the oldest queued one whose owner is under
 * their cap of running generations. Claims are serialised by a transaction-scoped advisory
 * lock, so two workers cannot both take a user's last slot.
 */
export async function claimNextGeneration(): Promise<ClaimedGeneration | null> {
  // A plain read first: most polls find nothing, and a transaction whose connection drops
  // mid-way (a database restart) is one more rollback written to a closed socket.
  const [waiting] = await sql<{ any: boolean }[]>`select exists (select 1 from generations where status = 'queued') as any`
  if (!waiting?.any) return null
  const claimed = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('pieces.generation-claim'))`
    const [row] = await tx<(Omit<ClaimedGeneration, 'request'> & { request: unknown })[]>`
      update generations set status = 'running', stage = 'planning', started_at = now(), heartbeat_at = now(), attempts = attempts + 1
      where id = (
        select g.id from generations g
        where g.status = 'queued'
          and (select count(*) from generations r where r.user_id = g.user_id and r.status = 'running') < g.user_slots
        order by g.created_at, g.id
        limit 1
      )
      returning id::int as id, piece_id::int as "pieceId", user_id::int as "userId", model, request,
        reserved_tokens::int as reserved, request_id as "requestId"`
    if (!row) return null
    await tx`update pieces set generation_started_at = now() where id = ${row.pieceId}`
    return row
  })
  return claimed ? { ...claimed, request: StoredRequest.parse(claimed.request) } : null
}

/** Wakes every worker process (at commit, inside a transaction): a generation was queued, or a user's slot came free. */
export async function wakeWorkers(db: Db = sql) {
  await db`select pg_notify(${JOBS_CHANNEL}, ${GENERATION_WAKE})`
}

/** A generation's place in the queue: 1 when it starts next; null once it is not waiting. */
export async function queuePosition(generationId: number): Promise<number | null> {
  const [row] = await sql<{ position: number | null }[]>`
    select case when g.status = 'queued' then (
      select count(*)::int from generations q where q.status = 'queued' and (q.created_at, q.id) <= (g.created_at, g.id)
    ) end as position
    from generations g where g.id = ${generationId}`
  return row?.position ?? null
}

/** The queue as this process last announced it (ids in order), so an unchanged queue is not announced again. */
let lastAnnounced = ''

/**
 * Tells every queued generation its place (a `status` event with `queuePosition`, stage
 * `sending`), in one statement, when the queue changed since this process last did. Only one
 * process at a time announces (the others skip: the next announcement carries the same news).
 */
export async function announceQueue(): Promise<number> {
  // Read without a transaction first: an unchanged queue (most rounds) needs none.
  const [current] = await sql<{ ids: string | null }[]>`
    select string_agg(id::text, ',' order by created_at, id) as ids from generations where status = 'queued'`
  if ((current?.ids ?? '') === lastAnnounced) return 0
  return sql.begin(async (tx) => {
    const [lock] = await tx<{ got: boolean }[]>`select pg_try_advisory_xact_lock(hashtext('pieces.queue-announce')) as got`
    if (!lock?.got) return 0
    const [queue] = await tx<{ ids: string | null }[]>`
      select string_agg(id::text, ',' order by created_at, id) as ids from generations where status = 'queued'`
    const ids = queue?.ids ?? ''
    if (ids === lastAnnounced) return 0
    lastAnnounced = ids
    if (!ids) return 0
    const rows = await tx<{ id: number }[]>`
      with queue as (
        select id, piece_id, row_number() over (order by created_at, id) as position
        from generations where status = 'queued'
      ), inserted as (
        insert into generation_events (piece_id, generation_id, payload)
        select piece_id, id, jsonb_build_object('type', 'status', 'pieceId', piece_id, 'stage', 'sending', 'queuePosition', position, 'generationId', id)
        from queue
        returning id, piece_id
      )
      select id::int as id, pg_notify(${EVENTS_CHANNEL}, json_build_object('id', id, 'pieceId', piece_id)::text) from inserted`
    return rows.length
  })
}

/** A worker process that runs generations: registered while it runs, so the queue knows its capacity. */
export async function registerWorker(slots: number) {
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  await sql`insert into generation_workers (id, slots) values (${id}, ${slots})`
  return {
    id,
    beat: async () => {
      await sql`
        insert into generation_workers (id, slots) values (${id}, ${slots})
        on conflict (id) do update set heartbeat_at = now()`
    },
    leave: async () => {
      await sql`delete from generation_workers where id = ${id}`
    },
  }
}

const liveAfter = () => sql`now() - make_interval(secs => ${getEnv().GENERATION_STALE_SECONDS})`

/**
 * Whether the queue can start one more generation within `seconds`: the workers alive and
 * their slots, the generations running and queued, and the pace at which recent ones ended.
 * Answers the seconds to wait when it cannot; null when it can (or when no worker has said
 * what it can do: the queue is then the old one, where a send simply waits).
 */
export async function queueWait(seconds: number): Promise<number | null> {
  const [row] = await sql<{ slots: number | null; running: number; queued: number; pace: number | null }[]>`
    select
      (select sum(slots)::int from generation_workers where heartbeat_at > ${liveAfter()}) as slots,
      (select count(*)::int from generations where status = 'running') as running,
      (select count(*)::int from generations where status = 'queued') as queued,
      (select avg(extract(epoch from finished_at - started_at))::float8 from (
        select finished_at, started_at from generations
        where status = 'complete' and started_at is not null and finished_at is not null
        order by finished_at desc limit ${PACE_SAMPLE}) recent) as pace`
  if (!row?.slots) return null
  const free = row.slots - row.running
  // The new send starts at once if a slot is free after those queued before it.
  const ahead = row.queued - Math.max(0, free)
  if (ahead < 0) return null
  // Slots free up at `slots / pace` per second on average; the new send is `ahead + 1` in line.
  const wait = ((ahead + 1) * (row.pace ?? ASSUMED_GENERATION_SECONDS)) / row.slots
  return wait > seconds ? Math.ceil(wait) : null
}

/** Whether any worker process is alive (a queued generation waits only while one is). */
export async function workersAlive(): Promise<boolean> {
  const [row] = await sql<{ alive: boolean }[]>`select exists (select 1 from generation_workers where heartbeat_at > ${liveAfter()}) as alive`
  return Boolean(row?.alive)
}

/** Generations waiting for a worker (the "generate" queue's depth in the metrics). */
export async function queuedGenerations(): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from generations where status = 'queued'`
  return row?.count ?? 0
}
