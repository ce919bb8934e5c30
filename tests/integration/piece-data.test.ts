import { request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnv, resetEnv } from '../../app/lib/env.server'
import { sql } from '../../app/lib/db.server'
import { MAX_VALUE_BYTES } from '../../app/piece-data/constants'
import { issueDataToken, verifyDataToken } from '../../app/piece-data/token.server'
import { dataOverview } from '../../app/piece-data/owner.server'
import { pruneCheckSpaces, pruneDataChanges } from '../../app/piece-data/store.server'
import { createPiece, deletePiece } from '../../app/pieces/pieces.server'
import { remixPiece } from '../../app/pieces/remixes.server'
import * as dataToken from '../../app/routes/api/api.opt.pieces.$id.data-token'
import { newUser, sessionCookieFor } from '../support/billing'
import { startPreviewOrigin } from '../support/preview-origin'
import { ROUTE_CONTEXT } from '../support/routes'

/**
 * Issue 39: a Piece's own data, through the API its code calls on its preview origin, with the
 * tokens the app page signs. Every request goes to the preview listener as a browser in the
 * Piece's frame would send it (its Host is the Piece's own host).
 */
let stopPreview: () => Promise<void>
const LIMITS = { PIECE_DATA_QUOTA_MB: '0.05', PIECE_DATA_MAX_RECORDS: '60', PIECE_DATA_WRITES_PER_MINUTE: '70' }

beforeAll(async () => {
  Object.assign(process.env, LIMITS)
  resetEnv()
  stopPreview = await startPreviewOrigin()
})
afterAll(async () => {
  await stopPreview()
  for (const name of Object.keys(LIMITS)) delete process.env[name]
  resetEnv()
})

type Answer = { status: number; body: any; headers: IncomingMessage['headers'] }

/** A call of the data API from the frame of Piece `hostPiece` (its own host), with a token. */
function dataCall(hostPiece: number | string, method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const { PREVIEW_PORT } = getEnv()
  const host = typeof hostPiece === 'number' ? `p${hostPiece}.localhost:${PREVIEW_PORT}` : hostPiece
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PREVIEW_PORT,
        method,
        path: `/_pieces/data${path}`,
        headers: {
          host,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(text === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString()
          resolve({
            status: res.statusCode ?? 0,
            body: res.headers['content-type']?.startsWith('application/json') ? JSON.parse(raw) : raw,
            headers: res.headers,
          })
        })
      },
    )
    req.on('error', reject)
    req.end(text)
  })
}

