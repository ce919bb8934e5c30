import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { createSession } from '../../app/accounts/session.server'
import { setUsername } from '../../app/accounts/users.server'
import { setPlan } from '../../app/billing/subscription.server'
import { FREE_PIECE_LIMIT } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { codeVersion } from '../../app/pieces/code-version'
import { canUndo, readDraft } from '../../app/pieces/draft'
import { cachedComparisons, compareLines, comparisonOf, MAX_CHANGED_LINES } from '../../app/pieces/compare.server'
import { downloadOf } from '../../app/pieces/download.server'
import { withGalleryExtras } from '../../app/pieces/gallery.server'
import { pendingRemixOf } from '../../app/pieces/remix-form.server'
import { createPiece, deletePiece, getOwnPiece, listPublicPieces, updatePiece } from '../../app/pieces/pieces.server'
import { RemixMessages } from '../../app/pieces/remixes'
import { addressOf, countView, lineageOf, publicRemixesOf, remixCounts, remixPiece, visitorKey } from '../../app/pieces/remixes.server'
import { PieceMessages } from '../../app/pieces/schema'
import * as optList from '../../app/routes/api/api.opt.pieces'
import * as compareRoute from '../../app/routes/piece-compare'
import * as piecePage from '../../app/routes/piece-page'
import * as remixRoute from '../../app/routes/piece-remix'
import { MIGRATIONS_DIR } from '../../runtime/paths'

type User = { id: number; uid: string; username: string; cookie: string }
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown

const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
const unique = (label: string) => `${label}_${Math.random().toString(36).slice(2, 10)}`
const PAGE = '<!doctype html><html><body><h1>Counter</h1><button>+</button></body></html>'

