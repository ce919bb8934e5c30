import { request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnv, resetEnv } from '../../app/lib/env.server'
import { sql } from '../../app/lib/db.server'
import { MAX_VALUE_BYTES } from '../../app/piece-data/constants'
import { issueDataToken, verifyDataToken } from '../../app/piece-data/token.server'
import { dataOverview } from '../../app/piece-data/owner.server'
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
async function tokenFor(pieceId: number, { cookie, space }: { cookie?: string; space?: 'live' | 'test' } = {}) {
  const request = new Request(`http://localhost/api/opt/pieces/${pieceId}/data-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(space ? { space } : {}),
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
})
