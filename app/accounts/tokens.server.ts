import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from '~/lib/db.server'
import { cookieSecrets, signingSecret } from '~/lib/secrets.server'

export const TOKEN_LIFETIME_SECONDS = 60 * 60

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url')

/** Issues a signed bearer token that expires in an hour and can be revoked. */
export async function issueToken(userId: number, sessionIdHash: string | null = null) {
  const id = randomBytes(18).toString('base64url')
  const expiresAt = Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS
  await sql`
    insert into api_tokens (id, user_id, session_id_hash, expires_at)
    values (${id}, ${userId}, ${sessionIdHash}, to_timestamp(${expiresAt}))`
  const body = `${id}.${expiresAt}`
  return { token: `${body}.${sign(signingSecret(), body)}`, expiresAt }
}

/** The user id behind a valid, unexpired, unrevoked token; null otherwise. */
export async function verifyToken(token: string): Promise<{ userId: number; tokenId: string } | null> {
  const [id, expires, signature] = token.split('.')
  if (!id || !expires || !signature || !/^\d+$/.test(expires)) return null
  const body = `${id}.${expires}`
  const given = Buffer.from(signature)
  const valid = cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, body))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  if (!valid || Number(expires) * 1000 <= Date.now()) return null
  const [row] = await sql<{ userId: number }[]>`
    select user_id::int as "userId" from api_tokens
    where id = ${id} and revoked_at is null and expires_at > now()`
  return row ? { userId: row.userId, tokenId: id } : null
}

export async function revokeToken(tokenId: string) {
  await sql`update api_tokens set revoked_at = now() where id = ${tokenId} and revoked_at is null`
}

/**
 * Revokes every live token of a user, whoever issued it: the user's "sign out my API
 * clients", and the step a password change must take (a token outlives the password that
 * got it otherwise). Returns how many were revoked.
 */
export async function revokeAllTokens(userId: number): Promise<number> {
  const revoked = await sql`
    update api_tokens set revoked_at = now()
    where user_id = ${userId} and revoked_at is null and expires_at > now()`
  return revoked.count
}
