import { createHash, createHmac, randomBytes } from 'node:crypto'
import { isIPv6 } from 'node:net'
import { isPlus } from '~/accounts/plan.server'
import type { Sql, TransactionSql } from 'postgres'
import { sql } from '~/lib/db.server'
import { DomainError } from '~/lib/errors'
import { signingSecret } from '~/lib/secrets.server'
import { codeVersion } from './code-version'
import type { DraftData, Exchange } from './draft'
import { insertPiece, NameTaken, type Piece } from './pieces.server'
import { creditText, ESTABLISHED_AFTER_HOURS, remixNameCandidates, RemixMessages, type Credit } from './remixes'
import { normalizeName, PieceMessages } from './schema'
import { requestScreenshot } from './screenshots.server'

type Original = { id: number; name: string; userId: number; owner: string; code: string; description: string; visibility: string; allowRemixes: boolean }

const notFound = () => new DomainError('not-found', PieceMessages.notFound)

/**
 * Why a Piece cannot be remixed by this user, or null when it can. A Piece they may not
 * see is missing, as everywhere; members-only is seen but not remixed.
 */
function refusalOf(original: Original | undefined, userId: number | null): DomainError | null {
  if (!original) return notFound()
  if (original.visibility !== 'public')
    return original.userId === userId || original.visibility === 'members' ? new DomainError('forbidden', RemixMessages.notPublic) : notFound()
  if (!original.allowRemixes) return new DomainError('forbidden', RemixMessages.notAllowed)
  if (!original.code.trim()) return new DomainError('invalid', RemixMessages.nothingToRemix)
  return null
}

/** The original when `userId` may remix it; its refusal thrown otherwise. */
function remixable(original: Original | undefined, userId: number): Original {
  if (!original) throw notFound()
  const refused = refusalOf(original, userId)
  if (refused) throw refused
  return original
}

/** The Piece by that name as a remix reads it; `locked` (in the remix's transaction) holds its saved code until the copy is made. */
async function findOriginal(name: string, db: Sql | TransactionSql = sql, locked = false): Promise<Original | undefined> {
  const [row] = await db<Original[]>`
    select p.id::int as id, p.name, p.user_id::int as "userId", coalesce(u.username, '') as owner, p.code, p.description,
      p.visibility, p.allow_remixes as "allowRemixes"
    from pieces p join users u on u.id = p.user_id
    where p.name = ${normalizeName(name)} ${locked ? db`for share of p` : db``}`
  return row
}

/** Whether this user may remix the Piece by that name now (the Remix button shows only then). */
export async function canRemix(userId: number | null, name: string): Promise<boolean> {
  return refusalOf(await findOriginal(name), userId) === null
}

/** The remix's first history entry: the copied code, said as where it came from, at no cost. */
function remixEntry(original: Original, code: string): Exchange {
  return {
    userMessage: { role: 'user', content: '', attachments: [] },
    assistantMessage: { role: 'assistant', content: code, attachments: [] },
    tokensUsed: 0,
    note: creditText(original),
    // The remix's history starts here: its editor offers no Undo back past the copy.
    start: true,
  }
}

/**
 * Issue 32.1 and 32.2: a new public Piece of the user's own with the original's saved code
 * (what its public page shows, never its draft or stored data), under a free name, and the
 * lineage written once with it: the original, the version copied and when. The free limit
 * applies as to any new Piece. One transaction: a refusal leaves nothing behind.
 */
export async function remixPiece(userId: number, originalName: string): Promise<Piece> {
  remixable(await findOriginal(originalName), userId)
  const plus = await isPlus(sql, userId)
  const piece = await sql.begin(async (tx) => {
    // The version copied is the one saved at this moment: a save waits for the copy.
    const original = remixable(await findOriginal(originalName, tx, true), userId)
    const { code } = original
    const draft: DraftData = { currentInput: '', currentAttachments: [], exchangeHistory: [remixEntry(original, code)], historyIndex: 0 }
    for (const name of remixNameCandidates(original.name, () => randomBytes(2).toString('hex'))) {
      let created: Piece
      try {
        created = await insertPiece(tx, userId, plus, { name, visibility: 'public', code, description: original.description, draft })
      } catch (error) {
        if (error instanceof NameTaken) continue
        throw error
      }
      await tx`
        insert into piece_remixes (remix_id, original_id, remixer_id, original_owner, original_name, copied_code, copied_hash)
        values (${created.id}, ${original.id}, ${userId}, ${original.owner}, ${original.name}, ${code}, ${codeVersion(code)})`
      return created
    }
    throw new DomainError('conflict', RemixMessages.noFreeName)
  })
  await requestScreenshot(piece.id)
  return piece
}

