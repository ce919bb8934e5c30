import { sql } from '~/lib/db.server'

/** Adds an email to the waitlist; repeats (in any letter case) are reported, not stored. */
export async function joinWaitlist(email: string): Promise<'joined' | 'already'> {
  const rows = await sql`
    insert into waitlist_signups (email) values (${email})
    on conflict ((lower(email))) do nothing
    returning id`
  return rows.length ? 'joined' : 'already'
}
