import type { TransactionSql } from 'postgres'
import { jsonb, sql, type Db } from '~/lib/db.server'
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
  const bytes = sizeOf(value)
  return inTransaction(async (tx) => {
    const [old] = await tx<{ bytes: number }[]>`
      select bytes from piece_data_values
      where piece_id = ${who.pieceId} and space = ${who.space} and visitor = ${who.visitor} and key = ${key} for update`
    const [row] = await tx<{ updatedAt: Date }[]>`
      insert into piece_data_values (piece_id, space, visitor, key, value, bytes)
      values (${who.pieceId}, ${who.space}, ${who.visitor}, ${key}, ${jsonb(tx, value)}, ${bytes})
      on conflict (piece_id, space, visitor, key) do update set value = excluded.value, bytes = excluded.bytes, updated_at = now()
      returning updated_at as "updatedAt"`
    // Last: the Piece's usage row is held only for this statement and the commit (a refusal rolls the value back).
    await moveUsage(tx, who, bytes - (old?.bytes ?? 0), old ? 0 : 1, limits)
    return { key, value, updatedAt: (row?.updatedAt ?? new Date()).toISOString() }
  })
}

export async function deleteMine(who: DataIdentity, key: string): Promise<boolean> {
  return inTransaction(async (tx) => {
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
  const bytes = sizeOf(value)
  return inTransaction(async (tx) => {
    await moveUsage(tx, who, bytes, 1, limits)
    const [row] = await tx<RecordRow[]>`
      insert into piece_data_records (piece_id, space, collection, writer, writer_name, value, bytes)
      values (${who.pieceId}, ${who.space}, ${collection}, ${who.visitor}, ${who.name}, ${jsonb(tx, value)}, ${bytes})
      returning ${RECORD_COLUMNS(tx)}`
    if (!row) throw new DataRefusal('offline')
    const record = toRecord(row, who.visitor)
    await announce(tx, who, collection, { type: 'added', record, writer: who.visitor })
    return record
  })
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
  return inTransaction(async (tx) => {
    const [existing] =
      await tx`select 1 from piece_data_counters where piece_id = ${who.pieceId} and space = ${who.space} and collection = ${collection} and name = ${name}`
    // Taken even when nothing is added: every change of a space is announced under its usage row's lock.
    await moveUsage(tx, who, existing ? 0 : name.length + 8, existing ? 0 : 1, limits)
    const [row] = await tx<{ value: number }[]>`
      insert into piece_data_counters as c (piece_id, space, collection, name, value) values (${who.pieceId}, ${who.space}, ${collection}, ${name}, ${by})
      on conflict (piece_id, space, collection, name) do update set value = c.value + ${by}
      returning value::float8 as value`
    const counter = { collection, name, value: row?.value ?? by }
    await announce(tx, who, collection, { type: 'counted', counter })
    return counter
  })
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
    for (const table of ['piece_data_records', 'piece_data_values', 'piece_data_counters', 'piece_data_changes', 'piece_data_usage'] as const)
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

/** The id a fresh follower starts after: the newest change of the Piece so far. */
export async function latestChangeId(pieceId: number) {
  const [row] = await sql<{ id: number | null }[]>`select max(id)::float8 as id from piece_data_changes where piece_id = ${pieceId}`
  return Number(row?.id ?? 0)
}

/** Old changes are only needed for reconnects; the hourly cleanup drops them after a day. */
export async function pruneDataChanges() {
  return (await sql`delete from piece_data_changes where created_at < now() - interval '1 day'`).count
}

export type { DataSpace }
