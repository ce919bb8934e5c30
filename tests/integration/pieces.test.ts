import type { AppLoadContext } from '@remix-run/node'
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { createSession } from '../../app/accounts/session.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { setPlan } from '../../app/billing/subscription.server'
import { FREE_PIECE_LIMIT, IMAGE_UPLOADS_PER_DAY } from '../../app/lib/constants'
import { isUniqueViolation, sql } from '../../app/lib/db.server'
import { countPieces, createPiece, createPieceFromPrompt, listPublicPieces, setPieceGenerating } from '../../app/pieces/pieces.server'
import { processImage } from '../../app/pieces/images.server'
import { CURSOR_MESSAGE, PieceMessages, RANDOM_PIECE_NAME_PATTERN } from '../../app/pieces/schema'
import { collectUnusedImages, IMAGE_QUOTA_MESSAGE, storeImage } from '../../app/pieces/storage.server'
import * as optList from '../../app/routes/api/api.opt.pieces'
import * as optByName from '../../app/routes/api/api.opt.pieces.by-name'
import * as pieces from '../../app/routes/api/api.private.pieces'
import * as byName from '../../app/routes/api/api.private.pieces.by-name'
import * as checkName from '../../app/routes/api/api.private.pieces.check-name'
import * as images from '../../app/routes/images.$hash'

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown
type Route = { loader?: Handler; action?: Handler }
type User = { id: number; uid: string; auth: Record<string, string> }

const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
const uniqueEmail = () => `pieces.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
const uniqueName = (label = 'p') => `${label}_${Math.random().toString(36).slice(2, 10)}`
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

async function newUser(plan: 'free' | 'plus' = 'free'): Promise<User> {
  const created = await registerWithPassword(uniqueEmail(), 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  if (plan === 'plus') await setPlan(created.userId, 'plus')
  const { token } = await issueToken(created.userId)
  const [row] = await sql<{ uid: string }[]>`select uid from users where id = ${created.userId}`
  return { id: created.userId, uid: row!.uid, auth: { Authorization: `Bearer ${token}` } }
}

type CallOptions = { user?: User | null; body?: unknown; headers?: Record<string, string>; params?: Record<string, string> }

/** Calls a route module the way Remix does: GET and HEAD reach the loader, the rest the action. */
async function call(route: Route, method: string, path: string, { user, body, headers = {}, params = {} }: CallOptions = {}) {
  const init: RequestInit = { method, headers: { ...(user ? user.auth : {}), ...headers } }
  if (body instanceof FormData) init.body = body
  else if (typeof body === 'string') init.body = body
  else if (body !== undefined) {
    init.body = JSON.stringify(body)
    ;(init.headers as Record<string, string>)['Content-Type'] = 'application/json'
  }
  const request = new Request(`http://localhost${path}`, init)
  const handler = method === 'GET' || method === 'HEAD' ? route.loader : route.action
  const response = (await handler!({ request, context, params })) as Response
  const text = response.status === 304 ? '' : await response.clone().text()
  let json: unknown = undefined
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    // not JSON (an image)
  }
  return { status: response.status, headers: response.headers, json: json as any, response }
}

const create = (user: User, name: string, extra: object = {}) => call(pieces, 'POST', '/api/private/pieces', { user, body: { name, ...extra } })
const patch = (user: User, id: number, body: unknown) => call(pieces, 'PATCH', `/api/private/pieces?id=${id}`, { user, body })

async function newPiece(user: User, name = uniqueName()) {
  const created = await create(user, name)
  expect(created.status).toBe(201)
  return created.json as { id: number; name: string; updatedAt: string }
}

