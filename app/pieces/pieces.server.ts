import { randomBytes } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { isPlus } from '~/accounts/plan.server'
import { DomainError } from '~/lib/errors'
import { FREE_PIECE_LIMIT } from '~/lib/constants'
import { isUniqueViolation, jsonb, sql } from '~/lib/db.server'
import { onlyRow } from '~/lib/rows'
import { cropImage, decodeDataUrl, processImage, type CropArea } from './images.server'
import {
  DESCRIPTION_MAX,
  normalizeName,
  PIECE_LIST_FIRST_PAGE,
  PIECE_LIST_MAX_PAGE,
  PIECE_VISIBILITIES,
  PieceMessages,
  pieceNameProblem,
  PUBLIC_PIECE_PAGE,
  RESERVED_PIECE_NAMES,
  type PieceChanges,
  type PieceVisibility,
} from './schema'
import { requestScreenshot } from './screenshots.server'
import { isStoredImageUrl, storeImage } from './storage.server'
import { pieceCursor, type PieceCursor } from './cursor'
import { ESTABLISHED_AFTER_HOURS, type GalleryOrder } from './remixes'

/** A Piece as every client sees it (spec 1 §3); `userId` is the owner's identity id. */
export type Piece = {
  id: number
  name: string
  description: string
  icon: string
  screenshot: string
  visibility: PieceVisibility
  userId: string
  updatedAt: string
}

/** Issue 32.3: whether others may remix (and download) a Piece; on by default. Not a field of the spec's list items. */
type Remixable = { allowRemixes: boolean }

/** The owner's view: the saved code, the chat draft, and whether a generation runs. */
export type OwnPiece = Piece & Remixable & { code: string; draftData: Record<string, unknown> | null; generating: boolean }

/** What anyone allowed to see a Piece gets: its code is what the public page renders. */
export type ViewedPiece = Piece & Remixable & { code: string }

/** `next_starting_after` breaks ties between Pieces updated in the same millisecond. */
export type PieceList = { data: Piece[]; has_more: boolean; next_starting_after: string | null }

export type PageRequest = { limit?: number; startingAfter?: PieceCursor | null }

/** The gallery's page: newest first from a cursor, or another order from a position. */
export type GalleryRequest = PageRequest & { order?: GalleryOrder; offset?: number }

/** A generation that has not finished after this long is taken to have died with its worker. */
const GENERATION_STALE_AFTER = '30 minutes'

type PieceRow = Omit<Piece, 'updatedAt'> & { updatedAt: Date }
type OwnPieceRow = PieceRow & Remixable & { code: string; draftData: Record<string, unknown> | null; generating: boolean }

const COLUMNS = sql`
  p.id::int as id, p.name, p.description, p.icon, p.screenshot, p.visibility,
  u.uid as "userId", p.updated_at as "updatedAt"`
const GENERATING = sql`(p.generation_started_at is not null and p.generation_started_at > now() - ${GENERATION_STALE_AFTER}::interval)`
const OWN_COLUMNS = sql`${COLUMNS}, p.allow_remixes as "allowRemixes", p.code, p.draft as "draftData", ${GENERATING} as generating`

const toPiece = ({ updatedAt, ...row }: PieceRow): Piece => ({ ...row, updatedAt: updatedAt.toISOString() })
const toOwnPiece = ({ allowRemixes, code, draftData, generating, ...row }: OwnPieceRow): OwnPiece => ({
  ...toPiece(row),
  allowRemixes,
  code,
  draftData,
  generating,
})

const notFound = () => new DomainError('not-found', PieceMessages.notFound)
/** The unique index on a Piece's name (db/migrations/0007_pieces.sql). */
const NAME_INDEX = 'pieces_name_key'

/** A name another Piece holds; callers that pick names themselves try another. */
export class NameTaken extends DomainError {
  constructor() {
    super('conflict', PieceMessages.nameTaken)
  }
}
const nameTaken = () => new NameTaken()
/**
 * Spec 1 §7 call 23: a new public Piece. Private and members-only need PLUS, and a free
 * account holds at most FREE_PIECE_LIMIT Pieces (403 with requiresSubscription).
 */
export async function createPiece(userId: number, input: { name: string; visibility?: PieceVisibility }): Promise<Piece> {
  const name = validName(input.name)
  const visibility = input.visibility ?? 'public'
  if (!PIECE_VISIBILITIES.includes(visibility)) throw new DomainError('invalid', PieceMessages.visibilityInvalid)
  if (RESERVED_PIECE_NAMES.has(name)) throw nameTaken()
  const plus = await isPlus(sql, userId)
  if (visibility !== 'public' && !plus) throw new DomainError('forbidden', PieceMessages.visibilityNeedsPlus, { requiresSubscription: true })
  return sql.begin((tx) => insertPiece(tx, userId, plus, { name, visibility }))
}