/** What a remix's lineage says, read once for every page that shows it. */
export type Lineage = Credit & { copiedAt: string; version: string }

/**
 * Issue 32.2: where a remix came from. The original's current name and owner with a link
 * while it is public; the names recorded at the time, without a link, once it is deleted
 * or no longer public. Null for a Piece that is not a remix.
 */
export async function lineageOf(pieceId: number): Promise<Lineage | null> {
  const [row] = await sql<
    { owner: string; name: string; currentOwner: string | null; currentName: string | null; visibility: string | null; copiedAt: Date; version: string }[]
  >`
    select r.original_owner as owner, r.original_name as name, ou.username as "currentOwner", o.name as "currentName",
      o.visibility, r.created_at as "copiedAt", r.copied_hash as version
    from piece_remixes r
      left join pieces o on o.id = r.original_id
      left join users ou on ou.id = o.user_id
    where r.remix_id = ${pieceId}`
  if (!row) return null
  return { ...creditOf({ ...row, public: row.visibility === 'public' }), copiedAt: row.copiedAt.toISOString(), version: row.version }
}

/**
 * Issue 32.2: the credit of a remix — the original's current owner and name with a link
 * while it is public (a rename is followed), the names recorded at the time without one once
 * it is deleted or no longer public.
 */
export function creditOf(row: { owner: string; name: string; currentOwner: string | null; currentName: string | null; public: boolean | null }): Credit {
  if (row.public && row.currentName) return { owner: row.currentOwner ?? row.owner, name: row.currentName, href: `/${row.currentName}` }
  return { owner: row.owner, name: row.name, href: null }
}

/** Issue 37.12: the handle of the person who made a Piece, for its page's "by @owner". */
export async function ownerOf(pieceId: number): Promise<string> {
  const [row] = await sql<{ owner: string | null }[]>`select u.username as owner from pieces p join users u on u.id = p.user_id where p.id = ${pieceId}`
  return row?.owner ?? ''
}

/** Issue 32.4: how many people remixed a Piece — distinct accounts, its owner not among them. */
export async function remixCounts(pieceIds: number[]): Promise<Map<number, number>> {
  if (pieceIds.length === 0) return new Map()
  const rows = await sql<{ id: number; count: number }[]>`
    select r.original_id::int as id, count(distinct r.remixer_id)::int as count
    from piece_remixes r join pieces p on p.id = r.original_id
    where r.original_id = any(${pieceIds}) and r.remixer_id <> p.user_id
    group by r.original_id`
  return new Map(rows.map((row) => [row.id, row.count]))
}

export type RemixListItem = { name: string; owner: string; createdAt: string }

