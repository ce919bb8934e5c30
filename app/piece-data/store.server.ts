import type { TransactionSql } from 'postgres'
import { Coalescer, type Outcome } from '~/lib/coalescer'
import { jsonb, sql, type Db } from '~/lib/db.server'
import { singleton } from '~/lib/singleton.server'
import type { DataIdentity } from './token.server'
import type { Counter, DataChange, DataErrorCode, MineEntry, SharedRecord } from './constants'
import type { DataSpace, LimitName } from './schema'

/**
 * A Piece's data (issue 39), always for the Piece and space a token names and written as the
 * visitor it names: nothing a Piece's code sends can choose another Piece, space or writer.
 * Every write that adds bytes or rows moves the Piece's usage in the same transaction, and
 * only while it stays within the limits, so writers at once never pass them together and a
 * refused write changes nothing. Every change to shared data is stored and announced with
 * NOTIFY in its transaction while that row is locked, so a space's changes take their ids in
 * the order they commit, the order a live page must see them in (app/piece-data/relay.server.ts).
 *
 * The writes a crowd makes at once — adding a record, setting one's own value, counting —
 * go through one batch per Piece and space at a time (docs/decisions/0058): the usage row is
 * locked once for the whole batch, each write is checked against the limits in turn, and the
 * ones that fit are written with one statement per table, so 500 visitors writing at the same
 * moment cost a few commits, not 500 in a queue.
 */
export type DataLimits = { quotaBytes: number; maxRecords: number }

export class DataRefusal extends Error {
  constructor(
    readonly code: DataErrorCode,
    /** The limit that refused it, for the owner to see. */
    readonly limit: LimitName | null = null,
  ) {
    super(code)
  }
}

export const DATA_CHANGES_CHANNEL = 'piece_data_changes'

type RecordRow = { id: number; collection: string; value: unknown; writer: string; writerName: string; at: Date; updatedAt: Date }
const RECORD_COLUMNS = (db: Db) => db`id::float8 as id, collection, value, writer, writer_name as "writerName", created_at as at, updated_at as "updatedAt"`

