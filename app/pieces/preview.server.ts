import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { sql } from '../lib/db.server'
import { getEnv } from '../lib/env.server'
import { cookieSecrets } from '../lib/secrets.server'
import { starterDocument } from './starter-document'

/** A preview address stays valid for at least this long after the page that framed it loaded. */
const PREVIEW_LINK_SECONDS = 60 * 60

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`preview:${body}`).digest('base64url')

/**
 * The preview origin's address for a Piece's saved code. The app signs it after checking
 * that the viewer may see the Piece, so the preview origin needs no cookie of the app.
 * The expiry is rounded to the hour so the address (and the browser's cache) stays stable.
 */
export function previewUrl(piece: { id: number; updatedAt: string }, now = Date.now()) {
  const hour = 60 * 60
  const expires = (Math.ceil(now / 1000 / hour) + 1) * hour + (PREVIEW_LINK_SECONDS - hour)
  const version = String(Date.parse(piece.updatedAt))
  const params = new URLSearchParams({ v: version, exp: String(expires), sig: sign(cookieSecrets()[0]!, `${piece.id}.${version}.${expires}`) })
  return `${getEnv().PREVIEW_ORIGIN}/p/${piece.id}?${params}`
}

/** True when `sig` was made by us for this Piece and version and has not expired. */
export function verifyPreviewSignature(
  { pieceId, version, expires, signature }: { pieceId: string; version: string; expires: string; signature: string },
  now = Date.now(),
) {
  if (!/^\d{1,15}$/.test(pieceId) || !/^\d{1,15}$/.test(version) || !/^\d{1,12}$/.test(expires)) return false
  if (Number(expires) * 1000 < now) return false
  const given = Buffer.from(signature)
  return cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, `${pieceId}.${version}.${expires}`))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}

export type PreviewDocument = { bytes: Buffer; etag: string }

/** The HTML the preview origin serves: the saved code, or the starter page for a new Piece. */
export async function loadPreviewDocument(pieceId: number): Promise<PreviewDocument | null> {
  const [row] = await sql<{ name: string; description: string; code: string }[]>`
    select name, description, code from pieces where id = ${pieceId}`
  if (!row) return null
  const bytes = Buffer.from(row.code.trim() ? row.code : starterDocument(row))
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` }
}
