import type { TransactionSql } from 'postgres'
import { sql } from '~/lib/db.server'
import { DomainError } from '~/lib/errors'
import { announce, lockUsage } from './store.server'
import type { DataForm, LimitName } from './schema'

/**
 * Issue 39.4: the owner's view of a Piece's data and what they may do with it — see every
 * collection and record with its writer and time, delete a record, clear a collection or
 * the test data, export it all. Only the Piece's owner; anyone else gets "not found".
 */
export const OWNER_DATA_MESSAGES = {
  notFound: 'Piece not found',
  recordDeleted: 'Record deleted',
  collectionCleared: (name: string) => `“${name}” cleared`,
  testDataCleared: 'Test data cleared',
  nothingThere: 'That record is no longer there.',
} as const

export type OwnedSpace = 'live' | 'test'
export type OwnerRecord = { id: number; writer: string; value: string; at: string }
export type OwnerCollection = { name: string; count: number; records: OwnerRecord[]; counters: { name: string; value: number }[] }
export type DataOverview = {
  space: OwnedSpace
  bytes: number
  rows: number
  quotaBytes: number
  maxRecords: number
  limitReached: { limit: LimitName; at: string } | null
  collections: OwnerCollection[]
  /** Visitors' own values: only counted, since they are each visitor's own. */
  mine: { values: number; visitors: number }
}

/** How many records of each collection the overview shows (newest first); the export has them all. */
export const OVERVIEW_RECORDS = 50

async function ownedPieceId(ownerId: number, pieceName: string) {
  const [piece] = await sql<{ id: number }[]>`select id::int as id from pieces where user_id = ${ownerId} and name = ${pieceName}`
  if (!piece) throw new DomainError('not-found', OWNER_DATA_MESSAGES.notFound)
  return piece.id
}

export async function dataOverview(ownerId: number, pieceName: string, space: OwnedSpace, limits: { quotaBytes: number; maxRecords: number }) {
  const pieceId = await ownedPieceId(ownerId, pieceName)
  // Five reads that need nothing from each other.
  const [[usage], records, totals, counters, [mine]] = await Promise.all([
    sql<{ bytes: number; rows: number; limit: LimitName | null; at: Date | null }[]>`
      select bytes::float8 as bytes, records as rows, limit_reached as limit, limit_reached_at as at
      from piece_data_usage where piece_id = ${pieceId} and space = ${space}`,
    sql<{ collection: string; id: number; writer: string; value: unknown; at: Date }[]>`
      select collection, id::float8 as id, writer_name as writer, value, created_at as at
      from (
        select *, row_number() over (partition by collection order by id desc) as position
        from piece_data_records where piece_id = ${pieceId} and space = ${space}
      ) ranked
      where position <= ${OVERVIEW_RECORDS}
      order by collection, id desc`,
    sql<{ collection: string; count: number }[]>`
      select collection, count(*)::int as count from piece_data_records where piece_id = ${pieceId} and space = ${space} group by collection`,
    sql<{ collection: string; name: string; value: number }[]>`
      select collection, name, value::float8 as value from piece_data_counters where piece_id = ${pieceId} and space = ${space} order by collection, name`,
    sql<{ values: number; visitors: number }[]>`
      select count(*)::int as values, count(distinct visitor)::int as visitors from piece_data_values where piece_id = ${pieceId} and space = ${space}`,
  ])
  const names = [...new Set([...totals.map((row) => row.collection), ...counters.map((row) => row.collection)])].sort()
  const overview: DataOverview = {
    space,
    bytes: usage?.bytes ?? 0,
    rows: usage?.rows ?? 0,
    ...limits,
    limitReached: usage?.limit && usage.at ? { limit: usage.limit, at: usage.at.toISOString() } : null,
    collections: names.map((name) => ({
      name,
      count: totals.find((row) => row.collection === name)?.count ?? 0,
      records: records
        .filter((row) => row.collection === name)
        .map((row) => ({ id: Number(row.id), writer: row.writer, value: JSON.stringify(row.value), at: row.at.toISOString() })),
      counters: counters.filter((row) => row.collection === name).map(({ name: counter, value }) => ({ name: counter, value })),
    })),
    mine: mine ?? { values: 0, visitors: 0 },
  }
  return { pieceId, overview }
}

/** Gives back what rows took from the usage of their space. */
async function release(tx: TransactionSql, pieceId: number, space: OwnedSpace, bytes: number, rows: number) {
  await tx`
    update piece_data_usage set bytes = greatest(bytes - ${bytes}, 0), records = greatest(records - ${rows}, 0)
    where piece_id = ${pieceId} and space = ${space}`
}