/** What a new Piece starts with besides its name: a remix starts with the code it copied. */
type NewPiece = { name: string; visibility: PieceVisibility; code?: string; description?: string; draft?: Record<string, unknown> }

/**
 * Inserts a Piece inside the caller's transaction, under the free limit: one create at a
 * time per owner (the owner's row is locked), so two at once cannot both squeeze under it.
 */
export async function insertPiece(tx: TransactionSql, userId: number, plus: boolean, piece: NewPiece): Promise<Piece> {
  const [owner] = await tx`select id from users where id = ${userId} for update`
  if (!owner) throw notFound()
  if (!plus && (await countPiecesIn(tx, userId)) >= FREE_PIECE_LIMIT) {
    throw new DomainError('forbidden', PieceMessages.pieceLimit, { requiresSubscription: true })
  }
  const values = {
    name: piece.name,
    visibility: piece.visibility,
    user_id: userId,
    code: piece.code ?? '',
    description: piece.description ?? '',
    draft: piece.draft ? jsonb(tx, piece.draft) : null,
  }
  try {
    // A savepoint, so a taken name leaves the caller's transaction usable (a remix tries another).
    const rows = await tx.savepoint(
      (sp) => sp<PieceRow[]>`
        with inserted as (insert into pieces ${sp(values)} returning *)
        select ${COLUMNS} from inserted p join users u on u.id = p.user_id`,
    )
    return toPiece(onlyRow(rows))
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken()
    throw error
  }
}

/** Onboarding with a prompt (spec 2 §4): 'piece_' and 8 hex characters, up to 10 tries. */
export async function createPieceFromPrompt(userId: number): Promise<Piece> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      return await createPiece(userId, { name: `piece_${randomBytes(4).toString('hex')}` })
    } catch (error) {
      if (!(error instanceof NameTaken)) throw error
    }
  }
  throw new DomainError('conflict', PieceMessages.createFailed)
}

/** Spec 1 §7 calls 19 and 20: the owner's Pieces, most recently updated first. */
export async function listPieces(userId: number, page: PageRequest = {}): Promise<PieceList> {
  const limit = pageSize(page.limit, PIECE_LIST_FIRST_PAGE)
  const rows = await sql<PieceRow[]>`
    select ${COLUMNS} from pieces p join users u on u.id = p.user_id
    where p.user_id = ${userId} ${after(page.startingAfter)}
    order by p.updated_at desc, p.id desc
    limit ${limit + 1}`
  return toList(rows, limit)
}

/**
 * Spec 2 §7 call 17: the gallery, public Pieces with saved code only (issue 32.4: a Piece
 * with nothing to see never fills a card), newest first; or, issue 32.4, by what people
 * build on (`trending`, `remixed`), a page at a time from a position.
 */
export async function listPublicPieces(page: GalleryRequest = {}): Promise<PieceList> {
  const limit = pageSize(page.limit, PUBLIC_PIECE_PAGE)
  const order = page.order ?? 'newest'
  if (order === 'newest') {
    const rows = await sql<PieceRow[]>`
      select ${COLUMNS} from pieces p join users u on u.id = p.user_id
      where p.visibility = 'public' and btrim(p.code) <> '' ${after(page.startingAfter)}
      order by p.updated_at desc, p.id desc
      limit ${limit + 1}`
    return toList(rows, limit)
  }
  const offset = page.offset ?? 0
  const rows = await sql<PieceRow[]>`
    select ${COLUMNS} from pieces p join users u on u.id = p.user_id
      left join lateral (${remixHeat()}) rx on true
      left join lateral (${viewHeat()}) vw on true
    where p.visibility = 'public' and btrim(p.code) <> ''
    order by ${order === 'trending' ? sql`coalesce(vw.heat, 0) + ${REMIX_WEIGHT} * coalesce(rx.heat, 0)` : sql`coalesce(rx.remixers, 0)`} desc,
      p.updated_at desc, p.id desc
    offset ${offset} limit ${limit + 1}`
  const list = toList(rows, limit)
  return { ...list, next_starting_after: list.has_more ? String(offset + limit) : null }
}

/**
 * The trending order (docs/decisions/0048, amended by 0052): each counted view and each
 * person who remixed, other than the owner, adds to a Piece's heat, a remix ten times as
 * much, and every contribution halves every two days; nothing older than 30 days counts.
 * A person counts once (their latest remix), and only from an account that was at least a
 * day old when they remixed: accounts made to push a Piece move it nowhere.
 */