describe('creating Pieces (call 23)', () => {
  it('creates a public Piece with the spec shape, its name trimmed and lower-cased', async () => {
    const user = await newUser()
    const name = uniqueName('Mixed')
    const created = await create(user, `  ${name.toUpperCase()} `)
    expect(created.status).toBe(201)
    expect(created.json).toEqual({
      id: expect.any(Number),
      name: name.toLowerCase(),
      description: '',
      icon: '',
      screenshot: '',
      visibility: 'public',
      userId: user.uid,
      updatedAt: expect.stringMatching(ISO),
    })
  })

  it('answers the name rules and wrong types with 400 and a message', async () => {
    const user = await newUser()
    const cases: [unknown, string][] = [
      ['ab', 'Name must be at least 3 characters'],
      ['   ', "Name can't be blank"],
      ['my piece', 'Name must only contain letters, numbers, underscores, and periods'],
      ['piece.', 'Name cannot end with a period'],
      ['a'.repeat(25), 'Name must be 24 characters or less'],
      [42, 'name must be a string'],
    ]
    for (const [name, message] of cases) {
      const response = await call(pieces, 'POST', '/api/private/pieces', { user, body: { name } })
      expect(response.status, String(name)).toBe(400)
      expect(response.json).toEqual({ message })
    }
    const badVisibility = await create(user, uniqueName(), { visibility: 'friends' })
    expect(badVisibility.status).toBe(400)
    expect(badVisibility.json).toEqual({ message: PieceMessages.visibilityInvalid })
    const notJson = await call(pieces, 'POST', '/api/private/pieces', { user, body: '{"name":', headers: { 'Content-Type': 'application/json' } })
    expect(notJson.status).toBe(400)
    expect(notJson.json.message).toEqual(expect.any(String))
    expect(await countPieces(user.id)).toBe(0)
  })

  it("refuses a name held by anyone, or used by the app's own pages", async () => {
    const owner = await newUser()
    const other = await newUser()
    const piece = await newPiece(owner)
    for (const [user, name] of [
      [owner, piece.name],
      [other, piece.name.toUpperCase()],
      [other, 'explore'],
      [other, 'signin'],
    ] as const) {
      const response = await create(user, name)
      expect(response.status, name).toBe(409)
      expect(response.json).toEqual({ message: 'Name already taken' })
    }
  })

  it('knows a taken name by the index PostgreSQL names, not by the words of its message', async () => {
    const owner = await newUser()
    const piece = await newPiece(owner)
    const refusal = await sql`insert into pieces (name, user_id) values (${piece.name}, ${owner.id})`.catch((error: unknown) => error)
    expect(isUniqueViolation(refusal, 'pieces_name_key')).toBe(true)
    expect(isUniqueViolation(refusal, 'generations_one_active_per_piece')).toBe(false)
  })

  it('needs PLUS for a private or members-only Piece', async () => {
    const free = await newUser()
    for (const visibility of ['private', 'members']) {
      const refused = await create(free, uniqueName(), { visibility })
      expect(refused.status).toBe(403)
      expect(refused.json).toEqual({ message: PieceMessages.visibilityNeedsPlus, requiresSubscription: true })
    }
    expect(await countPieces(free.id)).toBe(0)
    const plus = await newUser('plus')
    const created = await create(plus, uniqueName(), { visibility: 'private' })
    expect(created.status).toBe(201)
    expect(created.json.visibility).toBe('private')
  })

  it(`holds a free account to ${FREE_PIECE_LIMIT} Pieces, even when creates race, and PLUS to none`, async () => {
    const free = await newUser()
    const attempts = await Promise.all(Array.from({ length: FREE_PIECE_LIMIT + 3 }, () => create(free, uniqueName())))
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(FREE_PIECE_LIMIT)
    const refused = attempts.filter((attempt) => attempt.status === 403)
    expect(refused).toHaveLength(3)
    expect(refused[0]!.json).toEqual({ message: PieceMessages.pieceLimit, requiresSubscription: true })
    expect(refused[0]!.json.message).toContain('PLUS subscription')
    expect(await countPieces(free.id)).toBe(FREE_PIECE_LIMIT)

    // Deleting one frees a place.
    const { json: list } = await call(pieces, 'GET', '/api/private/pieces?limit=1', { user: free })
    expect((await call(pieces, 'DELETE', `/api/private/pieces?id=${list.data[0].id}`, { user: free })).status).toBe(200)
    expect((await create(free, uniqueName())).status).toBe(201)

    const plus = await newUser('plus')
    for (let i = 0; i < FREE_PIECE_LIMIT + 2; i += 1) await newPiece(plus)
    expect(await countPieces(plus.id)).toBe(FREE_PIECE_LIMIT + 2)
  })

  it("creates 'piece_' and 8 hex characters for onboarding with a prompt", async () => {
    const user = await newUser()
    const piece = await createPieceFromPrompt(user.id)
    expect(piece.name).toMatch(RANDOM_PIECE_NAME_PATTERN)
    expect(piece).toMatchObject({ visibility: 'public', userId: user.uid })
  })

  it('needs an identity, and a session cookie works as well as a bearer token', async () => {
    const anonymous = await call(pieces, 'POST', '/api/private/pieces', { body: { name: uniqueName() } })
    expect(anonymous.status).toBe(401)
    expect(anonymous.json).toEqual({ message: 'Authentication required' })
    expect((await call(pieces, 'GET', '/api/private/pieces')).status).toBe(401)

    const user = await newUser()
    const cookie = (await createSession(user.id)).split(';')[0]!
    const created = await call(pieces, 'POST', '/api/private/pieces', { body: { name: uniqueName() }, headers: { cookie } })
    expect(created.status).toBe(201)
    expect(created.json.userId).toBe(user.uid)
  })

  it('refuses other methods', async () => {
    const user = await newUser()
    expect((await call(pieces, 'PUT', '/api/private/pieces', { user, body: {} })).status).toBe(405)
  })
})

