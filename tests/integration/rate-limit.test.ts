import { describe, expect, it } from 'vitest'
import { sql } from '../../app/lib/db.server'
import { pruneRateLimitWindows } from '../../jobs/cleanup'
import { MemoryStore, PostgresStore, tierFor } from '../../server/rate-limit'

describe('rate limit stores', () => {
  it('counts the strict tier across instances through PostgreSQL', async () => {
    const key = `forms:test-${Date.now()}`
    const now = Date.now()
    const webA = new PostgresStore(sql)
    const webB = new PostgresStore(sql)
    expect(await webA.hit(key, now)).toBe(1)
    expect(await webB.hit(key, now)).toBe(2)
    expect(await webA.hit(key, now)).toBe(3)
    expect(await webA.hit(key, now + 60_000)).toBe(1)
  })

  it('starts a new window every minute in memory', async () => {
    const store = new MemoryStore()
    const minute = 60_000 * 1000
    expect(await store.hit('k', minute)).toBe(1)
    expect(await store.hit('k', minute + 59_999)).toBe(2)
    expect(await store.hit('k', minute + 60_000)).toBe(1)
  })

  it('puts sign-in and public form posts in the strict tier', () => {
    expect(tierFor('POST', '/signin')).toBe('forms')
    expect(tierFor('POST', '/contact.data')).toBe('forms')
    expect(tierFor('POST', '/api/public/email-signup')).toBe('forms')
    expect(tierFor('POST', '/settings')).toBe('mutations')
    expect(tierFor('GET', '/signin')).toBe('reads')
  })

  it('cleans up windows older than a day', async () => {
    await sql`insert into rate_limit_hits (bucket, window_start) values ('forms:old', now() - interval '2 days')`
    const rateLimitWindows = await pruneRateLimitWindows()
    expect(rateLimitWindows).toBeGreaterThanOrEqual(1)
    expect(await sql`select 1 from rate_limit_hits where bucket = 'forms:old'`).toHaveLength(0)
  })
})