const toRecord = (row: RecordRow, visitor: string): SharedRecord => ({
  id: Number(row.id),
  collection: row.collection,
  value: row.value,
  by: { name: row.writerName, you: row.writer === visitor },
  at: row.at.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** Bytes a value takes, as the JSON text it is stored from. */
export const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

/**
 * Moves a Piece's usage by bytes and rows, refusing (and remembering for the owner) a move
 * past a limit. The usage row is locked until the transaction ends.
 */
async function moveUsage(tx: TransactionSql, { pieceId, space }: DataIdentity, bytes: number, records: number, limits: DataLimits) {
  const [moved] = await tx<{ bytes: number }[]>`
    insert into piece_data_usage as u (piece_id, space, bytes, records) values (${pieceId}, ${space}, ${Math.max(bytes, 0)}, ${Math.max(records, 0)})
    on conflict (piece_id, space) do update set bytes = greatest(u.bytes + ${bytes}, 0), records = greatest(u.records + ${records}, 0)
    where ${bytes} <= 0 and ${records} <= 0
      or (u.bytes + ${bytes} <= ${limits.quotaBytes} and u.records + ${records} <= ${limits.maxRecords})
    returning bytes::float8 as bytes`
  if (moved) return
  const [usage] = await tx<{ bytes: number }[]>`select bytes::float8 as bytes from piece_data_usage where piece_id = ${pieceId} and space = ${space}`
  throw new DataRefusal('quota', (usage?.bytes ?? 0) + bytes > limits.quotaBytes ? 'quota' : 'records')
}

/** Remembers, for the owner, that a limit refused a write (once a minute at most per Piece and space). */
export async function noteLimitReached({ pieceId, space }: Pick<DataIdentity, 'pieceId' | 'space'>, limit: LimitName) {
  await sql`
    insert into piece_data_usage as u (piece_id, space, limit_reached_at, limit_reached) values (${pieceId}, ${space}, now(), ${limit})
    on conflict (piece_id, space) do update set limit_reached_at = now(), limit_reached = ${limit}
    where u.limit_reached_at is null or u.limit_reached_at < now() - interval '1 minute'`
}

/**
 * A change as stored: with its writer's key, which never leaves the server; each live page
 * is told only whether the change was its own (`you`).
 */
export type StoredChange = DataChange & { writer?: string }

/** Stores a change to shared data and announces it, in the writer's transaction. */
export async function announce(tx: TransactionSql, { pieceId, space }: Pick<DataIdentity, 'pieceId' | 'space'>, collection: string, change: StoredChange) {
  await tx`
    with inserted as (
      insert into piece_data_changes (piece_id, space, collection, payload)
      values (${pieceId}, ${space}, ${collection}, ${jsonb(tx, change)})
      returning id, piece_id
    )
    select pg_notify(${DATA_CHANGES_CHANNEL}, json_build_object('id', id, 'pieceId', piece_id)::text) from inserted`
}

const inTransaction = <T>(work: (tx: TransactionSql) => Promise<T>) => sql.begin(work) as Promise<T>

/* ---------------------------------------------------------------- mine */

export async function getMine(who: DataIdentity, key: string): Promise<MineEntry | null> {
  const [row] = await sql<{ value: unknown; updatedAt: Date }[]>`
    select value, updated_at as "updatedAt" from piece_data_values
    where piece_id = ${who.pieceId} and space = ${who.space} and visitor = ${who.visitor} and key = ${key}`
  return row ? { key, value: row.value, updatedAt: row.updatedAt.toISOString() } : null
}

export async function listMine(who: DataIdentity, prefix: string): Promise<MineEntry[]> {
  const rows = await sql<{ key: string; value: unknown; updatedAt: Date }[]>`
    select key, value, updated_at as "updatedAt" from piece_data_values
    where piece_id = ${who.pieceId} and space = ${who.space} and visitor = ${who.visitor}
      and left(key, ${prefix.length}) = ${prefix}
    order by key limit 1000`
  return rows.map((row) => ({ key: row.key, value: row.value, updatedAt: row.updatedAt.toISOString() }))
}

export async function setMine(who: DataIdentity, key: string, value: unknown, limits: DataLimits): Promise<MineEntry> {
  const written = await submitWrite({ kind: 'set', who, key, value, bytes: sizeOf(value), limits })
  if (written.kind !== 'set') throw new DataRefusal('offline')
  return written.entry
}

export async function deleteMine(who: DataIdentity, key: string): Promise<boolean> {
  return inTransaction(async (tx) => {
    // The usage row first, as a batch of writes takes it (so neither waits for the other's row).
    await lockUsage(tx, who)
    const [old] = await tx<{ bytes: number }[]>`
      delete from piece_data_values
      where piece_id = ${who.pieceId} and space = ${who.space} and visitor = ${who.visitor} and key = ${key}
      returning bytes`
    if (old) await moveUsage(tx, who, -old.bytes, -1, { quotaBytes: 0, maxRecords: 0 })
    return Boolean(old)
  })
}

/* -------------------------------------------------------------- shared */

export async function listShared(who: DataIdentity, collection: string, { limit, order }: { limit: number; order: 'newest' | 'oldest' }) {
  const rows = await sql<RecordRow[]>`
    select ${RECORD_COLUMNS(sql)} from piece_data_records
    where piece_id = ${who.pieceId} and space = ${who.space} and collection = ${collection}
    order by id ${order === 'newest' ? sql`desc` : sql`asc`} limit ${limit}`
  const counters = await sql<{ name: string; value: number }[]>`
    select name, value::float8 as value from piece_data_counters
    where piece_id = ${who.pieceId} and space = ${who.space} and collection = ${collection} order by name`
  return { records: rows.map((row) => toRecord(row, who.visitor)), counters: Object.fromEntries(counters.map((counter) => [counter.name, counter.value])) }
}

export async function addShared(who: DataIdentity, collection: string, value: unknown, limits: DataLimits): Promise<SharedRecord> {
  const written = await submitWrite({ kind: 'add', who, collection, value, bytes: sizeOf(value), limits })
  if (written.kind !== 'add') throw new DataRefusal('offline')
  return written.record
}

/** The record, locked, when the visitor may change it: its writer, or the Piece's owner. */
async function ownRecord(tx: TransactionSql, who: DataIdentity, collection: string, id: number) {
  const [row] = await tx<(RecordRow & { bytes: number })[]>`
    select ${RECORD_COLUMNS(tx)}, bytes from piece_data_records
    where id = ${id} and piece_id = ${who.pieceId} and space = ${who.space} and collection = ${collection} for update`
  if (!row) throw new DataRefusal('not-found')
  if (row.writer !== who.visitor && !who.owner) throw new DataRefusal('not-yours')
  return row
}

export async function updateShared(who: DataIdentity, collection: string, id: number, value: unknown, limits: DataLimits): Promise<SharedRecord> {
  const bytes = sizeOf(value)
  return inTransaction(async (tx) => {
    const old = await ownRecord(tx, who, collection, id)
    await moveUsage(tx, who, bytes - old.bytes, 0, limits)
    const [row] = await tx<RecordRow[]>`
      update piece_data_records set value = ${jsonb(tx, value)}, bytes = ${bytes}, updated_at = now()
      where id = ${id} returning ${RECORD_COLUMNS(tx)}`
    if (!row) throw new DataRefusal('not-found')
    const record = toRecord(row, who.visitor)
    await announce(tx, who, collection, { type: 'changed', record: { ...record, by: { ...record.by, you: row.writer === who.visitor } }, writer: row.writer })
    return record
  })
}

export async function removeShared(who: DataIdentity, collection: string, id: number): Promise<void> {
  await inTransaction(async (tx) => {
    const old = await ownRecord(tx, who, collection, id)
    await tx`delete from piece_data_records where id = ${id}`
    await moveUsage(tx, who, -old.bytes, -1, { quotaBytes: 0, maxRecords: 0 })
    await announce(tx, who, collection, { type: 'removed', record: { id, collection } })
  })
}

/** An atomic increment: a hundred visitors adding 1 at once make 100. Counters have no writer. */
export async function incrementCounter(who: DataIdentity, collection: string, name: string, by: number, limits: DataLimits): Promise<Counter> {
  const written = await submitWrite({ kind: 'increment', who, collection, name, by, limits })
  if (written.kind !== 'increment') throw new DataRefusal('offline')
  return written.counter
}

/* ------------------------------------------------------------- batches */

type Write =
  | { kind: 'add'; who: DataIdentity; collection: string; value: unknown; bytes: number; limits: DataLimits }
  | { kind: 'set'; who: DataIdentity; key: string; value: unknown; bytes: number; limits: DataLimits }
  | { kind: 'increment'; who: DataIdentity; collection: string; name: string; by: number; limits: DataLimits }
type Written = { kind: 'add'; record: SharedRecord } | { kind: 'set'; entry: MineEntry } | { kind: 'increment'; counter: Counter }

/** At most this many writes, and past the first this many bytes of values, go in one batch. */
const BATCH_WRITES = 500
const BATCH_BYTES = 2 * 1024 * 1024
/** What a new counter takes from the quota: its name and its number. */
const counterBytes = (name: string) => name.length + 8

const writeBatches = () =>
  singleton(
    'piece-data-writes',
    () =>
      new Coalescer<string, Write, Written>((_, writes) => writeBatch(writes), {
        maxItems: BATCH_WRITES,
        maxWeight: BATCH_BYTES,
        weigh: (write) => (write.kind === 'increment' ? counterBytes(write.name) : write.bytes),
      }),
  )

/** A write, done in the next batch of its Piece and space: it answers (or fails) on its own. */
const submitWrite = (write: Write) => writeBatches().submit(`${write.who.pieceId}:${write.who.space}`, write)

/** Locks a space's usage row (making it if need be) for the rest of the transaction; answers what it holds. */
export async function lockUsage(tx: TransactionSql, { pieceId, space }: Pick<DataIdentity, 'pieceId' | 'space'>) {
  const [usage] = await tx<{ bytes: number; records: number }[]>`
    insert into piece_data_usage as u (piece_id, space) values (${pieceId}, ${space})
    on conflict (piece_id, space) do update set bytes = u.bytes
    returning bytes::float8 as bytes, records`
  return { bytes: usage?.bytes ?? 0, records: usage?.records ?? 0 }
}

const mineKey = (visitor: string, key: string) => `${visitor}\n${key}`
const counterKey = (collection: string, name: string) => `${collection}\n${name}`

/**
 * One batch of writes to one Piece and space, in one transaction under its usage row's lock.
 * Each write is checked against the limits in the order it came, with the usage the writes
 * before it left, so the batch never passes a limit and a refused write takes nothing; the
 * rest are written with one statement per table. Several sets of one visitor's key keep the
 * last; several increments of one counter are added up in one upsert, each caller answered
 * the value its own increment made, and live pages told the counter's value once.
 */
async function writeBatch(writes: Write[]): Promise<Outcome<Written>[]> {
  const first = writes[0]
  if (!first) return []
  const space = { pieceId: first.who.pieceId, space: first.who.space }
  return inTransaction(async (tx) => {
    const usage = await lockUsage(tx, space)
    const plan = planBatch(writes, usage, await heldBefore(tx, space, writes))
    const changes = [...(await insertRecords(tx, space, plan)), ...(await countCounters(tx, space, plan))]
    await setValues(tx, space, plan, writes)
    if (plan.bytes !== usage.bytes || plan.records !== usage.records) {
      await tx`update piece_data_usage set bytes = ${plan.bytes}, records = ${plan.records} where piece_id = ${space.pieceId} and space = ${space.space}`
    }
    await announceAll(tx, space, changes)
    return plan.outcomes.map((outcome) => outcome ?? { ok: false, error: new DataRefusal('offline') })
  })
}

type Where = Pick<DataIdentity, 'pieceId' | 'space'>
type Held = { values: Map<string, number>; counters: Set<string> }
type Plan = ReturnType<typeof planBatch>
type Change = { collection: string; payload: StoredChange }

/** What the batch's writes find already there: the size of each own value they set, and which counters exist. */
async function heldBefore(tx: TransactionSql, { pieceId, space }: Where, writes: Write[]): Promise<Held> {
  const sets = writes.flatMap((write) => (write.kind === 'set' ? [{ visitor: write.who.visitor, key: write.key }] : []))
  const increments = writes.flatMap((write) => (write.kind === 'increment' ? [{ collection: write.collection, name: write.name }] : []))
  const values = new Map<string, number>()
  const counters = new Set<string>()
  if (sets.length) {
    const rows = await tx<{ visitor: string; key: string; bytes: number }[]>`
      select v.visitor, v.key, v.bytes from piece_data_values v
      join jsonb_to_recordset(${jsonb(tx, sets)}) as wanted(visitor text, key text) using (visitor, key)
      where v.piece_id = ${pieceId} and v.space = ${space}
      for update of v`
    for (const row of rows) values.set(mineKey(row.visitor, row.key), row.bytes)
  }
  if (increments.length) {
    // Counters are made only under the usage row's lock, which this batch holds.
    const rows = await tx<{ collection: string; name: string }[]>`
      select c.collection, c.name from piece_data_counters c
      join jsonb_to_recordset(${jsonb(tx, increments)}) as wanted(collection text, name text) using (collection, name)
      where c.piece_id = ${pieceId} and c.space = ${space}`
    for (const row of rows) counters.add(counterKey(row.collection, row.name))
  }
  return { values, counters }
}

/** Each write in turn against the usage the ones before it left: taken (and what it adds up to), or refused. */
function planBatch(writes: Write[], usage: { bytes: number; records: number }, held: Held) {
  const outcomes: (Outcome<Written> | null)[] = writes.map(() => null)
  const adds: { index: number; write: Extract<Write, { kind: 'add' }> }[] = []
  const lastSets = new Map<string, { write: Extract<Write, { kind: 'set' }>; indices: number[] }>()
  const counted = new Map<string, { collection: string; name: string; total: number; parts: { index: number; by: number }[] }>()
  let { bytes, records } = usage
  writes.forEach((write, index) => {
    const key = write.kind === 'set' ? mineKey(write.who.visitor, write.key) : write.kind === 'increment' ? counterKey(write.collection, write.name) : ''
    const old = write.kind === 'set' ? held.values.get(key) : undefined
    const [moreBytes, moreRecords] =
      write.kind === 'add'
        ? [write.bytes, 1]
        : write.kind === 'set'
          ? [write.bytes - (old ?? 0), old === undefined ? 1 : 0]
          : held.counters.has(key)
            ? [0, 0]
            : [counterBytes(write.name), 1]
    const fits = (moreBytes <= 0 && moreRecords <= 0) || (bytes + moreBytes <= write.limits.quotaBytes && records + moreRecords <= write.limits.maxRecords)
    if (!fits) {
      outcomes[index] = { ok: false, error: new DataRefusal('quota', bytes + moreBytes > write.limits.quotaBytes ? 'quota' : 'records') }
      return
    }
    bytes = Math.max(bytes + moreBytes, 0)
    records = Math.max(records + moreRecords, 0)
    if (write.kind === 'add') adds.push({ index, write })
    if (write.kind === 'set') {
      held.values.set(key, write.bytes)
      lastSets.set(key, { write, indices: [...(lastSets.get(key)?.indices ?? []), index] })
    }
    if (write.kind === 'increment') {
      held.counters.add(key)
      const counter = counted.get(key) ?? { collection: write.collection, name: write.name, total: 0, parts: [] }
      counter.total += write.by
      counter.parts.push({ index, by: write.by })
      counted.set(key, counter)
    }
  })
  return { outcomes, adds, lastSets, counted, bytes, records }
}

/** The records taken, in one statement; answers their changes. */
async function insertRecords(tx: TransactionSql, { pieceId, space }: Where, { adds, outcomes }: Plan): Promise<Change[]> {
  if (!adds.length) return []
  const rows = await tx<RecordRow[]>`
    with inserted as (
      insert into piece_data_records (piece_id, space, collection, writer, writer_name, value, bytes)
      select ${pieceId}, ${space}, e.doc->>'collection', e.doc->>'writer', e.doc->>'name', e.doc->'value', (e.doc->>'bytes')::int
      from jsonb_array_elements(${jsonb(
        tx,
        adds.map(({ write }) => ({ collection: write.collection, writer: write.who.visitor, name: write.who.name, value: write.value, bytes: write.bytes })),
      )}) with ordinality as e(doc, position)
      order by e.position
      returning ${RECORD_COLUMNS(tx)}
    )
    select * from inserted order by id`
  // Ids are drawn in the order the rows were inserted: the nth smallest is the nth add.
  return adds.flatMap(({ index, write }, n) => {
    const row = rows[n]
    if (!row) {
      outcomes[index] = { ok: false, error: new DataRefusal('offline') }
      return []
    }
    const record = toRecord(row, write.who.visitor)
    outcomes[index] = { ok: true, value: { kind: 'add', record } }
    return [{ collection: write.collection, payload: { type: 'added', record, writer: write.who.visitor } }]
  })
}

/** The own values taken, the last of each key, in one statement. */
async function setValues(tx: TransactionSql, { pieceId, space }: Where, { lastSets, outcomes }: Plan, writes: Write[]) {
  if (!lastSets.size) return
  const rows = await tx<{ visitor: string; key: string; updatedAt: Date }[]>`
    insert into piece_data_values (piece_id, space, visitor, key, value, bytes)
    select ${pieceId}, ${space}, e.doc->>'visitor', e.doc->>'key', e.doc->'value', (e.doc->>'bytes')::int
    from jsonb_array_elements(${jsonb(
      tx,
      [...lastSets.values()].map(({ write }) => ({ visitor: write.who.visitor, key: write.key, value: write.value, bytes: write.bytes })),
    )}) as e(doc)
    on conflict (piece_id, space, visitor, key) do update set value = excluded.value, bytes = excluded.bytes, updated_at = now()
    returning visitor, key, updated_at as "updatedAt"`
  const at = new Map(rows.map((row) => [mineKey(row.visitor, row.key), row.updatedAt.toISOString()]))
  for (const [key, { indices }] of lastSets) {
    for (const index of indices) {
      const write = writes[index]
      if (write?.kind !== 'set') continue
      outcomes[index] = { ok: true, value: { kind: 'set', entry: { key: write.key, value: write.value, updatedAt: at.get(key) ?? new Date().toISOString() } } }
    }
  }
}

/** The increments taken, added up per counter in one statement; answers one change per counter. */
async function countCounters(tx: TransactionSql, { pieceId, space }: Where, { counted, outcomes }: Plan): Promise<Change[]> {
  if (!counted.size) return []
  const rows = await tx<{ collection: string; name: string; value: number }[]>`
    insert into piece_data_counters as c (piece_id, space, collection, name, value)
    select ${pieceId}, ${space}, e.doc->>'collection', e.doc->>'name', (e.doc->>'by')::bigint
    from jsonb_array_elements(${jsonb(
      tx,
      [...counted.values()].map(({ collection, name, total }) => ({ collection, name, by: total })),
    )}) as e(doc)
    on conflict (piece_id, space, collection, name) do update set value = c.value + excluded.value
    returning collection, name, value::float8 as value`
  const values = new Map(rows.map((row) => [counterKey(row.collection, row.name), row.value]))
  return [...counted].map(([key, { collection, name, total, parts }]) => {
    const value = values.get(key) ?? total
    // As if one after another: each caller gets the value its own increment made.
    let running = value - total
    for (const { index, by } of parts) {
      running += by
      outcomes[index] = { ok: true, value: { kind: 'increment', counter: { collection, name, value: running } } }
    }
    return { collection, payload: { type: 'counted', counter: { collection, name, value } } }
  })
}

/** Stores a batch's changes and announces them in the order of their ids, the order every live page must see them in. */
async function announceAll(tx: TransactionSql, { pieceId, space }: Where, changes: Change[]) {
  if (!changes.length) return
  await tx`
    with inserted as (
      insert into piece_data_changes (piece_id, space, collection, payload)
      select ${pieceId}, ${space}, e.doc->>'collection', e.doc->'payload'
      from jsonb_array_elements(${jsonb(tx, changes)}) with ordinality as e(doc, position)
      order by e.position
      returning id, piece_id
    )
    select pg_notify(${DATA_CHANGES_CHANNEL}, json_build_object('id', id, 'pieceId', piece_id)::text)
    from (select id, piece_id from inserted order by id offset 0) as ordered`
}

/** A stored change as one visitor's page receives it. */
export function changeFor(change: StoredChange, visitor: string): DataChange {
  const { writer, ...rest } = change
  if (rest.type !== 'added' && rest.type !== 'changed') return rest
  return { ...rest, record: { ...rest.record, by: { ...rest.record.by, you: writer === visitor } } }
}

/** Empties one space of a Piece: a behaviour check's data once its run ended. */
export async function clearDataSpace({ pieceId, space }: Pick<DataIdentity, 'pieceId' | 'space'>) {
  await inTransaction(async (tx) => {
    for (const table of [
      'piece_data_records',
      'piece_data_values',
      'piece_data_counters',
      'piece_data_changes',
      'piece_data_pruned',
      'piece_data_usage',
    ] as const)
      await tx`delete from ${tx(table)} where piece_id = ${pieceId} and space = ${space}`
  })
}

/** The changes of a collection after an id (a page resuming), oldest first. */
export async function changesSince(who: Pick<DataIdentity, 'pieceId' | 'space'>, collection: string, afterId: number, limit = 500) {
  const rows = await sql<{ id: number; payload: StoredChange }[]>`
    select id::float8 as id, payload from piece_data_changes
    where piece_id = ${who.pieceId} and space = ${who.space} and collection = ${collection} and id > ${afterId}
    order by id limit ${limit}`
  return rows.map((row) => ({ id: Number(row.id), change: row.payload }))
}

/**
 * The id a fresh follower of a space starts after: the newest change of that space so far, or
 * of what was pruned of it. Only its own space's: another space's newer change may commit
 * before one of this space that drew a smaller id (store.server.ts takes ids per space in commit order).
 */
export async function latestChangeId({ pieceId, space }: Pick<DataIdentity, 'pieceId' | 'space'>) {
  const [row] = await sql<{ id: number }[]>`
    select greatest(
      (select max(id) from piece_data_changes where piece_id = ${pieceId} and space = ${space}),
      (select max(through_id) from piece_data_pruned where piece_id = ${pieceId} and space = ${space}),
      0
    )::float8 as id`
  return Number(row?.id ?? 0)
}

/**
 * Old changes are only needed for reconnects; the hourly cleanup drops them after a day, and
 * remembers per collection the newest it dropped, so a page resuming from before it is told
 * to read the collection again (`wasPrunedAfter`).
 */
export async function pruneDataChanges() {
  const [pruned] = await sql<{ count: number }[]>`
    with gone as (
      delete from piece_data_changes where created_at < now() - interval '1 day'
      returning piece_id, space, collection, id
    ),
    marked as (
      insert into piece_data_pruned as p (piece_id, space, collection, through_id)
      select piece_id, space, collection, max(id) from gone group by piece_id, space, collection
      on conflict (piece_id, space, collection) do update set through_id = greatest(p.through_id, excluded.through_id)
    )
    select count(*)::int as count from gone`
  return pruned?.count ?? 0
}

/**
 * A behaviour check's data left behind: a run empties its own space when it ends, but a
 * recording's space (`check:rec-…`, written while the owner records a check) has no end the
 * server sees. A check space with no write for a day is emptied; the Piece's live and test
 * data are never touched. Answers how many spaces were emptied.
 */
export async function pruneCheckSpaces() {
  const idle = await sql<{ pieceId: number; space: `check:${string}` }[]>`
    select u.piece_id::int as "pieceId", u.space from piece_data_usage u
    where u.space like 'check:%'
      and not exists (select 1 from piece_data_changes c where c.piece_id = u.piece_id and c.space = u.space and c.created_at > now() - interval '1 day')
      and not exists (select 1 from piece_data_records r where r.piece_id = u.piece_id and r.space = u.space and r.updated_at > now() - interval '1 day')
      and not exists (select 1 from piece_data_values v where v.piece_id = u.piece_id and v.space = u.space and v.updated_at > now() - interval '1 day')`
  for (const space of idle) await clearDataSpace(space)
  return idle.length
}

/** Whether changes of a collection after `afterId` were pruned: a page resuming from there may have missed some. */
export async function wasPrunedAfter(who: Pick<DataIdentity, 'pieceId' | 'space'>, collection: string, afterId: number) {
  const [row] = await sql`
    select 1 from piece_data_pruned where piece_id = ${who.pieceId} and space = ${who.space} and collection = ${collection} and through_id > ${afterId}`
  return Boolean(row)
}

export type { DataSpace }