describe('listing Pieces (calls 19 and 20)', () => {
  it("lists the caller's own Pieces, most recently updated first", async () => {
    const user = await newUser('plus')
    const other = await newUser()
    await newPiece(other)
    const made: { id: number }[] = []
    for (let i = 0; i < 3; i += 1) made.push(await newPiece(user))
    const { status, json } = await call(pieces, 'GET', '/api/private/pieces?limit=25', { user })
    expect(status).toBe(200)
    expect(json).toEqual({ data: expect.any(Array), has_more: false, next_starting_after: null })
    expect(json.data.map((piece: { id: number }) => piece.id)).toEqual(made.map((piece) => piece.id).reverse())
    expect(Object.keys(json.data[0]).sort()).toEqual(['description', 'icon', 'id', 'name', 'screenshot', 'updatedAt', 'userId', 'visibility'])
  })

  it('pages through Pieces that share one updatedAt without skipping or repeating any', async () => {
    const user = await newUser('plus')
    const made: { id: number }[] = []
    for (let i = 0; i < 7; i += 1) made.push(await newPiece(user))
    await sql`update pieces set updated_at = '2025-03-01T10:00:00.123456Z' where user_id = ${user.id}`
    const [stored] = await sql<
      { t: string }[]
    >`select to_char(updated_at at time zone 'UTC', 'HH24:MI:SS.US') as t from pieces where user_id = ${user.id} limit 1`
    expect(stored!.t).toBe('10:00:00.123000')

    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const path: string = `/api/private/pieces?limit=3${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`
      const { json } = await call(pieces, 'GET', path, { user })
      seen.push(...json.data.map((piece: { id: number }) => piece.id))
      expect(json.has_more).toBe(json.next_starting_after !== null)
      cursor = json.next_starting_after
      pages += 1
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual(made.map((piece) => piece.id).sort((a, b) => b - a))
  })

  it("takes the spec's plain updatedAt cursor: the Pieces updated before it follow", async () => {
    const user = await newUser()
    const made: { id: number }[] = []
    for (let i = 0; i < 4; i += 1) made.push(await newPiece(user))
    for (const [index, piece] of made.entries()) {
      await sql`update pieces set updated_at = ${new Date(Date.UTC(2025, 0, 1, 0, 0, index))} where id = ${piece.id}`
    }
    const first = await call(pieces, 'GET', '/api/private/pieces?limit=2', { user })
    expect(first.json.has_more).toBe(true)
    const last = first.json.data.at(-1)
    const next = await call(pieces, 'GET', `/api/private/pieces?limit=20&starting_after=${encodeURIComponent(last.updatedAt)}`, { user })
    expect(next.json.data.map((piece: { id: number }) => piece.id)).toEqual([made[1]!.id, made[0]!.id])
    expect(next.json.has_more).toBe(false)
  })

  it('answers a bad limit or cursor with 400', async () => {
    const user = await newUser()
    for (const query of ['limit=abc', 'limit=0', 'limit=101', 'limit=2.5', 'starting_after=not-a-date']) {
      const response = await call(pieces, 'GET', `/api/private/pieces?${query}`, { user })
      expect(response.status, query).toBe(400)
      expect(response.json.message).toEqual(expect.any(String))
    }
  })

  it('answers an absurd cursor with 400 and the message on both lists, never 500', async () => {
    const user = await newUser()
    await newPiece(user)
    const absurd = [
      '99999999999999999999',
      '-1e309',
      '1e309',
      'abc',
      'abc 1',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '10000-01-01T00:00:00Z',
      '2025-06-15T12:00:00Z_99999999999999999999',
      'x'.repeat(101),
    ]
    for (const cursor of absurd) {
      const query = `starting_after=${encodeURIComponent(cursor)}`
      for (const [route, options] of [
        [pieces, { user }],
        [optList, {}],
      ] as const) {
        const path = route === pieces ? `/api/private/pieces?${query}` : `/api/opt/pieces?${query}`
        const response = await call(route, 'GET', path, options)
        expect(response.status, path).toBe(400)
        expect(response.json, path).toEqual({ message: CURSOR_MESSAGE })
      }
    }
    // The far ends of the range are still cursors.
    expect((await call(optList, 'GET', `/api/opt/pieces?starting_after=${encodeURIComponent('9999-12-31T23:59:59.999Z')}`)).status).toBe(200)
    expect((await call(optList, 'GET', '/api/opt/pieces?starting_after=0001-01-01T00:00:00Z')).json.data).toEqual([])
  })
})

