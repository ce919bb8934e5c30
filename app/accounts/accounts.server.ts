import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { sql } from '~/lib/db.server'

/** Hashed once at start, so an unknown email costs as much time as a wrong password. */
const DUMMY_HASH = hash('not-a-real-password-but-a-timing-guard')

/** Our identity-provider id for an account (the spec's `firebaseUid`). */
export const newUid = () => randomBytes(21).toString('base64url')

export async function registerWithPassword(email: string, password: string) {
  const passwordHash = await hash(password)
  const rows = await sql<{ id: number }[]>`
    insert into users (uid, email, password_hash)
    values (${newUid()}, ${email.trim()}, ${passwordHash})
    on conflict ((lower(email))) do nothing
    returning id::int as id`
  return rows[0] ? { ok: true as const, userId: rows[0].id } : { ok: false as const, reason: 'already-registered' as const }
}

export async function verifyPasswordSignIn(email: string, password: string) {
  const [user] = await sql<{ id: number; passwordHash: string | null }[]>`
    select id::int as id, password_hash as "passwordHash" from users where lower(email) = lower(${email.trim()})`
  if (!user) {
    await verify(await DUMMY_HASH, password).catch(() => false)
    return { ok: false as const, reason: 'no-account' as const }
  }
  const valid = user.passwordHash ? await verify(user.passwordHash, password).catch(() => false) : false
  if (!user.passwordHash) await verify(await DUMMY_HASH, password).catch(() => false)
  return valid ? { ok: true as const, userId: user.id } : { ok: false as const, reason: 'wrong-password' as const }
}

export async function userExistsByUid(uid: string) {
  return (await sql`select 1 from users where uid = ${uid}`).length > 0
}