async function newUser(plan: 'free' | 'plus' = 'free'): Promise<User> {
  const created = await registerWithPassword(`${unique('remix')}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const username = unique('u')
  expect(await setUsername(created.userId, username)).toBe(true)
  if (plan === 'plus') await setPlan(created.userId, 'plus')
  const [row] = await sql<{ uid: string }[]>`select uid from users where id = ${created.userId}`
  const cookie = (await createSession(created.userId)).split(';')[0]!
  return { id: created.userId, uid: row!.uid, username, cookie }
}

/** An account made long enough ago for its views and remixes to count as its own. */
async function established(user: User) {
  await sql`update users set created_at = now() - interval '40 days' where id = ${user.id}`
  return user
}

async function pieceWithCode(owner: User, code = PAGE, name = unique('orig')) {
  const piece = await createPiece(owner.id, { name })
  await updatePiece(owner.id, piece.id, { code })
  return piece
}

async function call(
  handler: Handler,
  method: string,
  path: string,
  {
    cookie,
    form,
    ip = '127.0.0.1',
    userAgent = 'vitest',
    site,
  }: { cookie?: string; form?: Record<string, string>; ip?: string; userAgent?: string; site?: string } = {},
) {
  const headers: Record<string, string> = { 'User-Agent': userAgent }
  if (site) headers['Sec-Fetch-Site'] = site
  if (cookie) headers.Cookie = cookie
  // A page posted by the browser itself (JavaScript off): what the form kit answers with a redirect.
  if (form) headers['Sec-Fetch-Mode'] = 'navigate'
  const body = form ? new URLSearchParams(form) : undefined
  const request = new Request(`http://localhost${path}`, { method, headers, body })
  const name = path.split('/')[1]!
  try {
    const answer = await handler({ request, context: { ...context, clientIp: ip }, params: { name } })
    if (answer instanceof Response) return answer
    // A loader's `data()`: its status (200 unless it says otherwise) and headers.
    const init = (answer as { init?: ResponseInit | null }).init
    return new Response(null, { status: init?.status ?? 200, headers: init?.headers })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/** A loader's answer as the page reads it (the value inside its `data()`). */
async function callData<T = unknown>(handler: Handler, path: string, cookie?: string): Promise<T> {
  const headers: Record<string, string> = { 'User-Agent': 'vitest' }
  if (cookie) headers.Cookie = cookie
  const answer = await handler({ request: new Request(`http://localhost${path}`, { headers }), context, params: { name: path.split('/')[1]! } })
  return (answer as { data: T }).data
}

describe('remixing a Piece (issue 32.1)', () => {
  it('copies the saved code (never the draft) into a new public Piece of the remixer, with the credit as its first history entry', async () => {
    const owner = await newUser()
    const original = await pieceWithCode(owner)
    await updatePiece(owner.id, original.id, { description: 'Counts things', draftData: { currentInput: 'secret draft', exchangeHistory: [] } })
    const remixer = await newUser()

    const remix = await remixPiece(remixer.id, original.name)
    expect(remix.name).toBe(`${original.name}_remix`)
    expect(remix.visibility).toBe('public')
    const own = (await getOwnPiece(remixer.id, remix.id))!
    expect(own.code).toBe(PAGE)
    expect(own.description).toBe('Counts things')
    const draft = readDraft(own.draftData)
    expect(draft.currentInput).toBe('')
    expect(draft.exchangeHistory).toHaveLength(1)
    expect(draft.exchangeHistory[0]!.note).toBe(`Remixed from @${owner.username}/${original.name}`)
    expect(draft.exchangeHistory[0]!.tokensUsed).toBe(0)
    // Issue 37.12: the copy starts its history: a fresh remix has nothing to undo.
    expect(canUndo(draft)).toBe(false)

    // A second remix of the same Piece finds another free name, as onboarding does.
    const again = await remixPiece(remixer.id, original.name)
    expect(again.name).toMatch(new RegExp(`^${original.name.slice(0, 19)}_[0-9a-f]{4}$`))
  })

  it('refuses what cannot be remixed, and leaves nothing behind', async () => {
    const owner = await newUser('plus')
    const remixer = await newUser()
    const before = async () => (await sql<{ n: number }[]>`select count(*)::int as n from pieces where user_id = ${remixer.id}`)[0]!.n
    const empty = await createPiece(owner.id, { name: unique('empty') })
    await expect(remixPiece(remixer.id, empty.name)).rejects.toMatchObject({ kind: 'invalid', message: RemixMessages.nothingToRemix })
    const closed = await pieceWithCode(owner)
    await updatePiece(owner.id, closed.id, { allowRemixes: false })
    await expect(remixPiece(remixer.id, closed.name)).rejects.toMatchObject({ kind: 'forbidden', message: RemixMessages.notAllowed })
    const members = await pieceWithCode(owner)
    await updatePiece(owner.id, members.id, { visibility: 'members' })
    await expect(remixPiece(remixer.id, members.name)).rejects.toMatchObject({ kind: 'forbidden', message: RemixMessages.notPublic })
    const secret = await pieceWithCode(owner)
    await updatePiece(owner.id, secret.id, { visibility: 'private' })
    await expect(remixPiece(remixer.id, secret.name)).rejects.toMatchObject({ kind: 'not-found' })
    await expect(remixPiece(remixer.id, unique('missing'))).rejects.toMatchObject({ kind: 'not-found' })
    expect(await before()).toBe(0)
    expect((await sql`select 1 from piece_remixes where remixer_id = ${remixer.id}`).length).toBe(0)
  })

  it("applies the free tier's Piece limit with its usual message", async () => {
    const owner = await newUser()
    const original = await pieceWithCode(owner)
    const remixer = await newUser()
    for (let index = 0; index < FREE_PIECE_LIMIT; index += 1) await createPiece(remixer.id, { name: unique('mine') })
    await expect(remixPiece(remixer.id, original.name)).rejects.toMatchObject({ kind: 'forbidden', message: PieceMessages.pieceLimit })
    expect((await sql`select 1 from piece_remixes where remixer_id = ${remixer.id}`).length).toBe(0)
  })

  it('a visitor who posts Remix is sent to sign in and lands on a page that asks them to confirm; only their post makes the remix', async () => {
    const owner = await newUser()
    const original = await pieceWithCode(owner)
    const remixPage = `/${original.name}/remix`
    const visitorPost = async () => {
      const posted = await call(remixRoute.action as Handler, 'POST', remixPage, { form: { returnTo: `/${original.name}` } })
      expect(posted.status).toBe(302)
      expect(posted.headers.get('Location')).toBe(`/signin?redirect=${encodeURIComponent(remixPage)}`)
      const cookie = posted.headers.get('Set-Cookie')!
      expect(cookie).toMatch(/Max-Age=900/i)
      return cookie.split(';')[0]!
    }
    const pending = await visitorPost()
    // Onboarding reads it (to send a new account there) without using it up.
    const withCookie = new Request('http://localhost/onboarding', { headers: { Cookie: pending } })
    expect(await pendingRemixOf(withCookie)).toBe(original.name)
    expect(await pendingRemixOf(withCookie)).toBe(original.name)

    const remixer = await newUser()
    const theirs = async () => (await sql<{ name: string }[]>`select name from pieces where user_id = ${remixer.id}`).map((row) => row.name)
    type Page = { offer: { name: string; refusal: string | null }; pending: boolean }
    const landed = await call(remixRoute.loader as Handler, 'GET', remixPage, { cookie: `${remixer.cookie}; ${pending}` })
    expect(landed.status).toBe(200)
    expect(landed.headers.get('Set-Cookie')).toMatch(/^pieces_remix=.*Max-Age=0/i)
    expect(await callData<Page>(remixRoute.loader as Handler, remixPage, remixer.cookie)).toMatchObject({ pending: false, offer: { refusal: null } })
    expect(await theirs()).toEqual([])
    expect(await pendingRemixOf(withCookie)).toBeNull()

    // The same cookie replayed after the server cleared it: nothing pending, nothing made.
    expect(await callData<Page>(remixRoute.loader as Handler, remixPage, `${remixer.cookie}; ${pending}`)).toMatchObject({ pending: false })
    expect(await theirs()).toEqual([])
    // A fresh pending remix opened from another site's link: the page is shown, nothing is made.
    const fresh = await visitorPost()
    const crossSite = await call(remixRoute.loader as Handler, 'GET', remixPage, { cookie: `${remixer.cookie}; ${fresh}`, site: 'cross-site' })
    expect(crossSite.status).toBe(200)
    expect(await theirs()).toEqual([])
    // One past its quarter of an hour is gone too.
    const late = await visitorPost()
    await sql`update pending_remixes set created_at = now() - interval '16 minutes' where used_at is null`
    expect(await callData<Page>(remixRoute.loader as Handler, remixPage, `${remixer.cookie}; ${late}`)).toMatchObject({ pending: false })
    const onTime = await visitorPost()
    expect(await callData<Page>(remixRoute.loader as Handler, remixPage, `${remixer.cookie}; ${onTime}`)).toMatchObject({ pending: true })

    // The person confirms: their post makes the remix and opens it.
    const confirmed = await call(remixRoute.action as Handler, 'POST', remixPage, { cookie: remixer.cookie, form: { returnTo: remixPage } })
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('Location')).toBe(`/pieces/${original.name}_remix`)
    expect(await theirs()).toEqual([`${original.name}_remix`])

    // Without the pending cookie the page only offers the button; a refused post comes back with a toast.
    const offered = await call(remixRoute.loader as Handler, 'GET', `/${original.name}/remix`, { cookie: remixer.cookie })
    expect(offered.status).toBe(200)
    await updatePiece(owner.id, original.id, { allowRemixes: false })
    const refused = await call(remixRoute.action as Handler, 'POST', `/${original.name}/remix`, {
      cookie: remixer.cookie,
      form: { returnTo: `/${original.name}` },
    })
    expect(refused.status).toBe(302)
    expect(refused.headers.get('Location')).toBe(`/${original.name}`)
    expect(refused.headers.get('Set-Cookie')).toContain('pieces_toast=')
  })
})

describe('lineage (issue 32.2)', () => {
  it('records the original, the version copied and when, once; the credit follows a rename and loses its link when the original goes', async () => {
    const owner = await newUser('plus')
    const original = await pieceWithCode(owner)
    const remixer = await newUser()
    const remix = await remixPiece(remixer.id, original.name)
    const recorded = await lineageOf(remix.id)
    expect(recorded).toMatchObject({ owner: owner.username, name: original.name, href: `/${original.name}`, version: codeVersion(PAGE) })

    // The original changes: the lineage still names the version copied.
    await updatePiece(owner.id, original.id, { code: `${PAGE}<!-- v2 -->`, name: `${original.name.slice(0, 20)}_v2` })
    const renamed = `${original.name.slice(0, 20)}_v2`
    expect(await lineageOf(remix.id)).toMatchObject({ name: renamed, href: `/${renamed}`, version: codeVersion(PAGE), copiedAt: recorded!.copiedAt })

    await updatePiece(owner.id, original.id, { visibility: 'private' })
    expect(await lineageOf(remix.id)).toMatchObject({ owner: owner.username, name: original.name, href: null })

    await deletePiece(owner.id, original.id)
    expect(await lineageOf(remix.id)).toMatchObject({ owner: owner.username, name: original.name, href: null, version: codeVersion(PAGE) })
    // The compare view still has the version copied.
    await updatePiece(remixer.id, remix.id, { code: PAGE.replace('Counter', 'Tally') })
    const comparison = await comparisonOf(remixer, remix.name)
    expect(comparison).toMatchObject({ changes: { tooMany: false, added: 1, removed: 1 }, credit: { href: null } })
  })

  it('issue 38.3: migration 0031 gives the versions copied before it the one code version, computed in SQL exactly as in JavaScript', async () => {
    const owner = await newUser()
    // Text of every width: ASCII, characters of two and three UTF-8 bytes, and beyond U+FFFF (two UTF-16 code units).
    const alphabet = ['a', 'Z', '<', '\n', ' ', 'é', '“', '中', '😀', '𝄞']
    const codes = [
      '',
      PAGE,
      'x'.repeat(5000),
      ...Array.from({ length: 20 }, (_, n) => Array.from({ length: n * 7 + 1 }, (_, i) => alphabet[(i * 31 + n * 7) % alphabet.length]).join('')),
    ]
    const ids = await sql<{ id: number }[]>`
      insert into piece_remixes (remixer_id, original_owner, original_name, copied_code, copied_hash)
      select ${owner.id}, 'someone', 'somewhere', code, left(encode(sha256(convert_to(code, 'UTF8')), 'hex'), 16)
      from unnest(${codes}::text[]) as code
      returning id::int as id`
    await sql.begin((tx) => tx.unsafe(readFileSync(path.join(MIGRATIONS_DIR, '0031_one_code_version.sql'), 'utf8')))
    const rows = await sql<{ code: string; hash: string }[]>`
      select copied_code as code, copied_hash as hash from piece_remixes where id = any(${ids.map((row) => row.id)}::bigint[]) order by id`
    expect(rows.map((row) => row.code)).toEqual(codes)
    for (const row of rows) expect(row.hash).toBe(codeVersion(row.code))
  })

  it('counts distinct people, never the owner, and keeps the count when a remix is deleted', async () => {
    const owner = await newUser('plus')
    const original = await pieceWithCode(owner)
    const first = await newUser('plus')
    const second = await newUser('plus')
    await remixPiece(owner.id, original.name)
    const kept = await remixPiece(first.id, original.name)
    await remixPiece(first.id, original.name)
    expect((await remixCounts([original.id])).get(original.id)).toBe(1)
    const gone = await remixPiece(second.id, original.name)
    expect((await remixCounts([original.id])).get(original.id)).toBe(2)
    await deletePiece(second.id, gone.id)
    expect((await remixCounts([original.id])).get(original.id)).toBe(2)
    // The list shows the public remixes that still exist, newest first.
    await updatePiece(first.id, kept.id, { visibility: 'private' })
    const listed = (await publicRemixesOf(original.id)).map((remix) => remix.owner)
    expect(listed).toEqual([first.username, owner.username])
  })
})

describe('views and the gallery orders (issue 32.4)', () => {
  it('counts a view once per visitor per 10 minutes, without a cookie, and never the owner', async () => {
    const owner = await newUser()
    const piece = await pieceWithCode(owner)
    const views = async () => (await sql<{ n: number }[]>`select count(*)::int as n from piece_views where piece_id = ${piece.id}`)[0]!.n
    const open = (ip: string, cookie?: string) => call(piecePage.loader as Handler, 'GET', `/${piece.name}`, { ip, cookie })
    expect((await open('10.0.0.1')).status).toBe(200)
    expect((await open('10.0.0.1')).status).toBe(200)
    expect(await views()).toBe(1)
    await open('10.0.0.2')
    expect(await views()).toBe(2)
    await open('10.0.0.1', owner.cookie)
    expect(await views()).toBe(2)
    // An established account is one visitor wherever it comes from.
    const reader = await established(await newUser())
    await open('10.0.0.1', reader.cookie)
    await open('10.0.0.9', reader.cookie)
    expect(await views()).toBe(3)

    // Ten minutes on, the same visitor counts again; two views at once still count once.
    await sql`update piece_view_marks set counted_at = now() - interval '11 minutes' where piece_id = ${piece.id}`
    const visitor = visitorKey({ userId: null, established: false, clientIp: '10.0.0.1' })
    const counted = await Promise.all([countView(piece.id, visitor), countView(piece.id, visitor)])
    expect(counted.filter(Boolean)).toHaveLength(1)
    expect(await views()).toBe(4)
  })

  it('issue 37.11: a visitor is their address, not the User-Agent they write, nor an account made today', async () => {
    const owner = await newUser()
    const piece = await pieceWithCode(owner)
    const views = async () => (await sql<{ n: number }[]>`select count(*)::int as n from piece_views where piece_id = ${piece.id}`)[0]!.n
    const open = (ip: string, options: { userAgent?: string; cookie?: string } = {}) =>
      call(piecePage.loader as Handler, 'GET', `/${piece.name}`, { ip, ...options })

    // 25 made-up browsers from one address: one view.
    for (let index = 0; index < 25; index += 1)
      expect((await open('203.0.113.7', { userAgent: `Browser/${index}.0 (made up ${unique('ua')})` })).status).toBe(200)
    expect(await views()).toBe(1)
    // Five fresh sign-ups from that address: still that address.
    for (let index = 0; index < 5; index += 1) await open('203.0.113.7', { cookie: (await newUser()).cookie })
    expect(await views()).toBe(1)
    // An IPv6 visitor is their /64, whichever address in it they pick; an IPv4 address written as IPv6 is itself.
    await open('2001:db8:1:2::1')
    await open('2001:db8:1:2:ffff:eeee:dddd:cccc')
    await open('::ffff:203.0.113.7')
    expect(await views()).toBe(2)
    await open('2001:db8:1:3::1')
    expect(await views()).toBe(3)
    expect(addressOf('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64')
  })

  it('orders by trending (remixes above views, decaying with age), by most remixed, and by newest; empty Pieces never show', async () => {
    const owner = await newUser('plus')
    // Seeded one by one, so the newest is the last made.
    const viewed = await pieceWithCode(owner, PAGE, unique('viewed'))
    const remixed = await pieceWithCode(owner, PAGE, unique('remixed'))
    const stale = await pieceWithCode(owner, PAGE, unique('stale'))
    const empty = await createPiece(owner.id, { name: unique('empty') })
    const newest = await pieceWithCode(owner, PAGE, unique('newest'))
    const ours = [viewed.id, remixed.id, stale.id, empty.id, newest.id]
    // Views make `viewed` warm; one remix by someone else outweighs them; `stale` had many remixes long ago.
    await sql`insert into piece_views (piece_id, viewed_at) select ${viewed.id}, now() from generate_series(1, 6)`
    const fan = await established(await newUser('plus'))
    await remixPiece(fan.id, remixed.name)
    for (let index = 0; index < 3; index += 1) {
      const someone = await established(await newUser('plus'))
      await remixPiece(someone.id, stale.name)
    }
    await sql`update piece_remixes set created_at = now() - interval '20 days' where original_id = ${stale.id}`

    const order = async (which: 'trending' | 'remixed' | 'newest') => {
      const ids: number[] = []
      let page = await listPublicPieces({ order: which, limit: 100 })
      ids.push(...page.data.map((piece) => piece.id))
      for (let offset = 100; page.has_more; offset += 100) {
        page = await listPublicPieces({ order: which, limit: 100, offset })
        ids.push(...page.data.map((piece) => piece.id))
      }
      return ids.filter((id) => ours.includes(id))
    }
    expect(await order('trending')).toEqual([remixed.id, viewed.id, stale.id, newest.id])
    expect(await order('remixed')).toEqual([stale.id, remixed.id, newest.id, viewed.id])
    expect(await order('newest')).toEqual([newest.id, stale.id, remixed.id, viewed.id])

    // Cards carry the count and, for a remix, its credit.
    const [card] = (
      await withGalleryExtras({ data: [(await listPublicPieces({ order: 'remixed', limit: 1 })).data[0]!], has_more: false, next_starting_after: null })
    ).data
    expect(card!.remixCount).toBeGreaterThan(0)
  })

  it('issue 37.11: remixes from accounts made to push a Piece, or one person remixing again and again, do not move it', async () => {
    const owner = await newUser('plus')
    const pushed = await pieceWithCode(owner, PAGE, unique('pushed'))
    const liked = await pieceWithCode(owner, PAGE, unique('liked'))
    const ours = [pushed.id, liked.id]
    const order = async (which: 'trending' | 'remixed') =>
      (await listPublicPieces({ order: which, limit: 100 })).data.map((piece) => piece.id).filter((id) => ours.includes(id))
    // Two views of `liked`; five throwaway sign-ups remix `pushed` (its count shows them, the ranking does not).
    await sql`insert into piece_views (piece_id, viewed_at) select ${liked.id}, now() from generate_series(1, 2)`
    for (let index = 0; index < 5; index += 1) await remixPiece((await newUser('plus')).id, pushed.name)
    expect((await remixCounts([pushed.id])).get(pushed.id)).toBe(5)
    expect(await order('trending')).toEqual([liked.id, pushed.id])
    // One established person remixing `liked` three times is one remix: ten views' worth, no more.
    const fan = await established(await newUser('plus'))
    for (let index = 0; index < 3; index += 1) await remixPiece(fan.id, liked.name)
    await sql`insert into piece_views (piece_id, viewed_at) select ${pushed.id}, now() from generate_series(1, 13)`
    expect(await order('trending')).toEqual([pushed.id, liked.id])
    expect(await order('remixed')).toEqual([liked.id, pushed.id])
  })

  it('pages the API in any order without repeats, and refuses an unknown order or position', async () => {
    const get = (query: string) => call(optList.loader as Handler, 'GET', `/api/opt/pieces?${query}`)
    const seen: number[] = []
    let response = await get('order=trending&limit=5')
    for (let round = 0; round < 200; round += 1) {
      const page = (await response.json()) as {
        data: { id: number; remixCount: number; remixedFrom: unknown }[]
        has_more: boolean
        next_starting_after: string | null
      }
      expect(page.data.every((piece) => typeof piece.remixCount === 'number' && 'remixedFrom' in piece)).toBe(true)
      seen.push(...page.data.map((piece) => piece.id))
      if (!page.has_more) break
      response = await get(`order=trending&limit=5&starting_after=${page.next_starting_after}`)
    }
    expect(new Set(seen).size).toBe(seen.length)
    expect((await get('order=best')).status).toBe(400)
    expect((await get('order=remixed&starting_after=2026-01-01')).status).toBe(400)
    expect((await get('order=newest&starting_after=12')).status).toBe(400)
  })
})

describe('compare and download (issues 32.5 and 32.6)', () => {
  it('compares line by line, folding unchanged runs', () => {
    const before = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n')
    const after = before.replace('line 10', 'line ten').replace('line 20', 'line 20\nline 21')
    const compared = compareLines(before, after)
    if (compared.tooMany) throw new Error('a small change is shown')
    const { rows, added, removed } = compared
    expect({ added, removed }).toEqual({ added: 2, removed: 1 })
    expect(rows.filter((row) => row.kind === 'skipped')).toEqual([
      { kind: 'skipped', count: 6 },
      { kind: 'skipped', count: 4 },
    ])
    expect(rows.find((row) => row.kind === 'removed')).toMatchObject({ text: 'line 10', before: 10, after: null })
    expect(rows.find((row) => row.kind === 'added')).toMatchObject({ text: 'line ten', before: null, after: 10 })

    // Issue 37.1: a few hundred changed lines are drawn; past MAX_CHANGED_LINES added plus removed, only the sizes.
    const lines = Array.from({ length: 2000 }, (_, index) => `row ${index}`)
    const changing = (count: number) => lines.map((line, index) => (index % 5 === 0 && index / 5 < count ? `${line}!` : line)).join('\n')
    const within = compareLines(lines.join('\n'), changing(100))
    expect(within).toMatchObject({ tooMany: false, added: 100, removed: 100 })
    const past = compareLines(lines.join('\n'), changing(MAX_CHANGED_LINES / 2 + 1))
    expect(past).toEqual({
      tooMany: true,
      before: { lines: 2000, characters: lines.join('\n').length },
      after: { lines: 2000, characters: lines.join('\n').length + 251 },
    })
  })

  it('says "Too many changes to show" with both sizes for a full-size remix whose every line changed, and answers other requests meanwhile', async () => {
    const owner = await newUser()
    // A Piece as large as one may be (1,000,000 characters), every line of it changed in the remix.
    const page = (tag: string) =>
      Array.from({ length: 40_000 }, (_, index) => `<p class="row">${tag} line ${index}</p>`)
        .join('\n')
        .slice(0, 1_000_000)
    const copied = page('a')
    const original = await pieceWithCode(owner, copied)
    const remixer = await newUser()
    const remix = await remixPiece(remixer.id, original.name)
    const changed = page('b')
    await updatePiece(remixer.id, remix.id, { code: changed })
    const neighbour = await pieceWithCode(owner)

    // The compare and an unrelated page, the page asked while the compare is on its way.
    type Compared = { comparison: { changes: unknown; canDownload: boolean } }
    const finished: string[] = []
    const compare = callData<Compared>(compareRoute.loader as Handler, `/${remix.name}/compare`).then((answer) => {
      finished.push('compare')
      return answer
    })
    const other = call(piecePage.loader as Handler, 'GET', `/${neighbour.name}`).then((answer) => {
      finished.push('page')
      return answer
    })
    const [{ comparison }, neighbourPage] = await Promise.all([compare, other])
    expect(neighbourPage.status).toBe(200)
    expect(finished.sort()).toEqual(['compare', 'page'])
    expect(comparison.changes).toEqual({
      tooMany: true,
      before: { lines: copied.split('\n').length, characters: 1_000_000 },
      after: { lines: changed.split('\n').length, characters: 1_000_000 },
    })
    expect(comparison.canDownload).toBe(true)

    // The pair is drawn once: asked again, it comes from the cache (no new entry), the same answer.
    const kept = cachedComparisons()
    expect((await callData<Compared>(compareRoute.loader as Handler, `/${remix.name}/compare`)).comparison.changes).toEqual(comparison.changes)
    expect(cachedComparisons()).toBe(kept)
    // A new version of the remix is a new pair, drawn again: one changed line is shown line by line.
    await updatePiece(remixer.id, remix.id, { code: copied.replace('a line 20000<', 'b line 20000<') })
    const again = await callData<Compared>(compareRoute.loader as Handler, `/${remix.name}/compare`)
    expect(again.comparison.changes).toMatchObject({ tooMany: false, added: 1, removed: 1 })
    expect(cachedComparisons()).toBe(kept + 1)
  })

  it('downloads one HTML file, with the badge for a free owner only, while its owner allows it', async () => {
    const owner = await newUser()
    const piece = await pieceWithCode(owner)
    const visitor = await downloadOf(null, null, piece.name)
    expect(visitor.filename).toBe(`${piece.name}.html`)
    expect(visitor.html).toContain('<h1>Counter</h1>')
    expect(visitor.html).toMatch(new RegExp(`${piece.name} is powered by Pieces</a>\\s*</body>`))
    await setPlan(owner.id, 'plus')
    expect((await downloadOf(null, null, piece.name)).html).not.toContain('is powered by')
    await updatePiece(owner.id, piece.id, { allowRemixes: false })
    await expect(downloadOf(null, null, piece.name)).rejects.toMatchObject({ kind: 'forbidden', message: RemixMessages.downloadNotAllowed })
    expect((await downloadOf(owner.id, owner.uid, piece.name)).html).toContain('<h1>Counter</h1>')
    await updatePiece(owner.id, piece.id, { visibility: 'private' })
    await expect(downloadOf(null, null, piece.name)).rejects.toMatchObject({ kind: 'not-found' })
  })
})