describe('a Piece by name (calls 21 and 22) and who may see it', () => {
  it("gives the owner their Piece with code and draft, without caching, and null with 404 for anyone else's", async () => {
    const owner = await newUser()
    const other = await newUser()
    const piece = await newPiece(owner)
    const own = await call(byName, 'GET', `/api/private/pieces/by-name?name=${piece.name.toUpperCase()}&_t=${Date.now()}`, { user: owner })
    expect(own.status).toBe(200)
    expect(own.json).toMatchObject({ id: piece.id, name: piece.name, code: '', draftData: null, generating: false, userId: owner.uid })
    expect(own.headers.get('cache-control')).toMatch(/no-store/)
    expect(own.headers.get('cache-control')).toMatch(/no-cache/)
    expect(own.headers.get('pragma')).toBe('no-cache')

    for (const [user, name] of [
      [other, piece.name],
      [owner, 'no_such_piece'],
    ] as const) {
      const missing = await call(byName, 'GET', `/api/private/pieces/by-name?name=${name}&_t=1`, { user })
      expect(missing.status).toBe(404)
      expect(missing.json).toBeNull()
      expect(missing.headers.get('cache-control')).toMatch(/no-store/)
    }
    expect((await call(byName, 'GET', '/api/private/pieces/by-name', { user: owner })).status).toBe(400)
  })

  it('shows public Pieces to anyone, members-only to anyone signed in, private to the owner', async () => {
    const owner = await newUser('plus')
    const other = await newUser()
    const names = { public: uniqueName(), members: uniqueName(), private: uniqueName() }
    for (const [visibility, name] of Object.entries(names)) expect((await create(owner, name, { visibility })).status).toBe(201)
    const look = (name: string, user: User | null) => call(optByName, 'GET', `/api/opt/pieces/by-name?name=${name}`, { user })
    const missing = await look('no_such_piece', null)
    expect(missing.status).toBe(404)

    const expectations: [keyof typeof names, User | null, boolean][] = [
      ['public', null, true],
      ['public', other, true],
      ['members', null, false],
      ['members', other, true],
      ['members', owner, true],
      ['private', null, false],
      ['private', other, false],
      ['private', owner, true],
    ]
    for (const [visibility, viewer, visible] of expectations) {
      const response = await look(names[visibility], viewer)
      const label = `${visibility} for ${viewer === null ? 'a visitor' : viewer === owner ? 'the owner' : 'another user'}`
      if (visible) {
        expect(response.status, label).toBe(200)
        expect(response.json, label).toMatchObject({ name: names[visibility], visibility, userId: owner.uid, code: '' })
        expect(response.json.draftData, label).toBeUndefined()
      } else {
        // Exactly the answer of a name that does not exist.
        expect(response.status, label).toBe(404)
        expect(response.json, label).toEqual(missing.json)
      }
    }
  })

  it('says whether a name is taken (call 26)', async () => {
    const owner = await newUser()
    const other = await newUser()
    const piece = await newPiece(owner)
    const check = (name: string, user: User) => call(checkName, 'GET', `/api/private/pieces/check-name?name=${encodeURIComponent(name)}`, { user })
    expect((await check(piece.name, other)).json).toEqual({ exists: true })
    expect((await check(` ${piece.name.toUpperCase()} `, owner)).json).toEqual({ exists: true })
    expect((await check(uniqueName(), owner)).json).toEqual({ exists: false })
    expect((await check('settings', owner)).json).toEqual({ exists: true })
    const missing = await call(checkName, 'GET', '/api/private/pieces/check-name', { user: owner })
    expect(missing.status).toBe(400)
    expect(missing.json).toEqual({ message: 'name is required' })
  })
})

