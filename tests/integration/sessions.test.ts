import { describe, expect, it } from 'vitest'
import { registerWithPassword, verifyPasswordSignIn } from '../../app/accounts/accounts.server'
import { createSession, destroySession, getOptionalUser, hashSessionId } from '../../app/accounts/session.server'
import { sql } from '../../app/lib/db.server'

const requestWith = (setCookie: string) => new Request('http://localhost/', { headers: { cookie: setCookie.split(';')[0]! } })
const uniqueEmail = () => `user.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`

describe('password accounts', () => {
  it('registers once per email, whatever its case', async () => {
    const email = uniqueEmail()
    const first = await registerWithPassword(email, 'correct horse')
    expect(first.ok).toBe(true)
    expect(await registerWithPassword(email.toUpperCase(), 'another one')).toEqual({ ok: false, reason: 'already-registered' })
  })

  it('tells a wrong password from an unknown email', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse')
    expect((await verifyPasswordSignIn(email, 'correct horse')).ok).toBe(true)
    expect(await verifyPasswordSignIn(email, 'wrong horse')).toEqual({ ok: false, reason: 'wrong-password' })
    expect(await verifyPasswordSignIn(uniqueEmail(), 'correct horse')).toEqual({ ok: false, reason: 'no-account' })
  })

  it('stores an argon2id hash, never the password', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse')
    const [row] = await sql<{ hash: string }[]>`select password_hash as hash from users where email = ${email}`
    expect(row!.hash).toMatch(/^\$argon2id\$/)
    expect(row!.hash).not.toContain('correct horse')
  })
})

describe('sessions', () => {
  it('finds the user from the cookie and forgets them after logout', async () => {
    const email = uniqueEmail()
    const created = await registerWithPassword(email, 'correct horse')
    if (!created.ok) throw new Error('setup failed')
    const cookie = await createSession(created.userId)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const user = await getOptionalUser(requestWith(cookie))
    expect(user?.email).toBe(email)
    const cleared = await destroySession(requestWith(cookie))
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
    expect(await getOptionalUser(requestWith(cookie))).toBeNull()
  })

  it('issues a new session id at every sign-in and keeps only its hash', async () => {
    const created = await registerWithPassword(uniqueEmail(), 'correct horse')
    if (!created.ok) throw new Error('setup failed')
    const a = await createSession(created.userId)
    const b = await createSession(created.userId)
    expect(a).not.toBe(b)
    const rows = await sql<{ id_hash: string }[]>`select id_hash from sessions where user_id = ${created.userId}`
    expect(rows).toHaveLength(2)
    const rawId = decodeURIComponent(a.split(';')[0]!.split('=')[1]!)
    expect(rows.map((row) => row.id_hash)).not.toContain(rawId)
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id_hash))).toBe(true)
    expect(typeof hashSessionId('x')).toBe('string')
  })

  it('ignores expired and idle sessions', async () => {
    const created = await registerWithPassword(uniqueEmail(), 'correct horse')
    if (!created.ok) throw new Error('setup failed')
    const expired = await createSession(created.userId)
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${created.userId}`
    expect(await getOptionalUser(requestWith(expired))).toBeNull()
    const idle = await createSession(created.userId)
    await sql`update sessions set last_seen_at = now() - interval '15 days' where user_id = ${created.userId} and expires_at > now()`
    expect(await getOptionalUser(requestWith(idle))).toBeNull()
  })

  it('ignores a forged cookie', async () => {
    expect(
      await getOptionalUser(new Request('http://localhost/', { headers: { cookie: 'pieces_session=forged-value-that-is-long-enough-0123456789' } })),
    ).toBeNull()
  })

  it('treats a request carrying two session cookies as signed out, whichever is valid', async () => {
    const mine = await registerWithPassword(uniqueEmail(), 'correct horse')
    const theirs = await registerWithPassword(uniqueEmail(), 'correct horse')
    if (!mine.ok || !theirs.ok) throw new Error('setup failed')
    const own = (await createSession(mine.userId)).split(';')[0]!
    const tossed = (await createSession(theirs.userId)).split(';')[0]!
    expect((await getOptionalUser(new Request('http://localhost/', { headers: { cookie: own } })))?.id).toBe(mine.userId)
    for (const header of [`${tossed}; ${own}`, `${own}; theme=dark; ${tossed}`, `${own}; ${own}`]) {
      expect(await getOptionalUser(new Request('http://localhost/', { headers: { cookie: header } }))).toBeNull()
    }
  })
})
