import { describe, expect, it } from 'vitest'
import { sql } from '../../app/lib/db.server'
import { saveContactMessage } from '../../app/site/contact.server'
import { joinWaitlist } from '../../app/site/waitlist.server'

describe('contact messages', () => {
  it('stores a message with an optional name', async () => {
    const { id } = await saveContactMessage({ email: 'ada@example.com', message: 'Hello' })
    const [row] = await sql`select name, email, message from contact_messages where id = ${id}`
    expect(row).toEqual({ name: null, email: 'ada@example.com', message: 'Hello' })
  })

  it('refuses a message over 1000 characters at the database too', async () => {
    await expect(saveContactMessage({ email: 'a@b.co', message: 'x'.repeat(1001) })).rejects.toThrow()
  })
})

describe('waitlist', () => {
  it('joins once and reports a repeat in any letter case', async () => {
    const email = `Grace.${Date.now()}@Example.com`
    expect(await joinWaitlist(email)).toBe('joined')
    expect(await joinWaitlist(email.toLowerCase())).toBe('already')
    expect(await joinWaitlist(email.toUpperCase())).toBe('already')
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from waitlist_signups where lower(email) = lower(${email})`
    expect(row?.n).toBe(1)
  })
})