/** The token the app page gets for a Piece's frame: as a signed-in user (cookie) or a signed-out browser (its visitor cookie, if any). */
async function tokenFor(pieceId: number, { cookie, space, visitor }: { cookie?: string; space?: string; visitor?: number } = {}) {
  const request = new Request(`http://localhost/api/opt/pieces/${pieceId}/data-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ ...(space ? { space } : {}), ...(visitor === undefined ? {} : { visitor }) }),
  })
  const response = (await dataToken.action({ request, context: ROUTE_CONTEXT, params: { id: String(pieceId) } })) as Response
  return { status: response.status, body: (await response.json()) as any, setCookie: response.headers.get('set-cookie') }
}

async function ownerAndPiece(label: string, visibility: 'public' | 'private' = 'public') {
  const owner = await newUser(label)
  const cookie = await sessionCookieFor(owner)
  if (visibility === 'private') await sql`insert into subscriptions (user_id, status, billing_cycle_anchor) values (${owner.id}, 'active', now())`
  const piece = await createPiece(owner.id, { name: `${label}_${Math.random().toString(36).slice(2, 9)}`, visibility })
  return { owner, cookie, piece }
}

async function signedOutToken(pieceId: number) {
  const first = await tokenFor(pieceId)
  const visitorCookie = first.setCookie?.split(';')[0] ?? ''
  return { token: first.body.token as string, name: first.body.name as string, visitorCookie, setCookie: first.setCookie }
}

describe('tokens for a Piece’s frame', () => {
  it('name a signed-in visitor by their account and a signed-out one by an anonymous name that stays theirs for that Piece only', async () => {
    const { piece, cookie, owner } = await ownerAndPiece('datatok')
    const signedIn = await tokenFor(piece.id, { cookie })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({ name: expect.stringMatching(/^@u\d+_/), space: 'live' })
    expect(verifyDataToken(signedIn.body.token)).toMatchObject({ pieceId: piece.id, visitor: `u${owner.id}`, owner: true })

    const anonymous = await signedOutToken(piece.id)
    expect(anonymous.name).toMatch(/^visitor [0-9a-f]{4}$/)
    // Sent only to this call, so it never splits the page cache of anonymous pages.
    expect(anonymous.setCookie).toMatch(/pieces_visitor=.*Path=\/api\/opt\/pieces.*HttpOnly.*SameSite=Lax/i)
    const again = await tokenFor(piece.id, { cookie: anonymous.visitorCookie })
    expect(again.setCookie).toBeNull()
    expect(verifyDataToken(again.body.token)?.visitor).toBe(verifyDataToken(anonymous.token)?.visitor)
    const { piece: other } = await ownerAndPiece('datatok2')
    const elsewhere = await tokenFor(other.id, { cookie: anonymous.visitorCookie })
    expect(verifyDataToken(elsewhere.body.token)?.visitor).not.toBe(verifyDataToken(anonymous.token)?.visitor)
  })

  it('are refused for a Piece the caller may not see, and test data is the owner’s alone', async () => {
    const { piece, cookie } = await ownerAndPiece('dataprivate', 'private')
    expect((await tokenFor(piece.id)).status).toBe(404)
    const stranger = await sessionCookieFor(await newUser('datastranger'))
    expect((await tokenFor(piece.id, { cookie: stranger })).status).toBe(404)
    expect((await tokenFor(piece.id, { cookie, space: 'test' })).status).toBe(200)
    const { piece: open } = await ownerAndPiece('dataopen')
    const refused = await tokenFor(open.id, { cookie: stranger, space: 'test' })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only the owner of this Piece can use its test data.')
    expect((await tokenFor(999_999_999)).status).toBe(404)
  })
  it('while the owner records a check, name its first or second visitor on the check’s own data, never the owner (issue 39.6)', async () => {
    const { piece, cookie, owner } = await ownerAndPiece('datacheckrec')
    const space = 'check:rec-1a2b'
    const [first, second] = await Promise.all([tokenFor(piece.id, { cookie, space, visitor: 1 }), tokenFor(piece.id, { cookie, space, visitor: 2 })])
    expect([first.status, second.status]).toEqual([200, 200])
    expect([first.body.name, second.body.name]).toEqual(['visitor 1', 'visitor 2'])
    expect(verifyDataToken(first.body.token)).toEqual({ pieceId: piece.id, space, visitor: 'check1', name: 'visitor 1', owner: false })
    expect(verifyDataToken(second.body.token)).toMatchObject({ pieceId: piece.id, space, visitor: 'check2', owner: false })
    expect(verifyDataToken(second.body.token)?.visitor).not.toBe(`u${owner.id}`)
    const stranger = await sessionCookieFor(await newUser('datacheckstranger'))
    const refused = await tokenFor(piece.id, { cookie: stranger, space, visitor: 2 })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only the owner of this Piece can record its checks.')
    expect((await tokenFor(piece.id, { space, visitor: 1 })).status).toBe(403)
    for (const bad of [{ space, visitor: 3 }, { space }, { space: 'live', visitor: 2 }, { space: 'check:../x', visitor: 1 }])
      expect((await tokenFor(piece.id, { cookie, ...bad })).status).toBe(400)
  })
  it('a recording’s data left behind is emptied once idle for a day; live, test and a busy recording’s data stay', async () => {
    const { piece, cookie } = await ownerAndPiece('datarecprune')
    const [idle, busy] = ['check:rec-idle1', 'check:rec-busy1']
    for (const space of [idle, busy]) {
      const token = (await tokenFor(piece.id, { cookie, space, visitor: 1 })).body.token
      expect((await dataCall(piece.id, 'POST', '/shared/guestbook', token, { value: 'from a recording' })).status).toBe(201)
      expect((await dataCall(piece.id, 'PUT', '/mine/draft', token, { value: 'typed' })).status).toBe(200)
    }
    const live = (await tokenFor(piece.id, { cookie })).body.token
    const test = (await tokenFor(piece.id, { cookie, space: 'test' })).body.token
    for (const token of [live, test]) expect((await dataCall(piece.id, 'POST', '/shared/guestbook', token, { value: 'kept' })).status).toBe(201)
    // Everything of this Piece is a day and more old, but the busy recording wrote just now.
    for (const table of ['piece_data_records', 'piece_data_values'] as const)
      await sql`update ${sql(table)} set updated_at = now() - interval '2 days' where piece_id = ${piece.id}`
    await sql`update piece_data_changes set created_at = now() - interval '2 days' where piece_id = ${piece.id}`
    const busyToken = (await tokenFor(piece.id, { cookie, space: busy, visitor: 2 })).body.token
    expect((await dataCall(piece.id, 'POST', '/shared/guestbook', busyToken, { value: 'still recording' })).status).toBe(201)

    expect(await pruneCheckSpaces()).toBeGreaterThanOrEqual(1)
    const left = await sql<{ space: string; records: number }[]>`
      select space, count(*)::int as records from piece_data_records where piece_id = ${piece.id} group by space order by space`
    expect(left).toEqual([
      { space: busy, records: 2 },
      { space: 'live', records: 1 },
      { space: 'test', records: 1 },
    ])
    const usage = await sql<{ space: string }[]>`select space from piece_data_usage where piece_id = ${piece.id} order by space`
    expect(usage.map((row) => row.space)).toEqual([busy, 'live', 'test'])
    const values = await sql<{ count: number }[]>`select count(*)::int as count from piece_data_values where piece_id = ${piece.id} and space = ${idle}`
    expect(values[0]?.count).toBe(0)
  })
})

describe('a visitor’s own data (mine)', () => {
  it('keeps each visitor’s keys to themselves: set, get, list by prefix, delete', async () => {
    const { piece, cookie } = await ownerAndPiece('datamine')
    const owner = (await tokenFor(piece.id, { cookie })).body.token
    const visitor = (await signedOutToken(piece.id)).token
    expect((await dataCall(piece.id, 'PUT', '/mine/score', owner, { value: { best: 12 } })).status).toBe(200)
    await dataCall(piece.id, 'PUT', '/mine/settings.theme', owner, { value: 'dark' })
    expect((await dataCall(piece.id, 'GET', '/mine/score', owner)).body).toMatchObject({ key: 'score', value: { best: 12 } })
    expect((await dataCall(piece.id, 'GET', '/mine?prefix=settings.', owner)).body.data.map((entry: any) => entry.key)).toEqual(['settings.theme'])
    expect((await dataCall(piece.id, 'GET', '/mine/score', visitor)).status).toBe(404)
    expect((await dataCall(piece.id, 'GET', '/mine', visitor)).body.data).toEqual([])
    expect((await dataCall(piece.id, 'DELETE', '/mine/score', owner)).body).toEqual({ deleted: true })
    expect((await dataCall(piece.id, 'GET', '/mine/score', owner)).body).toMatchObject({ error: 'not-found' })
  })
})

describe('shared data', () => {
  it('stamps every record with its writer and time, and lets only the writer or the owner change it', async () => {
    const { piece, cookie } = await ownerAndPiece('dataguest')
    const writer = await signedOutToken(piece.id)
    const other = await signedOutToken(piece.id)
    const owner = (await tokenFor(piece.id, { cookie })).body.token
    // The Piece's code cannot choose its writer: a `by` it sends is not a field it may send.
    expect((await dataCall(piece.id, 'POST', '/shared/guestbook', writer.token, { value: 'hi', by: '@owner' })).body.error).toBe('invalid')
    const added = await dataCall(piece.id, 'POST', '/shared/guestbook', writer.token, { value: { text: 'Hello from me' } })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ collection: 'guestbook', value: { text: 'Hello from me' }, by: { name: writer.name, you: true } })
    const list = await dataCall(piece.id, 'GET', '/shared/guestbook', other.token)
    expect(list.body.records).toHaveLength(1)
    expect(list.body.records[0].by).toEqual({ name: writer.name, you: false })
    expect(Date.parse(list.body.records[0].at)).not.toBeNaN()

    const id = added.body.id
    const refused = await dataCall(piece.id, 'DELETE', `/shared/guestbook/${id}`, other.token)
    expect(refused).toMatchObject({ status: 403, body: { error: 'not-yours' } })
    expect((await dataCall(piece.id, 'PATCH', `/shared/guestbook/${id}`, other.token, { value: 'mine now' })).body.error).toBe('not-yours')
    expect((await dataCall(piece.id, 'GET', '/shared/guestbook', other.token)).body.records[0].value).toEqual({ text: 'Hello from me' })
    expect((await dataCall(piece.id, 'PATCH', `/shared/guestbook/${id}`, writer.token, { value: { text: 'Edited' } })).body.value).toEqual({ text: 'Edited' })
    expect((await dataCall(piece.id, 'DELETE', `/shared/guestbook/${id}`, owner)).body).toEqual({ removed: true, id })
    expect((await dataCall(piece.id, 'GET', '/shared/guestbook', other.token)).body.records).toEqual([])
  })

  it('counts 50 votes cast at once as 50', async () => {
    const { piece } = await ownerAndPiece('datavotes')
    const voters = await Promise.all(Array.from({ length: 50 }, () => signedOutToken(piece.id)))
    const answers = await Promise.all(voters.map((voter) => dataCall(piece.id, 'POST', '/shared/poll/counters/yes', voter.token, {})))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect((await dataCall(piece.id, 'GET', '/shared/poll', voters[0]!.token)).body.counters).toEqual({ yes: 50 })
  })

  it('refuses a value over the size limit, past the quota or the record count, or too many writes, and changes nothing', async () => {
    const { piece } = await ownerAndPiece('datalimits')
    const { token } = await signedOutToken(piece.id)
    await dataCall(piece.id, 'POST', '/shared/notes', token, { value: 'kept' })
    const big = await dataCall(piece.id, 'POST', '/shared/notes', token, { value: 'x'.repeat(MAX_VALUE_BYTES) })
    expect(big).toMatchObject({ status: 413, body: { error: 'too-large', message: 'A value can be at most 64 KB.' } })
    // 0.05 MB: four values of 12 KB fit, the fifth does not.
    const answers = []
    for (let i = 0; i < 5; i += 1) answers.push((await dataCall(piece.id, 'PUT', `/mine/block${i}`, token, { value: 'y'.repeat(12_000) })).body.error)
    expect(answers).toEqual([undefined, undefined, undefined, undefined, 'quota'])
    const after = await dataCall(piece.id, 'GET', '/shared/notes', token)
    expect(after.body.records.map((record: any) => record.value)).toEqual(['kept'])
    expect((await dataCall(piece.id, 'GET', '/mine/block4', token)).status).toBe(404)
    const [usage] = await sql`select limit_reached from piece_data_usage where piece_id = ${piece.id} and space = 'live'`
    expect(usage?.limit_reached).toBe('quota')
  })

  it('refuses a visitor’s writes past their rate, and counts only the writes it took', async () => {
    const { piece } = await ownerAndPiece('datarate')
    const { token } = await signedOutToken(piece.id)
    // 70 a minute in fixed windows: 141 writes, however they fall across a minute's end, meet the limit.
    const statuses = []
    for (let i = 0; i < 141; i += 1) statuses.push((await dataCall(piece.id, 'POST', '/shared/taps/counters/n', token, {})).status)
    const refused = statuses.filter((status) => status === 429).length
    expect(refused).toBeGreaterThan(0)
    expect(statuses.filter((status) => status !== 429).every((status) => status === 200)).toBe(true)
    expect((await dataCall(piece.id, 'GET', '/shared/taps', token)).body.counters).toEqual({ n: 141 - refused })
    const [usage] = await sql`select limit_reached from piece_data_usage where piece_id = ${piece.id} and space = 'live'`
    expect(usage?.limit_reached).toBe('rate-limited')
  })

  it('refuses writes past the rows a Piece may hold', async () => {
    const { piece } = await ownerAndPiece('datarows')
    const { token } = await signedOutToken(piece.id)
    const results = []
    for (let i = 0; i < 61; i += 1) results.push((await dataCall(piece.id, 'POST', '/shared/rows', token, { value: i })).status)
    expect(results.slice(0, 60).every((status) => status === 201)).toBe(true)
    expect(results[60]).toBe(409)
    expect((await dataCall(piece.id, 'GET', '/shared/rows?limit=500', token)).body.records).toHaveLength(60)
  })
})

describe('writes at the same moment (one batch per Piece and space, docs/decisions/0058)', () => {
  /** What the Piece's usage says beside what its rows hold. */
  async function usageBesideRows(pieceId: number) {
    const [row] = await sql<{ bytes: number; records: number; heldBytes: number; heldRows: number }[]>`
      select coalesce((select bytes from piece_data_usage where piece_id = ${pieceId} and space = 'live'), 0)::int as bytes,
             coalesce((select records from piece_data_usage where piece_id = ${pieceId} and space = 'live'), 0)::int as records,
             ((select coalesce(sum(bytes), 0) from piece_data_records where piece_id = ${pieceId})
               + (select coalesce(sum(bytes), 0) from piece_data_values where piece_id = ${pieceId})
               + (select coalesce(sum(length(name) + 8), 0) from piece_data_counters where piece_id = ${pieceId}))::int as "heldBytes",
             ((select count(*) from piece_data_records where piece_id = ${pieceId})
               + (select count(*) from piece_data_values where piece_id = ${pieceId})
               + (select count(*) from piece_data_counters where piece_id = ${pieceId}))::int as "heldRows"`
    return row
  }

  it('never pass the record count: of 90 records added at once exactly 60 are kept, each once, and the rest are refused', async () => {
    const { piece } = await ownerAndPiece('databurstrows')
    const visitors = await Promise.all(Array.from({ length: 90 }, () => signedOutToken(piece.id)))
    const answers = await Promise.all(visitors.map((visitor, i) => dataCall(piece.id, 'POST', '/shared/sheet', visitor.token, { value: { i } })))
    const kept = answers.filter((answer) => answer.status === 201)
    expect(kept).toHaveLength(60)
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error === 'quota')).toBe(true)
    expect(answers.filter((answer) => answer.status !== 201)).toHaveLength(30)
    const listed = (await dataCall(piece.id, 'GET', '/shared/sheet?limit=500', visitors[0]!.token)).body.records
    expect(listed.map((record: any) => record.id).sort()).toEqual(kept.map((answer) => answer.body.id).sort())
    expect(new Set(listed.map((record: any) => record.value.i)).size).toBe(60)
    // Each writer is stamped on their own record.
    for (const answer of kept) expect(listed.find((record: any) => record.id === answer.body.id)?.value).toEqual(answer.body.value)
    expect(await usageBesideRows(piece.id)).toMatchObject({ records: 60, heldRows: 60 })
    const [usage] = await sql`select limit_reached from piece_data_usage where piece_id = ${piece.id} and space = 'live'`
    expect(usage?.limit_reached).toBe('records')
  })

  it('never pass the size quota: own values and records written at once at its edge are kept or refused whole, each counted once', async () => {
    const { piece } = await ownerAndPiece('databurstsize')
    const visitors = await Promise.all(Array.from({ length: 22 }, () => signedOutToken(piece.id)))
    // 12 values of 12 KB (4 fit in 0.05 MB) and 10 records of 1 KB, all at the same moment.
    const writes = visitors.map((visitor, i) =>
      i < 12
        ? { size: 12_002, call: () => dataCall(piece.id, 'PUT', '/mine/block', visitor.token, { value: 'y'.repeat(12_000) }) }
        : { size: 1_002, call: () => dataCall(piece.id, 'POST', '/shared/notes', visitor.token, { value: 'n'.repeat(1_000) }) },
    )
    const answers = await Promise.all(writes.map((write) => write.call()))
    const kept = answers.flatMap((answer, i) => (answer.status < 300 ? [writes[i]!.size] : []))
    const refused = answers.flatMap((answer, i) => (answer.status >= 300 ? [{ size: writes[i]!.size, error: answer.body.error }] : []))
    expect(refused.length).toBeGreaterThan(0)
    expect(refused.every((write) => write.error === 'quota')).toBe(true)
    const quota = Math.round(0.05 * 1024 * 1024)
    const usage = await usageBesideRows(piece.id)
    expect(usage).toMatchObject({ bytes: kept.reduce((sum, size) => sum + size, 0), heldBytes: kept.reduce((sum, size) => sum + size, 0) })
    expect(usage?.records).toBe(kept.length)
    expect(usage?.heldRows).toBe(kept.length)
    expect(usage!.bytes).toBeLessThanOrEqual(quota)
    // Room only shrank during the burst: every write refused would not fit even in what is left now.
    for (const write of refused) expect(write.size).toBeGreaterThan(quota - usage!.bytes)
    // A refused visitor's value was never kept; a kept one reads back whole.
    for (const [i, answer] of answers.entries()) {
      if (i >= 12) continue
      const read = await dataCall(piece.id, 'GET', '/mine/block', visitors[i]!.token)
      expect(read.status).toBe(answer.status === 200 ? 200 : 404)
    }
  })

  it('count 200 increments from 200 callers at once as 200, each caller answered a value of its own', async () => {
    const { piece } = await ownerAndPiece('databurstvotes')
    const voters = await Promise.all(Array.from({ length: 200 }, () => signedOutToken(piece.id)))
    const answers = await Promise.all(voters.map((voter) => dataCall(piece.id, 'POST', '/shared/poll/counters/yes', voter.token, { by: 1 })))
    expect(answers.map((answer) => answer.status)).toEqual(voters.map(() => 200))
    expect(answers.map((answer) => answer.body.value).sort((a, b) => a - b)).toEqual(voters.map((_, i) => i + 1))
    expect((await dataCall(piece.id, 'GET', '/shared/poll', voters[0]!.token)).body.counters).toEqual({ yes: 200 })
    expect(await usageBesideRows(piece.id)).toMatchObject({ records: 1, heldRows: 1, bytes: 'yes'.length + 8 })
  })

  it('hold one visitor to their writes per minute when they all come at once, and count only the writes taken', async () => {
    const { piece } = await ownerAndPiece('databurstrate')
    const { token } = await signedOutToken(piece.id)
    // 70 a minute in fixed windows: 141 at once, however they fall across a minute's end, meet the limit.
    const answers = await Promise.all(Array.from({ length: 141 }, () => dataCall(piece.id, 'POST', '/shared/taps/counters/n', token, {})))
    const taken = answers.filter((answer) => answer.status === 200).length
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(141 - taken)
    expect(taken).toBeLessThanOrEqual(140)
    expect((await dataCall(piece.id, 'GET', '/shared/taps', token)).body.counters).toEqual({ n: taken })
  })
})

describe('no Piece reaches another’s data', () => {
  it('refuses another Piece’s token, a forged or expired one, none at all, and answers nothing on an unknown host', async () => {
    const { piece } = await ownerAndPiece('dataiso')
    const { piece: other } = await ownerAndPiece('dataiso2')
    const own = await signedOutToken(piece.id)
    await dataCall(piece.id, 'POST', '/shared/secret', own.token, { value: 'only here' })
    const otherToken = (await signedOutToken(other.id)).token
    expect((await dataCall(piece.id, 'GET', '/shared/secret', otherToken)).body.error).toBe('unauthorized')
    expect((await dataCall(other.id, 'GET', '/shared/secret', otherToken)).body.records).toEqual([])
    expect((await dataCall(other.id, 'GET', '/shared/secret', own.token)).status).toBe(401)
    // The same body with another Piece's id, signed by nobody we know.
    const [body = '', signature = ''] = own.token.split('.')
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString())
    const forged = `${Buffer.from(JSON.stringify({ ...claims, p: other.id })).toString('base64url')}.${signature}`
    expect((await dataCall(other.id, 'GET', '/shared/secret', forged)).status).toBe(401)
    const expired = issueDataToken(verifyDataToken(own.token)!, Date.now() - 16 * 60_000).token
    expect((await dataCall(piece.id, 'GET', '/shared/secret', expired)).body).toMatchObject({ error: 'unauthorized' })
    expect((await dataCall(piece.id, 'GET', '/shared/secret', null)).status).toBe(401)
    expect((await dataCall(piece.id, 'GET', '/shared/secret', `${own.token}x`)).status).toBe(401)
    // Not on the app's host, nor on a host that is no Piece's.
    expect((await dataCall(`localhost:${getEnv().PORT}`, 'GET', '/shared/secret', own.token)).status).toBe(404)
    expect((await dataCall('pieces.example', 'GET', '/shared/secret', own.token)).status).toBe(404)
  })

  it('keeps the owner’s test data apart from the live data', async () => {
    const { piece, cookie } = await ownerAndPiece('datatest')
    const test = (await tokenFor(piece.id, { cookie, space: 'test' })).body.token
    const live = (await signedOutToken(piece.id)).token
    await dataCall(piece.id, 'POST', '/shared/list', test, { value: 'an experiment' })
    expect((await dataCall(piece.id, 'GET', '/shared/list', live)).body.records).toEqual([])
    expect((await dataCall(piece.id, 'GET', '/shared/list', test)).body.records).toHaveLength(1)
  })

  it('never comes along in a remix: the remix starts with no data, the original keeps its own', async () => {
    const { piece, owner } = await ownerAndPiece('dataremix')
    await sql`update pieces set code = '<!doctype html><h1>Guestbook</h1>' where id = ${piece.id}`
    const { token } = await signedOutToken(piece.id)
    await dataCall(piece.id, 'POST', '/shared/guestbook', token, { value: 'in the original' })
    await dataCall(piece.id, 'PUT', '/mine/seen', token, { value: true })
    const remixer = await newUser('dataremixer')
    await sessionCookieFor(remixer)
    const remix = await remixPiece(remixer.id, piece.name)
    const remixToken = (await signedOutToken(remix.id)).token
    expect((await dataCall(remix.id, 'GET', '/shared/guestbook', remixToken)).body).toEqual({ records: [], counters: {} })
    const { overview } = await dataOverview(remixer.id, remix.name, 'live', { quotaBytes: 1, maxRecords: 1 })
    expect(overview).toMatchObject({ bytes: 0, rows: 0, collections: [], mine: { values: 0, visitors: 0 } })
    expect((await dataOverview(owner.id, piece.name, 'live', { quotaBytes: 1, maxRecords: 1 })).overview.collections).toHaveLength(1)
  })

  it('goes with its Piece: a deleted Piece leaves no data, and a write from a page still open is refused as not found', async () => {
    const { piece, owner } = await ownerAndPiece('datadelete')
    const { token } = await signedOutToken(piece.id)
    await dataCall(piece.id, 'POST', '/shared/list', token, { value: 1 })
    await dataCall(piece.id, 'PUT', '/mine/a', token, { value: 1 })
    await deletePiece(owner.id, piece.id)
    const left = await sql`
      select (select count(*) from piece_data_records where piece_id = ${piece.id})::int
           + (select count(*) from piece_data_values where piece_id = ${piece.id})::int
           + (select count(*) from piece_data_usage where piece_id = ${piece.id})::int as n`
    expect(left[0]?.n).toBe(0)
    expect((await dataCall(piece.id, 'POST', '/shared/list', token, { value: 2 })).body.error).toBe('not-found')
  })
})

/** Reads server-sent events as they come, until the test ends the stream. */
function followChanges(pieceId: number, collection: string, token: string, lastEventId?: number) {
  const { PREVIEW_PORT } = getEnv()
  const events: { id?: number; event: string; data: any }[] = []
  let waiting: (() => void) | null = null
  const req = httpRequest({
    host: '127.0.0.1',
    port: PREVIEW_PORT,
    path: `/_pieces/data/shared/${collection}/changes`,
    headers: {
      host: `p${pieceId}.localhost:${PREVIEW_PORT}`,
      authorization: `Bearer ${token}`,
      ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}),
    },
  })
  req.on('response', (res) => {
    let buffer = ''
    res.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let end
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]))
        if (fields.data === undefined) continue
        events.push({ id: fields.id ? Number(fields.id) : undefined, event: fields.event ?? 'message', data: JSON.parse(fields.data) })
        waiting?.()
      }
    })
  })
  req.on('error', () => {})
  req.end()
  const until = async (count: number) => {
    while (events.filter((event) => event.event === 'message').length < count) await new Promise<void>((resolve) => (waiting = resolve))
  }
  const ready = async () => {
    while (!events.some((event) => event.event === 'ready')) await new Promise<void>((resolve) => (waiting = resolve))
  }
  return { events, until, ready, close: () => req.destroy() }
}

describe('live changes', () => {
  it('reach every open page of the Piece, and a page that lost its connection gets each missed change once', async () => {
    const { piece, cookie } = await ownerAndPiece('datalive')
    const writer = (await tokenFor(piece.id, { cookie })).body.token
    const reader = await signedOutToken(piece.id)
    const page = followChanges(piece.id, 'guestbook', reader.token)
    await page.ready()
    const added = await dataCall(piece.id, 'POST', '/shared/guestbook', writer, { value: 'first' })
    await dataCall(piece.id, 'POST', '/shared/other', writer, { value: 'elsewhere' })
    await dataCall(piece.id, 'POST', '/shared/guestbook/counters/likes', reader.token, {})
    await page.until(2)
    const messages = page.events.filter((event) => event.event === 'message')
    expect(messages[0]?.data).toMatchObject({ type: 'added', record: { id: added.body.id, value: 'first', by: { you: false } } })
    expect(messages[1]?.data).toEqual({ type: 'counted', counter: { collection: 'guestbook', name: 'likes', value: 1 } })
    page.close()

    const lastSeen = messages[1]!.id!
    await dataCall(piece.id, 'PATCH', `/shared/guestbook/${added.body.id}`, writer, { value: 'edited' })
    await dataCall(piece.id, 'DELETE', `/shared/guestbook/${added.body.id}`, writer)
    const resumed = followChanges(piece.id, 'guestbook', reader.token, lastSeen)
    await resumed.until(2)
    await resumed.ready()
    const replayed = resumed.events.filter((event) => event.event === 'message').map((event) => event.data.type)
    expect(replayed).toEqual(['changed', 'removed'])
    resumed.close()
  })

  it('are kept a day: a page resuming from before changes that were pruned is told to read the collection again, and follows from now', async () => {
    const { piece, cookie } = await ownerAndPiece('datapruned')
    const writer = (await tokenFor(piece.id, { cookie })).body.token
    const reader = await signedOutToken(piece.id)
    const page = followChanges(piece.id, 'guestbook', reader.token)
    await page.ready()
    await dataCall(piece.id, 'POST', '/shared/guestbook', writer, { value: 'seen' })
    await page.until(1)
    const lastSeen = page.events.find((event) => event.event === 'message')!.id!
    page.close()
    // Away for two days: a change it missed, and one of another collection, pass their day and are pruned.
    await dataCall(piece.id, 'POST', '/shared/guestbook', writer, { value: 'missed' })
    await dataCall(piece.id, 'POST', '/shared/other', writer, { value: 'elsewhere' })
    await dataCall(piece.id, 'POST', '/shared/other', writer, { value: 'elsewhere too' })
    const lastOther = (
      await sql<{ lastOther: number }[]>`select max(id)::int as "lastOther" from piece_data_changes where piece_id = ${piece.id} and collection = 'other'`
    )[0]!.lastOther
    await sql`update piece_data_changes set created_at = now() - interval '2 days' where piece_id = ${piece.id}`
    expect(await pruneDataChanges()).toBeGreaterThanOrEqual(4)
    await sql`update piece_data_changes set created_at = now() where piece_id = ${piece.id}`

    const resumed = followChanges(piece.id, 'guestbook', reader.token, lastSeen)
    await resumed.ready()
    expect(resumed.events[0]).toMatchObject({ event: 'reset', data: { type: 'reset', collection: 'guestbook' } })
    expect(resumed.events[0]!.id).toBeGreaterThan(lastSeen)
    // What the page reads again holds what it missed; what comes next arrives live, once.
    expect((await dataCall(piece.id, 'GET', '/shared/guestbook', reader.token)).body.records.map((record: any) => record.value)).toEqual(['missed', 'seen'])
    const next = await dataCall(piece.id, 'POST', '/shared/guestbook', writer, { value: 'next' })
    await resumed.until(1)
    expect(resumed.events.filter((event) => event.event === 'message').map((event) => event.data.record.id)).toEqual([next.body.id])
    resumed.close()

    // A page of the other collection that resumes from after what was pruned there misses nothing, and is not reset.
    const other = followChanges(piece.id, 'other', reader.token, lastOther)
    await other.ready()
    expect(other.events.map((event) => event.event)).toEqual(['ready'])
    other.close()
  })
})
