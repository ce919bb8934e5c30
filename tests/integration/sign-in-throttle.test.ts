import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { signInWithPassword } from '../../app/accounts/throttle.server'
import { sql } from '../../app/lib/db.server'
import { TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE } from '../../app/lib/messages'
import { action as tokenAction } from '../../app/routes/api/api.public.auth.token'
import { pruneSignInFailures } from '../../jobs/cleanup'

const uniqueEmail = () => `throttle.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
const uniqueIp = () => `198.51.100.${Math.floor(Math.random() * 250)}-${Math.random().toString(36).slice(2, 6)}`

function tokenRequest(email: string, password: string, ip: string) {
  const request = new Request('http://localhost/api/public/auth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const context = { nonce: 'n', rateLimited: false, clientIp: ip } satisfies AppLoadContext
  return tokenAction({ request, context, params: {} }) as Promise<Response>
}

describe('sign-in throttling', () => {
  it('refuses the 41st wrong password in a row from one address with 429, even a right one', async () => {
    const ip = uniqueIp()
    const victim = uniqueEmail()
    await registerWithPassword(victim, 'correct horse battery')
    // 40 failures spread over different emails, so only the per-address rule applies.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const response = await tokenRequest(uniqueEmail(), 'wrong password', ip)
      expect(response.status).toBe(401)
    }
    const refused = await tokenRequest(victim, 'correct horse battery', ip)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ message: TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE })
    // Another address is not affected.
    expect((await tokenRequest(victim, 'correct horse battery', uniqueIp())).status).toBe(201)
  })

  it('locks one account after 10 wrong passwords from anywhere, and a success clears the count', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect(await signInWithPassword(email, 'wrong password', uniqueIp())).toEqual({ ok: false, reason: 'wrong-password' })
    }
    expect((await signInWithPassword(email, 'correct horse battery', uniqueIp())).ok).toBe(true)
    for (let attempt = 0; attempt < 10; attempt += 1) await signInWithPassword(email, 'wrong password', uniqueIp())
    expect(await signInWithPassword(email, 'correct horse battery', uniqueIp())).toEqual({ ok: false, reason: 'locked' })
  })

  it('counts parallel guesses before checking any: of 20 at once, at most 10 are checked, the rest are 429', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    const answers = await Promise.all(Array.from({ length: 20 }, () => tokenRequest(email, 'wrong password', uniqueIp())))
    const statuses = answers.map((response) => response.status)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10)
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)
    expect((await tokenRequest(email, 'correct horse battery', uniqueIp())).status).toBe(429)
  })

  it('ends the lock 15 minutes after the last checked guess: refused ones do not prolong it', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    for (let attempt = 0; attempt < 10; attempt += 1) await signInWithPassword(email, 'wrong password', uniqueIp())
    const lastFailure = async () => (await sql<{ at: Date }[]>`select last_failure_at as at from sign_in_failures where key = ${`account:${email}`}`)[0]!.at
    const lockedAt = await lastFailure()
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect(await signInWithPassword(email, 'wrong password', uniqueIp())).toEqual({ ok: false, reason: 'locked' })
    expect(await lastFailure()).toEqual(lockedAt)
  })

  it('does not let a success clear the address: one own account buys no more guesses at others', async () => {
    const ip = uniqueIp()
    const own = uniqueEmail()
    await registerWithPassword(own, 'correct horse battery')
    for (let attempt = 0; attempt < 39; attempt += 1) expect((await tokenRequest(uniqueEmail(), 'wrong password', ip)).status).toBe(401)
    // The attacker's own account signs in fine, and the address keeps its count.
    expect((await tokenRequest(own, 'correct horse battery', ip)).status).toBe(201)
    expect((await tokenRequest(uniqueEmail(), 'wrong password', ip)).status).toBe(401)
    expect((await tokenRequest(uniqueEmail(), 'wrong password', ip)).status).toBe(429)
    expect((await tokenRequest(own, 'correct horse battery', ip)).status).toBe(429)
  })

  it('lets many people behind one address sign in: a success does not count against it', async () => {
    const ip = uniqueIp()
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    for (let attempt = 0; attempt < 45; attempt += 1) expect((await signInWithPassword(email, 'correct horse battery', ip)).ok).toBe(true)
  })

  it('treats unknown emails like known ones, so the lock reveals nothing', async () => {
    const email = uniqueEmail()
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await signInWithPassword(email, 'whatever', uniqueIp())).toEqual({ ok: false, reason: 'no-account' })
    }
    expect(await signInWithPassword(email, 'whatever', uniqueIp())).toEqual({ ok: false, reason: 'locked' })
  })

  it('forgets failures once the lockout has passed', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    for (let attempt = 0; attempt < 10; attempt += 1) await signInWithPassword(email, 'wrong password', uniqueIp())
    await sql`update sign_in_failures set last_failure_at = now() - interval '16 minutes' where key = ${`account:${email}`}`
    expect((await signInWithPassword(email, 'correct horse battery', uniqueIp())).ok).toBe(true)
    await signInWithPassword(email, 'wrong password', uniqueIp())
    await sql`update sign_in_failures set last_failure_at = now() - interval '16 minutes' where key = ${`account:${email}`}`
    const signInFailures = await pruneSignInFailures()
    expect(signInFailures).toBeGreaterThanOrEqual(1)
    expect(await sql`select 1 from sign_in_failures where key = ${`account:${email}`}`).toHaveLength(0)
  })
})

describe('the sign-in page', () => {
  it('answers the locked account with 429 and the message under the form', async () => {
    const { action } = await import('../../app/routes/signin')
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    const submit = async (password: string) => {
      const request = new Request('http://localhost/signin', { method: 'POST', body: new URLSearchParams({ email, password }) })
      const context = { nonce: 'n', rateLimited: false, clientIp: uniqueIp() } satisfies AppLoadContext
      return (await action({ request, context, params: {} })) as unknown as { init: { status: number }; data: { result: { error: Record<string, string[]> } } }
    }
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await submit('wrong password')).init.status).toBe(401)
    const locked = await submit('correct horse battery')
    expect(locked.init.status).toBe(429)
    expect(JSON.stringify(locked.data.result)).toContain(TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE)
  })
})