/** The public remixes of a Piece, newest first, for its "Remixes" list. */
export async function publicRemixesOf(pieceId: number, limit = 50): Promise<RemixListItem[]> {
  const rows = await sql<{ name: string; owner: string; createdAt: Date }[]>`
    select rp.name, coalesce(ru.username, '') as owner, r.created_at as "createdAt"
    from piece_remixes r join pieces rp on rp.id = r.remix_id join users ru on ru.id = rp.user_id
    where r.original_id = ${pieceId} and rp.visibility = 'public'
    order by r.created_at desc, r.id desc
    limit ${limit}`
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

/** The code a remix copied, for "Compare with the original"; null for a Piece that is not a remix. */
export async function copiedCodeOf(pieceId: number): Promise<string | null> {
  const [row] = await sql<{ code: string }[]>`select copied_code as code from piece_remixes where remix_id = ${pieceId}`
  return row?.code ?? null
}

/**
 * The part of an address a visitor cannot change at will (issue 37.11): an IPv4 address
 * whole; an IPv6 one by its /64 network, since one connection is handed a /64 and may pick
 * any address in it. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is the IPv4 one.
 */
export function addressOf(clientIp: string): string {
  const [, mapped] = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(clientIp) ?? []
  if (mapped !== undefined) return mapped
  if (!isIPv6(clientIp)) return clientIp
  const [head = '', tail = ''] = clientIp.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = clientIp.includes('::') && tail ? tail.split(':') : []
  const groups = clientIp.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * A visitor, as view counting knows them: a keyed hash of what they cannot choose freely —
 * an established account, or else the address they came from (issue 37.11: never the
 * User-Agent, which the client writes, and never a cookie). An account made in the last
 * day counts as its address, so fresh sign-ups cannot multiply one person's views.
 */
export function visitorKey(viewer: { userId: number | null; established: boolean; clientIp: string }): string {
  const who = viewer.userId !== null && viewer.established ? `user:${viewer.userId}` : `addr:${addressOf(viewer.clientIp)}`
  return createHmac('sha256', signingSecret()).update(who).digest('base64url').slice(0, 32)
}

/** Whether this account is old enough for its views and remixes to count as its own (docs/decisions/0052). */
export async function isEstablished(userId: number): Promise<boolean> {
  const [row] = await sql<{ established: boolean }[]>`
    select created_at <= now() - make_interval(hours => ${ESTABLISHED_AFTER_HOURS}) as established from users where id = ${userId}`
  return row?.established ?? false
}

/** Once per visitor per this long. */
export const VIEW_WINDOW_MINUTES = 10

/**
 * Issue 32.4: counts a view of a Piece unless this visitor's last counted view of it is
 * under 10 minutes old. One statement: two views at once still count once.
 */
export async function countView(pieceId: number, visitor: string): Promise<boolean> {
  const rows = await sql`
    with mark as (
      insert into piece_view_marks (piece_id, visitor) values (${pieceId}, ${visitor})
      on conflict (piece_id, visitor) do update set counted_at = now()
        where piece_view_marks.counted_at <= now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})
      returning piece_id
    )
    insert into piece_views (piece_id) select piece_id from mark
    returning piece_id`
  return rows.length > 0
}

/** Hourly: marks past their window and views too old to move the trending order. */
export async function pruneViews() {
  const marks = await sql`delete from piece_view_marks where counted_at <= now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`
  const views = await sql`delete from piece_views where viewed_at < now() - interval '30 days'`
  return marks.count + views.count
}

/** Issue 37.11: how long a visitor's Remix waits for them to sign in. */
export const PENDING_REMIX_MINUTES = 15

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** A visitor pressed Remix: the token their cookie carries, remembered with the Piece's name. */
export async function rememberPendingRemix(name: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await sql`insert into pending_remixes (token_hash, piece_name) values (${tokenHash(token)}, ${normalizeName(name)})`
  return token
}

/**
 * The Piece a pending remix names while it is fresh and unused; `use` marks it used in the
 * same statement, so of two reads at once only one gets the name and a replay gets nothing.
 */
export async function pendingRemixName(token: string, { use }: { use: boolean }): Promise<string | null> {
  const fresh = sql`created_at > now() - make_interval(mins => ${PENDING_REMIX_MINUTES}) and used_at is null`
  const [row] = use
    ? await sql<{ name: string }[]>`
        update pending_remixes set used_at = now() where token_hash = ${tokenHash(token)} and ${fresh} returning piece_name as name`
    : await sql<{ name: string }[]>`select piece_name as name from pending_remixes where token_hash = ${tokenHash(token)} and ${fresh}`
  return row?.name ?? null
}

/** Hourly: pending remixes past their time, used or not. */
export async function prunePendingRemixes() {
  return (await sql`delete from pending_remixes where created_at <= now() - make_interval(mins => ${PENDING_REMIX_MINUTES})`).count
}

/** What the Remix page shows before the copy is made: the Piece, its owner, and why it cannot be remixed when it cannot. */
export async function remixOffer(userId: number, name: string) {
  const original = await findOriginal(name)
  const refusal = refusalOf(original, userId)
  if (!original || (refusal && refusal.kind === 'not-found')) return null
  const [row] = await sql<{ thumbnail: string; screenshot: string }[]>`
    select screenshot_thumbnail as thumbnail, screenshot from pieces where id = ${original.id}`
  return {
    name: original.name,
    owner: original.owner,
    description: original.description,
    image: row?.thumbnail || row?.screenshot || '',
    refusal: refusal?.message ?? null,
  }
}