describe('changing Pieces (call 24)', () => {
  it('renames, describes and answers the updated Piece', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const newName = uniqueName('Renamed')
    const renamed = await patch(user, piece.id, { name: ` ${newName} ` })
    expect(renamed.status).toBe(200)
    expect(renamed.json).toMatchObject({ id: piece.id, name: newName.toLowerCase() })
    expect(renamed.json.updatedAt >= piece.updatedAt).toBe(true)
    const described = await patch(user, piece.id, { description: '  A small app.  ' })
    expect(described.json.description).toBe('A small app.')
    const tooLong = await patch(user, piece.id, { description: 'x'.repeat(1001) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.json).toEqual({ message: 'Description must be 1000 characters or less' })
    // Keeping the current name is not a rename.
    expect((await patch(user, piece.id, { name: newName })).status).toBe(200)
  })

  it("refuses a name someone else holds with 'Name already taken'", async () => {
    const user = await newUser()
    const other = await newUser()
    const mine = await newPiece(user)
    const theirs = await newPiece(other)
    const response = await patch(user, mine.id, { name: theirs.name })
    expect(response.status).toBe(409)
    expect(response.json).toEqual({ message: 'Name already taken' })
  })

  it('refuses to rename while a generation runs, and allows it once it ends or has gone stale', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    await setPieceGenerating(piece.id, true)
    const refused = await patch(user, piece.id, { name: uniqueName() })
    expect(refused.status).toBe(409)
    expect(refused.json).toEqual({ message: 'Cannot rename a Piece while generation is in progress' })
    // Other changes are fine meanwhile.
    expect((await patch(user, piece.id, { description: 'still editable' })).status).toBe(200)
    expect((await call(byName, 'GET', `/api/private/pieces/by-name?name=${piece.name}`, { user })).json.generating).toBe(true)
    await sql`update pieces set generation_started_at = now() - interval '2 hours' where id = ${piece.id}`
    expect((await patch(user, piece.id, { name: uniqueName() })).status).toBe(200)
    await setPieceGenerating(piece.id, true)
    await setPieceGenerating(piece.id, false)
    expect((await patch(user, piece.id, { name: uniqueName() })).status).toBe(200)
  })

  it('needs PLUS to make a Piece private or members-only, and changes nothing without it', async () => {
    const free = await newUser()
    const piece = await newPiece(free)
    for (const visibility of ['private', 'members']) {
      const refused = await patch(free, piece.id, { visibility, description: 'should not be saved' })
      expect(refused.status).toBe(403)
      expect(refused.json).toEqual({ message: PieceMessages.visibilityNeedsPlus, requiresSubscription: true })
    }
    const [row] = await sql`select visibility, description from pieces where id = ${piece.id}`
    expect(row).toEqual({ visibility: 'public', description: '' })

    await setPlan(free.id, 'plus')
    expect((await patch(free, piece.id, { visibility: 'members' })).json.visibility).toBe('members')
    expect((await patch(free, piece.id, { visibility: 'private' })).json.visibility).toBe('private')
    // After a downgrade the Piece stays private and can be made public.
    await setPlan(free.id, 'free')
    expect((await patch(free, piece.id, { visibility: 'public' })).json.visibility).toBe('public')
  })

  it("treats another user's Piece as missing: neither changed nor deleted", async () => {
    const owner = await newUser()
    const intruder = await newUser('plus')
    const piece = await newPiece(owner)
    const changed = await patch(intruder, piece.id, { name: uniqueName(), visibility: 'private' })
    expect(changed.status).toBe(404)
    expect(changed.json).toEqual({ message: PieceMessages.notFound })
    const deleted = await call(pieces, 'DELETE', `/api/private/pieces?id=${piece.id}`, { user: intruder })
    expect(deleted.status).toBe(404)
    expect(deleted.json).toEqual(changed.json)
    const missing = await patch(intruder, 2_000_000_000, { description: 'x' })
    expect(missing.json).toEqual(changed.json)
    const [row] = await sql`select name, visibility from pieces where id = ${piece.id}`
    expect(row).toEqual({ name: piece.name, visibility: 'public' })
  })

  it('answers wrong types and missing ids with 400', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const cases: [unknown, string][] = [
      [{}, 'Nothing to update: send name, description, icon or visibility'],
      [{ name: 5 }, 'name must be a string'],
      [{ description: ['a'] }, 'description must be a string'],
      [{ visibility: 'everyone' }, PieceMessages.visibilityInvalid],
      [{ icon: 5 }, PieceMessages.iconInvalid],
      [{ icon: 'https://example.com/a.png' }, PieceMessages.iconInvalid],
      [{ icon: '/images/0000000000000000000000000000000000000000000000000000000000000000.png' }, PieceMessages.iconInvalid],
      [{ icon: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` }, PieceMessages.notAnImage],
      [[1, 2], 'The request body must be a JSON object.'],
    ]
    for (const [body, message] of cases) {
      const response = await patch(user, piece.id, body)
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(response.json).toEqual({ message })
    }
    for (const query of ['', '?id=', '?id=abc', '?id=-3']) {
      const response = await call(pieces, 'PATCH', `/api/private/pieces${query}`, { user, body: { description: 'x' } })
      expect(response.status, query).toBe(400)
      expect(response.json).toEqual({ message: 'id must be the id of a Piece' })
    }
  })

  it('saves code and the chat draft for the owner', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const draftData = { currentInput: 'make it blue', currentAttachments: [], exchangeHistory: [], historyIndex: -1 }
    expect((await patch(user, piece.id, { code: '<h1>Hi</h1>', draftData })).status).toBe(200)
    const own = await call(byName, 'GET', `/api/private/pieces/by-name?name=${piece.name}`, { user })
    expect(own.json).toMatchObject({ code: '<h1>Hi</h1>', draftData })
    expect((await patch(user, piece.id, { draftData: null })).status).toBe(200)
    expect((await call(byName, 'GET', `/api/private/pieces/by-name?name=${piece.name}`, { user })).json.draftData).toBeNull()
  })
})

describe('icons', () => {
  it('takes a data URL, stores the processed image, and serves it for a year by its hash', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 1 } } })
      .png()
      .toBuffer()
    const updated = await patch(user, piece.id, { icon: `data:image/png;base64,${png.toString('base64')}` })
    expect(updated.status).toBe(200)
    expect(updated.json.icon).toMatch(/^\/images\/[0-9a-f]{64}\.png$/)

    const hash = updated.json.icon.slice('/images/'.length)
    const served = await call(images, 'GET', updated.json.icon, { params: { hash } })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = served.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/)
    expect(Buffer.from(await served.response.arrayBuffer()).equals(png)).toBe(true)
    const again = await call(images, 'GET', updated.json.icon, { params: { hash }, headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect((await call(images, 'GET', '/images/x', { params: { hash: hash.replace('.png', '.jpg') } })).status).toBe(404)
    expect((await call(images, 'GET', '/images/x', { params: { hash: 'nothing.png' } })).status).toBe(404)

    // The address of an image we stored may be sent back as is; '' removes the icon.
    expect((await patch(user, piece.id, { icon: updated.json.icon })).json.icon).toBe(updated.json.icon)
    expect((await patch(user, piece.id, { icon: '' })).json.icon).toBe('')
  })

  it('re-encodes a large upload as JPEG within 2048 px', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const photo = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer()
    const updated = await patch(user, piece.id, { icon: `data:image/jpeg;base64,${photo.toString('base64')}` })
    expect(updated.json.icon).toMatch(/\.jpg$/)
    const [row] = await sql`select mime, width, height from images where hash = ${updated.json.icon.slice(8, 72)}`
    expect(row).toEqual({ mime: 'image/jpeg', width: 2048, height: 2048 })
  })

  it('accepts a form upload with a file', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('icon', new File([new Uint8Array(png)], 'icon.txt', { type: 'text/plain' }))
    form.set('description', 'uploaded')
    const updated = await call(pieces, 'PATCH', `/api/private/pieces?id=${piece.id}`, { user, body: form })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ description: 'uploaded', icon: expect.stringMatching(/^\/images\/[0-9a-f]{64}\.png$/) })
    const junk = new FormData()
    junk.set('icon', new File([new TextEncoder().encode('GIF89a but not really')], 'x.gif', { type: 'image/gif' }))
    const refused = await call(pieces, 'PATCH', `/api/private/pieces?id=${piece.id}`, { user, body: junk })
    expect(refused.status).toBe(400)
    expect(refused.json).toEqual({ message: PieceMessages.notAnImage })
  })

  it("stores nothing when the upload is for someone else's Piece", async () => {
    const [owner, stranger] = [await newUser(), await newUser()]
    const piece = await newPiece(owner)
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('icon', new File([new Uint8Array(png)], 'icon.png', { type: 'image/png' }))
    const refused = await call(pieces, 'PATCH', `/api/private/pieces?id=${piece.id}`, { user: stranger, body: form })
    expect(refused.status).toBe(404)
    const hash = createHash('sha256')
      .update(await processImage(png).then((image) => image.bytes))
      .digest('hex')
    expect(await sql`select 1 from images where hash = ${hash}`).toHaveLength(0)
    expect(await sql`select 1 from image_uploads where user_id = ${stranger.id}`).toHaveLength(0)
  })

  it('holds each user to a daily number of uploads', async () => {
    const user = await newUser()
    const image = await processImage(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abcdef' } })
        .png()
        .toBuffer(),
    )
    for (let i = 0; i < IMAGE_UPLOADS_PER_DAY; i += 1) await storeImage(user.id, image)
    await expect(storeImage(user.id, image)).rejects.toMatchObject({ kind: 'limit-reached', message: IMAGE_QUOTA_MESSAGE })
    expect(await storeImage((await newUser()).id, image)).toMatch(/^\/images\//)
  })

  it('collects images no Piece points at once they are a day old, and keeps the rest', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const make = async (colour: string) =>
      processImage(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      )
    const used = await storeImage(user.id, await make('#010203'))
    const orphan = await storeImage(user.id, await make('#040506'))
    const fresh = await storeImage(user.id, await make('#070809'))
    expect((await patch(user, piece.id, { icon: used })).status).toBe(200)
    const hashOf = (url: string) => url.slice('/images/'.length, '/images/'.length + 64)
    await sql`update images set created_at = now() - interval '2 days' where hash in ${sql([hashOf(used), hashOf(orphan)])}`
    await collectUnusedImages()
    const left = (await sql<{ hash: string }[]>`select hash from images where hash in ${sql([hashOf(used), hashOf(orphan), hashOf(fresh)])}`).map(
      (row) => row.hash,
    )
    expect(left.sort()).toEqual([hashOf(used), hashOf(fresh)].sort())
  })
})

describe('deleting Pieces (call 25)', () => {
  it('deletes the Piece for its owner only, after which its name is free', async () => {
    const user = await newUser()
    const piece = await newPiece(user)
    const deleted = await call(pieces, 'DELETE', `/api/private/pieces?id=${piece.id}`, { user })
    expect(deleted.status).toBe(200)
    expect(deleted.json).toEqual({ success: true, id: piece.id })
    expect((await call(byName, 'GET', `/api/private/pieces/by-name?name=${piece.name}`, { user })).status).toBe(404)
    expect((await call(pieces, 'DELETE', `/api/private/pieces?id=${piece.id}`, { user })).status).toBe(404)
    expect((await call(checkName, 'GET', `/api/private/pieces/check-name?name=${piece.name}`, { user })).json).toEqual({ exists: false })
  })

  it("goes with its owner's account", async () => {
    const user = await newUser()
    await newPiece(user)
    await sql`delete from users where id = ${user.id}`
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pieces where user_id = ${user.id}`
    expect(row!.n).toBe(0)
  })
})

describe('the gallery (spec 2 call 17)', () => {
  it('lists only public Pieces with something to see, newest first, 12 a page, without repeats', async () => {
    const owner = await newUser('plus')
    const publicOnes: { id: number }[] = []
    const withCode = async (piece: { id: number }) => {
      const saved = await call(pieces, 'PATCH', `/api/private/pieces?id=${piece.id}`, { user: owner, body: { code: '<h1>Hello</h1>' } })
      expect(saved.status).toBe(200)
      return piece
    }
    for (let i = 0; i < 3; i += 1) publicOnes.push(await withCode(await newPiece(owner)))
    // Issue 32.4: a public Piece with no saved code never fills a card.
    const empty = await newPiece(owner)
    const hidden = [
      empty,
      await withCode((await create(owner, uniqueName(), { visibility: 'private' })).json),
      await withCode((await create(owner, uniqueName(), { visibility: 'members' })).json),
    ]

    const first = await call(optList, 'GET', '/api/opt/pieces')
    expect(first.status).toBe(200)
    expect(first.json.data.length).toBeLessThanOrEqual(12)
    const ids: number[] = []
    let page = first.json
    for (;;) {
      ids.push(...page.data.map((piece: { id: number }) => piece.id))
      if (!page.has_more) break
      page = (await call(optList, 'GET', `/api/opt/pieces?limit=12&starting_after=${encodeURIComponent(page.next_starting_after)}`)).json
    }
    expect(new Set(ids).size).toBe(ids.length)
    const mine = ids.filter((id) => publicOnes.some((piece) => piece.id === id))
    expect(mine).toEqual(publicOnes.map((piece) => piece.id).reverse())
    for (const piece of hidden) expect(ids).not.toContain(piece.id)

    const direct = await listPublicPieces({ limit: 2 })
    expect(direct.data).toHaveLength(2)
    expect(direct.data.every((piece) => piece.visibility === 'public')).toBe(true)
    expect((await call(optList, 'GET', '/api/opt/pieces?limit=x')).status).toBe(400)
  })

  it('the module refuses bad input on its own too', async () => {
    const user = await newUser()
    await expect(createPiece(user.id, { name: 'a b' })).rejects.toMatchObject({ kind: 'invalid' })
  })
})