export async function deleteRecordAsOwner(ownerId: number, pieceName: string, space: OwnedSpace, recordId: number) {
  const pieceId = await ownedPieceId(ownerId, pieceName)
  await sql.begin(async (tx) => {
    const [gone] = await tx<{ bytes: number; collection: string }[]>`
      delete from piece_data_records where id = ${recordId} and piece_id = ${pieceId} and space = ${space} returning bytes, collection`
    if (!gone) throw new DomainError('not-found', OWNER_DATA_MESSAGES.nothingThere)
    await release(tx, pieceId, space, gone.bytes, 1)
    await announce(tx, { pieceId, space }, gone.collection, { type: 'removed', record: { id: recordId, collection: gone.collection } })
  })
}

export async function clearCollection(ownerId: number, pieceName: string, space: OwnedSpace, collection: string) {
  const pieceId = await ownedPieceId(ownerId, pieceName)
  await sql.begin(async (tx) => {
    // The usage row first, as a batch of writes takes it before the counters it adds to.
    await lockUsage(tx, { pieceId, space })
    const [records] = await tx<{ bytes: number; rows: number }[]>`
      with gone as (delete from piece_data_records where piece_id = ${pieceId} and space = ${space} and collection = ${collection} returning bytes)
      select coalesce(sum(bytes), 0)::float8 as bytes, count(*)::int as rows from gone`
    const [counters] = await tx<{ bytes: number; rows: number }[]>`
      with gone as (delete from piece_data_counters where piece_id = ${pieceId} and space = ${space} and collection = ${collection} returning name)
      select coalesce(sum(length(name) + 8), 0)::float8 as bytes, count(*)::int as rows from gone`
    await release(tx, pieceId, space, (records?.bytes ?? 0) + (counters?.bytes ?? 0), (records?.rows ?? 0) + (counters?.rows ?? 0))
    await announce(tx, { pieceId, space }, collection, { type: 'cleared', collection })
  })
}

/** Everything the owner's experiments in the editor left: the test space, emptied. */
export async function clearTestData(ownerId: number, pieceName: string) {
  const pieceId = await ownedPieceId(ownerId, pieceName)
  await sql.begin(async (tx) => {
    await lockUsage(tx, { pieceId, space: 'test' })
    const collections = await tx<{ collection: string }[]>`
      select distinct collection from piece_data_records where piece_id = ${pieceId} and space = 'test'
      union select distinct collection from piece_data_counters where piece_id = ${pieceId} and space = 'test'`
    await tx`delete from piece_data_records where piece_id = ${pieceId} and space = 'test'`
    await tx`delete from piece_data_counters where piece_id = ${pieceId} and space = 'test'`
    await tx`delete from piece_data_values where piece_id = ${pieceId} and space = 'test'`
    await tx`update piece_data_usage set bytes = 0, records = 0 where piece_id = ${pieceId} and space = 'test'`
    for (const { collection } of collections) await announce(tx, { pieceId, space: 'test' }, collection, { type: 'cleared', collection })
  })
}

/** Does what a form of the Data page asks; answers what its toast says. */
export async function applyDataForm(ownerId: number, pieceName: string, form: DataForm): Promise<string> {
  switch (form.intent) {
    case 'delete-record':
      await deleteRecordAsOwner(ownerId, pieceName, form.space, form.recordId)
      return OWNER_DATA_MESSAGES.recordDeleted
    case 'clear-collection':
      await clearCollection(ownerId, pieceName, form.space, form.collection)
      return OWNER_DATA_MESSAGES.collectionCleared(form.collection)
    case 'clear-test':
      await clearTestData(ownerId, pieceName)
      return OWNER_DATA_MESSAGES.testDataCleared
  }
}

/** Every shared record and counter of a space, for the owner's export. */
export async function exportData(ownerId: number, pieceName: string, space: OwnedSpace) {
  const pieceId = await ownedPieceId(ownerId, pieceName)
  const records = await sql<{ collection: string; id: number; writer: string; value: unknown; at: Date; updatedAt: Date }[]>`
    select collection, id::float8 as id, writer_name as writer, value, created_at as at, updated_at as "updatedAt"
    from piece_data_records where piece_id = ${pieceId} and space = ${space} order by collection, id`
  const counters = await sql<{ collection: string; name: string; value: number }[]>`
    select collection, name, value::float8 as value from piece_data_counters where piece_id = ${pieceId} and space = ${space} order by collection, name`
  return {
    records: records.map((row) => ({ ...row, id: Number(row.id), at: row.at.toISOString(), updatedAt: row.updatedAt.toISOString() })),
    counters,
  }
}

/** The export as CSV: one line per record (its value as JSON), then one per counter. */
export function exportCsv({ records, counters }: Awaited<ReturnType<typeof exportData>>) {
  const cell = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    // A leading =, +, - or @ would be a formula in a spreadsheet.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
  }
  const lines = [['kind', 'collection', 'id', 'writer', 'written at', 'changed at', 'value'].join(',')]
  for (const record of records)
    lines.push(['record', record.collection, record.id, record.writer, record.at, record.updatedAt, record.value].map(cell).join(','))
  for (const counter of counters) lines.push(['counter', counter.collection, counter.name, '', '', '', counter.value].map(cell).join(','))
  return `${lines.join('\r\n')}\r\n`
}
