import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { cookieSecrets } from '~/lib/secrets.server'
import { text } from '~/lib/text'
import { checkVisitorName, DATA_TOKEN_SECONDS } from './constants'
import { DataSpaceSchema, type CheckVisitorNumber, type DataSpace } from './schema'

/**
 * The identity a Piece's frame writes with (issue 39.3). A Piece's frame is cross-site to the
 * page that frames it, so browsers block or partition its cookies: the app page, which knows
 * who the visitor is, signs a short-lived token for one Piece, one space and one visitor and
 * hands it to the frame. The Piece's code can use it, never forge it or change whom it names.
 */
export type DataIdentity = {
  pieceId: number
  space: DataSpace
  /** The server's key for the visitor: `u{id}` for an account, `a{hash}` for an anonymous visitor of this Piece. */
  visitor: string
  /** How records show their writer: `@username`, or `visitor 3f2a`. */
  name: string
  /** The Piece's owner may change or remove any record. */
  owner: boolean
}

const TokenBody = z.strictObject({
  p: z.number().int().positive(),
  s: DataSpaceSchema,
  v: text().min(2).max(80),
  n: text().min(1).max(80),
  o: z.boolean(),
  e: z.number().int(),
})

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`piece-data:${body}`).digest('base64url')

export function issueDataToken(identity: DataIdentity, now = Date.now()): { token: string; expiresAt: number } {
  const expiresAt = Math.floor(now / 1000) + DATA_TOKEN_SECONDS
  const body = Buffer.from(
    JSON.stringify({ p: identity.pieceId, s: identity.space, v: identity.visitor, n: identity.name, o: identity.owner, e: expiresAt }),
  ).toString('base64url')
  return { token: `${body}.${sign(cookieSecrets()[0] ?? '', body)}`, expiresAt }
}

/** The identity a token names, or null for one that is malformed, forged (by any listed secret) or expired. */
export function verifyDataToken(token: string, now = Date.now()): DataIdentity | null {
  const [body = '', signature = '', extra] = token.split('.')
  if (extra !== undefined || !body || !signature) return null
  const given = Buffer.from(signature)
  const genuine = cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, body))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  if (!genuine) return null
  let parsed: z.infer<typeof TokenBody>
  try {
    parsed = TokenBody.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
  } catch {
    return null
  }
  if (parsed.e * 1000 <= now) return null
  return { pieceId: parsed.p, space: parsed.s, visitor: parsed.v, name: parsed.n, owner: parsed.o }
}

/** The long-lived, first-party id of a signed-out browser (a cookie of the app's origin). */
export const newVisitorId = () => randomBytes(16).toString('base64url')

/**
 * A signed-out visitor's key and name for one Piece: stable for that browser and Piece, and
 * not the same across Pieces, so no Piece can follow a visitor to another.
 */
export function anonymousVisitor(visitorId: string, pieceId: number) {
  // The id is 128 random bits kept in an httpOnly cookie, so its hash needs no secret (and
  // survives a rotation of SESSION_SECRET, which would otherwise orphan every visitor's data).
  const hash = createHash('sha256').update(`piece-data-visitor:${pieceId}:${visitorId}`).digest('hex')
  return { visitor: `a${hash.slice(0, 24)}`, name: `visitor ${hash.slice(0, 4)}` }
}

/**
 * Visitor 1 or 2 of a behaviour check's data (issue 39.6): anonymous and never the owner, the
 * same while the owner records the check and when the worker runs it.
 */
export const checkVisitor = (pieceId: number, space: `check:${string}`, visitor: CheckVisitorNumber): DataIdentity => ({
  pieceId,
  space,
  visitor: `check${visitor}`,
  name: checkVisitorName(visitor),
  owner: false,
})