export const REMIX_WEIGHT = 10
const HALF_LIFE_SECONDS = 2 * 24 * 60 * 60
const decay = (age: ReturnType<typeof sql>) => sql`power(0.5, extract(epoch from ${age}) / ${HALF_LIFE_SECONDS})`
const remixHeat = () => sql`
  select count(*) as remixers, sum(${decay(sql`now() - latest`)}) filter (where latest > now() - interval '30 days') as heat
  from (
    select max(r.created_at) as latest
    from piece_remixes r join users ru on ru.id = r.remixer_id
    where r.original_id = p.id and r.remixer_id <> p.user_id
      and ru.created_at <= r.created_at - make_interval(hours => ${ESTABLISHED_AFTER_HOURS})
    group by r.remixer_id
  ) counted`
const viewHeat = () => sql`
  select sum(${decay(sql`now() - v.viewed_at`)}) as heat from piece_views v where v.piece_id = p.id and v.viewed_at > now() - interval '30 days'`

/** Spec 1 §7 call 21: the owner's own Piece by name, or null (also for anyone else's). */
export async function getOwnPieceByName(userId: number, name: string): Promise<OwnPiece | null> {
  const [row] = await sql<OwnPieceRow[]>`
    select ${OWN_COLUMNS} from pieces p join users u on u.id = p.user_id
    where p.name = ${normalizeName(name)} and p.user_id = ${userId}`
  return row ? toOwnPiece(row) : null
}

export async function getOwnPiece(userId: number, pieceId: number): Promise<OwnPiece | null> {
  const [row] = await sql<OwnPieceRow[]>`
    select ${OWN_COLUMNS} from pieces p join users u on u.id = p.user_id
    where p.id = ${pieceId} and p.user_id = ${userId}`
  return row ? toOwnPiece(row) : null
}

/** The caller's own Piece, or the not-found refusal a missing one and someone else's both get. */
export async function requireOwnPiece(userId: number, pieceId: number): Promise<OwnPiece> {
  const piece = await getOwnPiece(userId, pieceId)
  if (!piece) throw notFound()
  return piece
}

/**
 * Spec 1 §7 call 22 and the public page /{name}: public for anyone, members-only for anyone
 * signed in, private for the owner. Anything else is null, exactly like a missing name.
 */
export async function getViewablePieceByName(viewerId: number | null, name: string): Promise<ViewedPiece | null> {
  const [row] = await sql<(PieceRow & Remixable & { code: string })[]>`
    select ${COLUMNS}, p.allow_remixes as "allowRemixes", p.code from pieces p join users u on u.id = p.user_id
    where p.name = ${normalizeName(name)}
      and (p.visibility = 'public' or (p.visibility = 'members' and ${viewerId}::bigint is not null) or p.user_id = ${viewerId}::bigint)`
  if (!row) return null
  const { allowRemixes, code, ...piece } = row
  return { ...toPiece(piece), allowRemixes, code }
}

/**
 * Spec 1 §7 call 24 (and the code and draft save of spec 2 §7 call 12). Only the owner may
 * change a Piece; anyone else gets the 404 of a missing one. Private and members-only need
 * PLUS (403, nothing changes); renaming waits for a running generation (409).
 */
/** An icon that arrives as a file (a form post) rather than a data URL or one of our addresses. */
export type IconUpload = { bytes: Buffer; crop?: CropArea | 'centred-square' }

export async function updatePiece(userId: number, pieceId: number, changes: PieceChanges & { iconUpload?: IconUpload }): Promise<OwnPiece> {
  const name = changes.name === undefined ? undefined : validName(changes.name)
  const description = changes.description?.trim()
  if (description !== undefined && description.length > DESCRIPTION_MAX) throw new DomainError('invalid', PieceMessages.descriptionTooLong)
  if (changes.visibility !== undefined && !PIECE_VISIBILITIES.includes(changes.visibility)) {
    throw new DomainError('invalid', PieceMessages.visibilityInvalid)
  }

  const current = await getOwnPiece(userId, pieceId)
  if (!current) throw notFound()
  const renaming = name !== undefined && name !== current.name
  if (renaming && current.generating) throw new DomainError('conflict', PieceMessages.renameWhileGenerating)
  if (renaming && RESERVED_PIECE_NAMES.has(name)) throw nameTaken()
  const restricting = changes.visibility !== undefined && changes.visibility !== 'public' && changes.visibility !== current.visibility
  if (restricting && !(await isPlus(sql, userId))) {
    throw new DomainError('forbidden', PieceMessages.visibilityNeedsPlus, { requiresSubscription: true })
  }
  // Image work happens after the ownership check and before the row is locked; an image
  // left unused (the update failed after all) is collected by the cleanup job.
  const icon = changes.iconUpload
    ? await storeIconUpload(userId, changes.iconUpload)
    : changes.icon === undefined
      ? undefined
      : await resolveIcon(userId, changes.icon)

  const values: Record<string, unknown> = {}
  if (renaming) values.name = name
  if (description !== undefined) values.description = description
  if (icon !== undefined) values.icon = icon
  if (changes.visibility !== undefined) values.visibility = changes.visibility
  if (changes.allowRemixes !== undefined) values.allow_remixes = changes.allowRemixes
  if (changes.code !== undefined) values.code = changes.code
  if (changes.draftData !== undefined) values.draft = changes.draftData === null ? null : jsonb(sql, changes.draftData)
  // Sending the current name alone changes nothing, so it does not count as an edit.
  if (Object.keys(values).length === 0) return current

  const updated = await sql.begin(async (tx) => {
    const [locked] = await tx<{ generating: boolean }[]>`
      select ${GENERATING} as generating from pieces p where p.id = ${pieceId} and p.user_id = ${userId} for update`
    if (!locked) throw notFound()
    if (renaming && locked.generating) throw new DomainError('conflict', PieceMessages.renameWhileGenerating)
    try {
      await tx`update pieces set ${tx(values)}, updated_at = now() where id = ${pieceId}`
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken()
      throw error
    }
    const rows = await tx<OwnPieceRow[]>`select ${OWN_COLUMNS} from pieces p join users u on u.id = p.user_id where p.id = ${pieceId}`
    return toOwnPiece(onlyRow(rows))
  })
  // New saved code gets a new screenshot, made by a job (issue 12.3).
  if (changes.code !== undefined) await requestScreenshot(pieceId)
  return updated
}

