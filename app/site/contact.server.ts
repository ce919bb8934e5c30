import { sql } from '~/lib/db.server'
import { onlyRow } from '~/lib/rows'

export type NewContactMessage = { name?: string; email: string; message: string; userId?: number | null }

export async function saveContactMessage(input: NewContactMessage) {
  const rows = await sql<{ id: number }[]>`
    insert into contact_messages (name, email, message, user_id)
    values (${input.name ?? null}, ${input.email}, ${input.message}, ${input.userId ?? null})
    returning id::int as id`
  return onlyRow(rows)
}
