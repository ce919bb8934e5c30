import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { Env } from '../app/lib/env.server'
import { isDatabaseUnavailable } from '../app/lib/db-outage'
import { isForeignKeyViolation } from '../app/lib/db.server'
import { logger } from '../app/lib/log.server'
import { DATA_ERRORS, DATA_PATH_PREFIX, MAX_BODY_BYTES, MAX_VALUE_BYTES, type DataErrorCode } from '../app/piece-data/constants'
import { CollectionSchema, CounterNameSchema, DataKeySchema, IncrementBody, ListQuery, PrefixQuery, RecordIdSchema, ValueBody } from '../app/piece-data/schema'
import {
  addShared,
  DataRefusal,
  deleteMine,
  getMine,
  incrementCounter,
  latestChangeId,
  listMine,
  listShared,
  noteLimitReached,
  removeShared,
  setMine,
  updateShared,
  wasPrunedAfter,
  type DataLimits,
} from '../app/piece-data/store.server'
import { followCollection } from '../app/piece-data/relay.server'
import { dataLimitsOf } from '../app/piece-data/limits.server'
import { verifyDataToken, type DataIdentity } from '../app/piece-data/token.server'
import { readLimitedBody } from './body'
import { MemoryStore } from './rate-limit'

const log = logger('piece-data')

/** A live page is told the stream is alive this often, so proxies keep it open. */
const HEARTBEAT_MS = 25_000

type Reply = { status: number; body: unknown }
type Call = { who: DataIdentity; method: string; parts: string[]; query: URLSearchParams; body: () => Promise<unknown> }

/**
 * Issue 39: the data API a Piece's code calls (through `pieces.data`, app/piece-data/client),
 * served on the Piece's own preview origin only (server/preview.ts hands it `/_pieces/data/…`)
 * and answering only for the Piece and space its bearer token names: a token of another Piece
 * is refused on this Piece's host. Every answer is JSON; a refusal is `{ error, message }`
 * with one of the codes of app/piece-data/schema.ts.
 */
export function createPieceDataApi(env: Env) {
  const limits: DataLimits = dataLimitsOf(env)
  const writes = new MemoryStore()

  const admitWrite = (who: DataIdentity) =>
    env.PIECE_DATA_WRITES_PER_MINUTE === 0 || writes.hitNow(`${who.pieceId}:${who.space}:${who.visitor}`, Date.now()) <= env.PIECE_DATA_WRITES_PER_MINUTE

  return async (req: IncomingMessage, res: ServerResponse, url: URL, hostPieceId: number | null) => {
    const who = identify(req, hostPieceId)
    if (!who) return send(res, refusal('unauthorized'))
    const parts = url.pathname.slice(DATA_PATH_PREFIX.length).split('/').filter(Boolean)
    const method = req.method ?? 'GET'
    let decoded: string[]
    try {
      decoded = parts.map((part) => decodeURIComponent(part))
    } catch {
      return send(res, refusal('invalid'))
    }
    if (method === 'GET' && decoded[0] === 'shared' && decoded[2] === 'changes' && decoded.length === 3) {
      return streamChanges(req, res, who, decoded[1] ?? '', url.searchParams)
    }
    if (method !== 'GET' && !admitWrite(who)) {
      void noteLimitReached(who, 'rate-limited').catch(() => {})
      return send(res, refusal('rate-limited'))
    }
    const body = async () => {
      const read = await readLimitedBody(req, MAX_BODY_BYTES)
      if (read.tooLarge) throw new DataRefusal('too-large')
      if (read.aborted) throw new DataRefusal('invalid')
      const text = read.body.toString('utf8')
      try {
        return text ? (JSON.parse(text) as unknown) : {}
      } catch {
        throw new DataRefusal('invalid')
      }
    }
    try {
      send(res, await answer({ who, method, parts: decoded, query: url.searchParams, body }, limits))
    } catch (error) {
      if (error instanceof DataRefusal) {
        if (error.limit) void noteLimitReached(who, error.limit).catch(() => {})
        return send(res, refusal(error.code))
      }
      // A Piece deleted while its page was open: its data went with it.
      if (isForeignKeyViolation(error)) return send(res, refusal('not-found'))
      if (isDatabaseUnavailable(error)) return send(res, refusal('offline'))
      log.error({ err: error, pieceId: who.pieceId }, 'data call failed')
      send(res, { status: 500, body: { error: 'offline', message: DATA_ERRORS.offline.message } })
    }
  }
}