/** Spec 1 §7 call 25: only the owner; anyone else gets the 404 of a missing Piece. */
export async function deletePiece(userId: number, pieceId: number): Promise<void> {
  const rows = await sql`delete from pieces where id = ${pieceId} and user_id = ${userId} returning id`
  if (rows.length === 0) throw notFound()
}

/** Spec 1 §7 call 26: held by any Piece (or a name the app's own pages use). */
export async function isPieceNameTaken(name: string): Promise<boolean> {
  const normalized = normalizeName(name)
  if (RESERVED_PIECE_NAMES.has(normalized)) return true
  const rows = await sql`select 1 from pieces where name = ${normalized}`
  return rows.length > 0
}

export async function countPieces(userId: number): Promise<number> {
  return countPiecesIn(sql, userId)
}

/** Called by the generation pipeline: while on, the Piece cannot be renamed. */
export async function setPieceGenerating(pieceId: number, generating: boolean): Promise<void> {
  await sql`
    update pieces set generation_started_at = ${generating ? sql`now()` : null}
    where id = ${pieceId}`
}

function after(cursor: PieceCursor | null | undefined) {
  if (!cursor) return sql``
  if (cursor.id === null) return sql`and p.updated_at < ${cursor.updatedAt}`
  return sql`and (p.updated_at, p.id) < (${cursor.updatedAt}::timestamptz, ${cursor.id}::bigint)`
}

function toList(rows: PieceRow[], limit: number): PieceList {
  const data = rows.slice(0, limit).map(toPiece)
  const hasMore = rows.length > limit
  const last = data.at(-1)
  return { data, has_more: hasMore, next_starting_after: hasMore && last ? pieceCursor(last) : null }
}

function pageSize(requested: number | undefined, fallback: number) {
  if (requested === undefined || !Number.isInteger(requested)) return fallback
  return Math.min(Math.max(requested, 1), PIECE_LIST_MAX_PAGE)
}

function validName(raw: string) {
  const problem = typeof raw === 'string' ? pieceNameProblem(raw) : 'name must be a string'
  if (problem) throw new DomainError('invalid', problem)
  return normalizeName(raw)
}

async function countPiecesIn(db: Sql | TransactionSql, userId: number) {
  const [row] = await db<{ count: number }[]>`select count(*)::int as count from pieces where user_id = ${userId}`
  return row?.count ?? 0
}

/** '' removes the icon; a data URL is processed and stored; an address of ours is kept. */
async function resolveIcon(userId: number, value: string): Promise<string> {
  if (value === '') return ''
  if (value.startsWith('data:')) return storeImage(userId, await processImage(decodeDataUrl(value)))
  if (await isStoredImageUrl(value)) return value
  throw new DomainError('invalid', PieceMessages.iconInvalid)
}

/**
 * For uploads that arrive as a file rather than a data URL (a plain form post): processed
 * by the rules of spec 1 §5, or cropped when an area (or the centred square) is given.
 * Answers the address to save as the icon.
 */
async function storeIconUpload(userId: number, { bytes, crop }: IconUpload): Promise<string> {
  if (crop === undefined) return storeImage(userId, await processImage(bytes))
  return storeImage(userId, await cropImage(bytes, crop === 'centred-square' ? undefined : crop))
}

/** The fields every client sees, without the owner's code and draft. */
export const toPublicPiece = ({ id, name, description, icon, screenshot, visibility, userId, updatedAt }: Piece): Piece => ({
  id,
  name,
  description,
  icon,
  screenshot,
  visibility,
  userId,
  updatedAt,
})