function identify(req: IncomingMessage, hostPieceId: number | null) {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  const who = match?.[1] ? verifyDataToken(match[1]) : null
  // On a Piece's own host only its own token counts (a shared local-network preview origin has no Piece of its own).
  if (!who || (hostPieceId !== null && who.pieceId !== hostPieceId)) return null
  return who
}

const refusal = (code: DataErrorCode): Reply => ({ status: DATA_ERRORS[code].status, body: { error: code, message: DATA_ERRORS[code].message } })

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new DataRefusal('invalid')
  return parsed.data
}

/** The value of a body, refused past the size a value may have (as the JSON text it is kept as). */
async function valueOf(call: Call) {
  const { value } = parse(ValueBody, await call.body())
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_VALUE_BYTES) throw new DataRefusal('too-large')
  return value
}

async function answer(call: Call, limits: DataLimits): Promise<Reply> {
  const { who, method, parts, query } = call
  const [scope, name, id, extra] = parts
  if (scope === 'whoami' && parts.length === 1 && method === 'GET') return { status: 200, body: { name: who.name, space: who.space, owner: who.owner } }
  if (scope === 'mine') {
    if (name === undefined && method === 'GET')
      return { status: 200, body: { data: await listMine(who, parse(PrefixQuery, Object.fromEntries(query)).prefix) } }
    const key = parse(DataKeySchema, name)
    if (parts.length !== 2) throw new DataRefusal('invalid')
    if (method === 'GET') {
      const entry = await getMine(who, key)
      if (!entry) throw new DataRefusal('not-found')
      return { status: 200, body: entry }
    }
    if (method === 'PUT') return { status: 200, body: await setMine(who, key, await valueOf(call), limits) }
    if (method === 'DELETE') return { status: 200, body: { deleted: await deleteMine(who, key) } }
  }
  if (scope === 'shared') {
    const collection = parse(CollectionSchema, name)
    if (parts.length === 2 && method === 'GET') return { status: 200, body: await listShared(who, collection, parse(ListQuery, Object.fromEntries(query))) }
    if (parts.length === 2 && method === 'POST') return { status: 201, body: await addShared(who, collection, await valueOf(call), limits) }
    if (parts.length === 4 && id === 'counters' && method === 'POST') {
      return { status: 200, body: await incrementCounter(who, collection, parse(CounterNameSchema, extra), parse(IncrementBody, await call.body()).by, limits) }
    }
    if (parts.length === 3) {
      const recordId = parse(RecordIdSchema, id)
      if (method === 'PATCH') return { status: 200, body: await updateShared(who, collection, recordId, await valueOf(call), limits) }
      if (method === 'DELETE') {
        await removeShared(who, collection, recordId)
        return { status: 200, body: { removed: true, id: recordId } }
      }
    }
  }
  throw new DataRefusal('invalid')
}

function send(res: ServerResponse, { status, body }: Reply) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

/**
 * Server-sent events of one collection: `ready` once the page is following, then each change
 * with its id; a page that lost its connection sends the last id back (`Last-Event-ID`, or
 * `?after=`) and gets every change after it exactly once — or, when changes after it were
 * pruned (a day on), `reset` first: it reads the collection again and follows from now.
 */
async function streamChanges(req: IncomingMessage, res: ServerResponse, who: DataIdentity, rawCollection: string, query: URLSearchParams) {
  const collection = CollectionSchema.safeParse(rawCollection)
  const resumeFrom = Number(req.headers['last-event-id'] ?? query.get('after') ?? NaN)
  if (!collection.success) return send(res, refusal('invalid'))
  const resuming = Number.isSafeInteger(resumeFrom) && resumeFrom >= 0
  // A page away longer than changes are kept may have missed some: it reads the collection again, and follows from now.
  const reset = resuming && (await wasPrunedAfter(who, collection.data, resumeFrom))
  const afterId = resuming && !reset ? resumeFrom : await latestChangeId(who)
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' })
  if (reset) res.write(`event: reset\nid: ${afterId}\ndata: ${JSON.stringify({ type: 'reset', collection: collection.data })}\n\n`)
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    clearInterval(heartbeat)
    stop()
    res.end()
  }
  const heartbeat = setInterval(() => res.write(': alive\n\n'), HEARTBEAT_MS)
  let stop = () => {}
  req.on('close', end)
  try {
    stop = await followCollection(who, collection.data, afterId, (id, change) => res.write(`id: ${id}\ndata: ${JSON.stringify(change)}\n\n`), end)
  } catch (error) {
    if (!isDatabaseUnavailable(error)) log.error({ err: error, pieceId: who.pieceId }, 'could not follow a collection')
    return end()
  }
  if (ended) return stop()
  res.write(`event: ready\ndata: ${JSON.stringify({ after: afterId })}\n\n`)
}
